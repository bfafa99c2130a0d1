// What the OCR Report, Inventory Report and Linked Documents pages of one aircraft share: their
// titles, the route handle (the top bar shows the aircraft, the file search is scoped to it) and meta.
import type { MetaFunction } from "@remix-run/node";
import type { FileSearchHandle } from "~/components/file-search/file-search";
import type { ShellHandle } from "~/components/shell/handle";

export type ReportKind = "ocr" | "inventory" | "linked";

export const REPORT_TITLE: Record<ReportKind, string> = {
  ocr: "OCR Report",
  inventory: "Inventory Report",
  linked: "Linked Documents",
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
