// The standard records index of an aircraft (issue 17 item 4, ADR 040): the top-level folders every
// aircraft's records are expected to have, and the completeness rule the Inventory Report, its Excel
// and its PDF all use. Browser-safe (no zod, no Node): the upstream computes the report with it and
// the pages may show the index without a call.
//
// A folder matches an entry by its name without the leading number ("01 Certificates" →
// "certificates"), case-insensitively, spaces and dashes folded. A helicopter's eighth entry is
// Dynamic Components instead of Landing Gear. "12 Weight and Balance" is a folder the demo seed
// files, but it is not part of the index (the issue names eleven entries): it shows in the folder
// table like any other folder and counts for nothing in the check.

export type AircraftKind = "aircraft" | "helicopter";

export interface IndexEntry {
  /** Stable key (exports, tests). */
  key: string;
  /** The label shown and printed. */
  label: string;
}

const COMMON_BEFORE: IndexEntry[] = [
  { key: "certificates", label: "Certificates" },
  { key: "maintenance-programme", label: "Maintenance Programme" },
  { key: "ad-status", label: "AD Status" },
  { key: "sb-status", label: "SB Status" },
  { key: "llp-back-to-birth", label: "LLP Back-to-Birth" },
  { key: "engine-records", label: "Engine Records" },
  { key: "apu", label: "APU" },
];
const COMMON_AFTER: IndexEntry[] = [
  { key: "component-records", label: "Component Records" },
  { key: "delivery-documents", label: "Delivery Documents" },
  { key: "damage-charts", label: "Damage Charts" },
];
const LANDING_GEAR: IndexEntry = { key: "landing-gear", label: "Landing Gear" };
const DYNAMIC_COMPONENTS: IndexEntry = { key: "dynamic-components", label: "Dynamic Components" };

/** Entries of the index for an aircraft of this kind, in the index's order (always 11). */
export function recordsIndex(kind: AircraftKind): IndexEntry[] {
  return [...COMMON_BEFORE, kind === "helicopter" ? DYNAMIC_COMPONENTS : LANDING_GEAR, ...COMMON_AFTER];
}

export const RECORDS_INDEX_SIZE = 11;

/** "01 Certificates" → "certificates"; "LLP Back to Birth" and "llp back-to-birth" → "llp back to birth". */
export function indexName(folderName: string): string {
  return folderName
    .trim()
    .replace(/^\d+[\s._)-]*/, "")
    .toLowerCase()
    .replace(/[\s_-]+/g, " ")
    .trim();
}

export type Completeness = "present" | "empty" | "missing";

export interface TopFolderCount {
  /** The top-level folder's name, e.g. "01 Certificates". */
  name: string;
  /** Files in it and in its subfolders. */
  files: number;
}

export interface CompletenessRow extends IndexEntry {
  status: Completeness;
  /** The matching folders' names (several if, say, "06 Engine Records" and "Engine Records" both exist). */
  folders: string[];
  files: number;
}

/**
 * Each index entry against the aircraft's top-level folders: present (a matching folder holds at
 * least one file, in it or below it), empty (matching folders exist but hold no file), missing (none).
 */
export function completeness(kind: AircraftKind, topFolders: TopFolderCount[]): CompletenessRow[] {
  return recordsIndex(kind).map((entry) => {
    const want = indexName(entry.label);
    const hits = topFolders.filter((f) => indexName(f.name) === want);
    const files = hits.reduce((n, f) => n + f.files, 0);
    const status: Completeness = hits.length === 0 ? "missing" : files > 0 ? "present" : "empty";
    return { ...entry, status, folders: hits.map((f) => f.name), files };
  });
}

export const COMPLETENESS_LABEL: Record<Completeness, string> = {
  present: "Present",
  empty: "Empty",
  missing: "Missing",
};

/** "9 of 11 present" counts. */
export function completenessSummary(rows: CompletenessRow[]) {
  return {
    present: rows.filter((r) => r.status === "present").length,
    empty: rows.filter((r) => r.status === "empty").length,
    missing: rows.filter((r) => r.status === "missing").length,
    total: rows.length,
  };
}

/**
 * The record folder classes a retention rule can be set for (issue 19 item 3, ADR 042): every entry
 * of the index of either kind (Landing Gear for aircraft, Dynamic Components for helicopters).
 */
export const RECORD_CLASSES: IndexEntry[] = [...COMMON_BEFORE, LANDING_GEAR, DYNAMIC_COMPONENTS, ...COMMON_AFTER];

/** The class of an item by its top-level folder ("/01 Certificates/C of A.pdf" → "certificates"), or null. */
export function recordClassOf(path: string): IndexEntry | null {
  const top = path.split("/").filter(Boolean)[0];
  if (!top) return null;
  const want = indexName(top);
  return RECORD_CLASSES.find((e) => indexName(e.label) === want) ?? null;
}
