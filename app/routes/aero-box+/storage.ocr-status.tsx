// /aero-box/storage/ocr-status (spec 000 §2 "OCR Status", issue 17): text extraction across every
// aircraft the user may see: totals, each aircraft's counts with a link to its OCR Report, failed
// and low-confidence files with re-run forms, and a Refresh link (with a script the figures refresh
// themselves while jobs run: app/plain/widgets/live.ts).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import type { FileSearchHandle } from "~/components/file-search/file-search";
import { ProblemFiles, RefreshLink, RerunButton, StatusCounts } from "~/components/ocr-report/ocr-report";
import * as s from "~/components/ocr-report/ocr-report.css";
import * as ui from "~/components/ui/ui.css";
import { ocrRerunAction, ocrStatusLoader } from "~/models/ocr.server";
import { formatBytes } from "~/models/size";
import { dateTimeUtc } from "~/utils/dates";

export const handle: FileSearchHandle = { fileSearch: true };

export const meta: MetaFunction = () => [{ title: "OCR Status · AeroBOX · AeroRecords" }];

export const loader = (args: LoaderFunctionArgs) => ocrStatusLoader(args);
export const action = (args: ActionFunctionArgs) => ocrRerunAction(args);

export default function AeroBoxOcrStatusRoute() {
  const { status } = useLoaderData<typeof loader>();
  const location = useLocation();
  const busy = status.jobs.queued + status.jobs.running > 0;
  const fileRerun = new Map(status.aircraft.map((a) => [a.id, a.can_rerun_file]));
  return (
    <section data-plain="live">
      <header className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>OCR Status</h1>
          <p className={ui.pageLead}>Text extraction and OCR of the records of every aircraft you have access to.</p>
        </div>
      </header>
      <div className={ui.card} data-live-region="totals">
        <StatusCounts counts={status.totals} />
        <RefreshLink href={location.pathname} generatedAt={status.generated_at} busy={busy} />
      </div>
      <div className={s.section} data-live-region="aircraft">
        <div className={s.sectionHead}>
          <h2 className={s.sectionTitle}>Aircraft</h2>
        </div>
        {status.aircraft.length ? (
          <div className={ui.tableWrap}>
            <table className={ui.table} aria-label="OCR status by aircraft">
              <thead>
                <tr>
                  <th scope="col">Aircraft</th>
                  <th scope="col">Organization</th>
                  <th scope="col">Done</th>
                  <th scope="col">To process</th>
                  <th scope="col">Failed</th>
                  <th scope="col">No text</th>
                  <th scope="col">Files</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {status.aircraft.map((a) => (
                  <tr key={a.id} data-aircraft-id={a.id}>
                    <td>
                      <Link to={`/storage/OCRReport/${a.id}`}>{a.name}</Link>
                      <div className={s.small}>
                        MSN {a.msn}
                        {a.registration ? ` · ${a.registration}` : ""}
                      </div>
                    </td>
                    <td>{a.organization}</td>
                    <td>{a.counts.done}</td>
                    <td>{a.counts.pending + a.counts.processing}</td>
                    <td>{a.counts.failed}</td>
                    <td>{a.counts.no_text}</td>
                    <td>{a.counts.total}</td>
                    <td>{a.can_rerun ? <RerunButton aircraftId={a.id} label="Re-run" /> : null}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className={ui.muted}>You have no aircraft yet.</p>
        )}
      </div>
      <div className={s.section} data-live-region="problems">
        <div className={s.sectionHead}>
          <h2 className={s.sectionTitle}>Failed and low-confidence files</h2>
        </div>
        <ProblemFiles files={status.problems} showAircraft canRerunFile={(id) => fileRerun.get(id) === true} />
      </div>
      {status.housekeeping ? <Housekeeping h={status.housekeeping} /> : null}
    </section>
  );
}

/** Staff only: what the background housekeeping did (unfiled uploads removed, jobs recovered). */
function Housekeeping({ h }: { h: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["status"]["housekeeping"]> }) {
  return (
    <div className={s.section} data-live-region="housekeeping">
      <div className={s.sectionHead}>
        <h2 className={s.sectionTitle}>Housekeeping</h2>
      </div>
      <div className={ui.tableWrap}>
        <table className={ui.table} aria-label="Housekeeping">
          <tbody>
            <tr>
              <th scope="row">Unfiled uploads removed</th>
              <td>
                {h.orphan_files} {h.orphan_files === 1 ? "file" : "files"} ({formatBytes(h.orphan_bytes)})
                <div className={s.small}>Files sent to the store whose upload was never finished, removed after their grace period. Last check: {h.last_sweep_at ? dateTimeUtc(h.last_sweep_at) : "not yet"}.</div>
              </td>
            </tr>
            <tr>
              <th scope="row">Uploads in their grace period</th>
              <td>{h.open_uploads}</td>
            </tr>
            <tr>
              <th scope="row">Jobs resumed after a worker stopped</th>
              <td>{h.released_jobs}</td>
            </tr>
            <tr>
              <th scope="row">Jobs quarantined</th>
              <td>
                {h.quarantined_jobs}
                <div className={s.small}>Jobs whose worker stopped twice while running them; their files are listed above as failed.</div>
              </td>
            </tr>
          </tbody>
        </table>
      </div>
    </div>
  );
}
