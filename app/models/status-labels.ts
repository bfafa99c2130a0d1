// One label per status (ADR 089): each kind of status the portal shows has one map from the API's
// value to the words every screen uses, sentence case ("In progress", not "in progress" on one
// screen and "In Progress" on another). Browser-safe: plain data, imported by pages and components.
// The maps of the OCR text status and records completeness live beside their rules (ocr-rules.ts,
// records-index.ts) and are read here for the full set; consultant-rules.ts re-exports the approval map.
import { TEXT_STATUS_LABEL } from "./ocr-rules";
import { COMPLETENESS_LABEL } from "./records-index";

/** An aircraft's status (spec 001 §1: GROUNDED, IN OPERATION, IN TRANSITION). */
export const AIRCRAFT_STATUS_LABEL = { GROUNDED: "Grounded", "IN OPERATION": "In operation", "IN TRANSITION": "In transition" } as const;

/** A work order's status (the ops API's lower-case values). */
export const WORK_ORDER_STATUS_LABEL = { open: "Open", "in progress": "In progress", closed: "Closed", cancelled: "Cancelled" } as const;

/** A work-order task's status. */
export const TASK_STATUS_LABEL = { open: "Open", "in progress": "In progress", done: "Done", deferred: "Deferred" } as const;

/** A background job's status (search re-index jobs). */
export const JOB_STATUS_LABEL = { queued: "Queued", running: "Running", done: "Done", failed: "Failed" } as const;

/** A consultant's approval (spec 000 §3). */
export const APPROVAL_LABEL = { verified: "Verified", disapproved: "Disapproved", undecided: "Undecided" } as const;

/** An issue report's status. */
export const ISSUE_STATUS_LABEL = { open: "Open", closed: "Closed" } as const;

/** An account's status (users.active). */
export const ACCOUNT_STATUS_LABEL = { active: "Active", deactivated: "Deactivated" } as const;

/** The label of a value in a map, or the value as it came when the map does not know it. */
export function statusLabel<M extends Record<string, string>>(map: M, value: string | null | undefined): string {
  if (!value) return "";
  return (map as Record<string, string>)[value] ?? (map as Record<string, string>)[value.toLowerCase()] ?? value;
}

const MAPS: Record<string, string>[] = [
  AIRCRAFT_STATUS_LABEL,
  WORK_ORDER_STATUS_LABEL,
  TASK_STATUS_LABEL,
  JOB_STATUS_LABEL,
  ISSUE_STATUS_LABEL,
  ACCOUNT_STATUS_LABEL,
  TEXT_STATUS_LABEL,
  APPROVAL_LABEL,
  COMPLETENESS_LABEL,
];

/** Every status label (what a Status cell or badge may say). */
export const ALL_STATUS_LABELS: ReadonlySet<string> = new Set(MAPS.flatMap((m) => Object.values(m)));
