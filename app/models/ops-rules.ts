// AeroOPS rules shared by the server and the browser (no .server imports here): the module variants
// and the aircraft statuses the fleet pages filter by (spec 001 §1, §3).
/** The types a tab's column may have (the oil tabs' extra Watch/Unwatch column is not one to choose). */
export const COLUMN_TYPES = ["text", "number", "date", "select"] as const;

/** A tab's spreadsheet import: the largest file, and the most data rows by default (SHEET_MAX_ROWS; ADR 067). */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_MAX_ROWS = 200_000;

export const OPS_STATUSES = ["GROUNDED", "IN OPERATION", "IN TRANSITION"] as const;
export type OpsStatus = (typeof OPS_STATUSES)[number];

/** "Airbus A320-200": manufacturer and model, once when the model already names its maker ("ATR 72-600"). */
export function aircraftType(manufacturer: string | null | undefined, model: string | null | undefined): string {
  const m = (model ?? "").trim();
  const maker = (manufacturer ?? "").trim();
  if (maker && m.toLowerCase().startsWith(`${maker.toLowerCase()} `)) return m;
  return [maker, m].filter(Boolean).join(" ");
}

/** The `module` query values and their labels: airworthiness is AeroCAMO, transition AeroSORT, maintenance AeroMRO. */
export const MODULE_LABELS: Record<string, string> = { airworthiness: "AeroCAMO", transition: "AeroSORT", maintenance: "AeroMRO" };


/** Tabs grouped by group_name, groups in the order they first come (tabs arrive in tab_position order). */
export function groupTabs<T extends { group_name: string }, U>(tabs: T[], entry: (t: T) => U): { name: string; tabs: U[] }[] {
  const groups: { name: string; tabs: U[] }[] = [];
  for (const t of tabs) {
    const name = t.group_name || "Tabs";
    let g = groups.find((x) => x.name === name);
    if (!g) groups.push((g = { name, tabs: [] }));
    g.tabs.push(entry(t));
  }
  return groups;
}
