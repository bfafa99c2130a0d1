// The OCR Report, Inventory Report and Linked Documents pages of one aircraft. The reports are built by
// a later part of the product; until then each page shows the aircraft it is about and says plainly
// that the report has not been generated for it yet, with the way back to its records.
import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import type { FileSearchHandle } from "~/components/file-search/file-search";
import { ReportIcon } from "~/components/icons/report";
import type { ShellHandle } from "~/components/shell/handle";
import * as ui from "~/components/ui/ui.css";
import { ACCESS_LABEL, type AccessLevel } from "~/models/roles";
import { filesHref } from "~/models/storage-links";

export type ReportKind = "ocr" | "inventory" | "linked";

export const REPORT_TITLE: Record<ReportKind, string> = {
  ocr: "OCR Report",
  inventory: "Inventory Report",
  linked: "Linked Documents",
};

const NOT_YET: Record<ReportKind, string> = {
  ocr: "The OCR report has not been generated for this aircraft yet.",
  inventory: "The inventory report has not been generated for this aircraft yet.",
  linked: "The linked documents have not been generated for this aircraft yet.",
};

const WHAT: Record<ReportKind, string> = {
  ocr: "It lists the text recognised in each scanned record, so that scans can be searched and checked.",
  inventory: "It lists the records held for this aircraft, folder by folder, with their counts and sizes.",
  linked: "It links each record to the documents it refers to.",
};

export interface ReportAircraft {
  id: number;
  name: string;
  msn: string;
  registration: string;
  status: string;
  organization: { name: string };
}

/** The route handle shared by the three report pages: the top bar shows the aircraft, the file search is scoped to it. */
export const reportHandle: ShellHandle & FileSearchHandle = {
  topBar: ({ data }) => {
    const d = data as { aircraft: ReportAircraft } | undefined;
    return d ? { msn: d.aircraft.msn, registration: d.aircraft.registration } : null;
  },
  fileSearch: ({ data }) => {
    const d = data as { aircraft: ReportAircraft } | undefined;
    return d ? { aircraftId: d.aircraft.id } : {};
  },
};

/** The page title of a report page: "OCR Report · {aircraft} · AeroRecords". */
export const reportMeta =
  (kind: ReportKind): MetaFunction =>
  ({ data }) => {
    const d = data as { aircraft: ReportAircraft } | undefined;
    return [{ title: `${REPORT_TITLE[kind]}${d ? ` · ${d.aircraft.name}` : ""} · AeroRecords` }];
  };

export function ReportPending({ kind, aircraft, access }: { kind: ReportKind; aircraft: ReportAircraft; access: AccessLevel }) {
  return (
    <section>
      <header className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>{REPORT_TITLE[kind]}</h1>
          <p className={ui.pageLead}>
            {aircraft.name}
            {aircraft.registration ? ` · ${aircraft.registration}` : ""}
          </p>
        </div>
        <Link to={filesHref(aircraft.id)} className={ui.button.secondary}>
          Open records
        </Link>
      </header>
      <div className={ui.card}>
        <dl className={ui.dl} style={{ marginBottom: 24 }}>
          <dt>Aircraft</dt>
          <dd>{aircraft.name}</dd>
          <dt>MSN</dt>
          <dd>{aircraft.msn}</dd>
          <dt>Registration</dt>
          <dd>{aircraft.registration || "—"}</dd>
          <dt>Organization</dt>
          <dd>{aircraft.organization.name}</dd>
          <dt>Your access</dt>
          <dd>{ACCESS_LABEL[access]}</dd>
        </dl>
        <div className={ui.alert.info} role="status" data-report-status="not-generated">
          <ReportIcon size={18} />
          <span>
            <strong>{NOT_YET[kind]}</strong> {WHAT[kind]}
          </span>
        </div>
      </div>
    </section>
  );
}
