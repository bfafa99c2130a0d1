// /storage/OCRReport/{aircraftId} (spec 000 §2 "Storage", issue 17): the aircraft's OCR report:
// counts by text-extraction status, folders with files still to process, failed and low-confidence
// files, re-run forms (one file: Edit Access; the aircraft: Super User or staff; the upstream
// decides and its refusal is shown) and a Refresh link (with a script the figures refresh themselves
// while jobs run: app/plain/widgets/live.ts).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { reportHandle, reportMeta } from "~/components/aircraft-cards/report-page";
import { PendingFolders, ProblemFiles, RefreshLink, RerunButton, StatusCounts } from "~/components/ocr-report/ocr-report";
import * as s from "~/components/ocr-report/ocr-report.css";
import * as ui from "~/components/ui/ui.css";
import { ocrReportLoader, ocrRerunAction } from "~/models/ocr.server";
import { ACCESS_LABEL } from "~/models/roles";
import { filesHref } from "~/models/storage-links";

export const handle = reportHandle;

export const meta = reportMeta("ocr");

export async function loader(args: LoaderFunctionArgs) {
  return ocrReportLoader(args);
}

export async function action(args: ActionFunctionArgs) {
  return ocrRerunAction(args);
}

export default function StorageOCRReportRoute() {
  const { aircraft, access, report } = useLoaderData<typeof loader>();
  const location = useLocation();
  const busy = report.jobs.queued + report.jobs.running > 0;
  return (
    <section data-plain="live">
      <header className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>OCR Report</h1>
          <p className={ui.pageLead}>
            {aircraft.name}
            {aircraft.registration ? ` · ${aircraft.registration}` : ""} · {ACCESS_LABEL[access]}
          </p>
        </div>
        <div className={ui.row}>
          {report.can_rerun ? <RerunButton aircraftId={aircraft.id} label="Re-run all files" /> : null}
          <a href={filesHref(aircraft.id)} className={ui.button.secondary}>
            Open records
          </a>
        </div>
      </header>
      <div className={ui.card} data-report-status="generated" data-live-region="status">
        <StatusCounts counts={report.counts} />
        <RefreshLink href={location.pathname} generatedAt={report.generated_at} busy={busy} />
        <p className={s.small}>
          {report.pages.toLocaleString("en-US")} pages read. Text comes from each PDF's text layer, and from OCR for images and scanned pages; it makes the
          documents searchable from the file search.
          {report.can_rerun ? null : " Re-running the whole aircraft needs Super User access."}
        </p>
      </div>
      <div className={s.section} data-live-region="problems">
        <div className={s.sectionHead}>
          <h2 className={s.sectionTitle}>Failed and low-confidence files</h2>
        </div>
        <ProblemFiles files={report.problems} canRerunFile={() => report.can_rerun_file} />
      </div>
      <div className={s.section} data-live-region="folders">
        <div className={s.sectionHead}>
          <h2 className={s.sectionTitle}>Folders with files still to process</h2>
        </div>
        <PendingFolders folders={report.pending_folders} aircraftId={aircraft.id} />
      </div>
    </section>
  );
}
