// Contract of the records-recovery endpoints of the main API (issue 19 items 1-3, ADR 042;
// docs/api/storage.md "Versions, trash, retention"): file versions, the aircraft's trash, retention
// rules per record folder class and legal holds. Shared by the upstream and the portal's model.
import { z } from "zod";
import { optionalQueryId, pageField } from "./storage";

const id = (label: string) =>
  z.coerce
    .number({ invalid_type_error: `${label} must be a number.`, required_error: `${label} is required.` })
    .int(`${label} must be a whole number.`)
    .positive(`${label} must be positive.`);

export const TRASH_PER_PAGE = 50;
export const LEGAL_HOLD_REASON_MAX = 300;
export const RETENTION_YEARS_MAX = 100;

// ---- versions ---------------------------------------------------------------------------------

export const FileVersion = z.object({
  /** null: the current version (downloaded like any file). */
  id: z.number().int().nullable(),
  number: z.number().int(),
  current: z.boolean(),
  size: z.number().int(),
  content_type: z.string().nullable(),
  filed_by: z.string().nullable(),
  filed_at: z.string(),
  replaced_by: z.string().nullable(),
  replaced_at: z.string().nullable(),
});

export const VersionsAnswer = z.object({
  file: z.object({ id: z.number().int(), name: z.string(), path: z.string(), size: z.number().int(), updated_at: z.string() }),
  /** Newest first; the first is the current one. */
  versions: z.array(FileVersion),
});

export const VersionDownloadAnswer = z.object({ url: z.string(), name: z.string(), size: z.number().int() });

export const RestoreVersionInput = z.object({ aircraft_id: id("aircraft_id"), file_id: id("file_id"), version_id: id("version_id") });
export const RestoreVersionAnswer = z.object({ message: z.string(), file: z.object({ id: z.number().int(), name: z.string(), path: z.string(), size: z.number().int() }) });

// ---- trash ------------------------------------------------------------------------------------

export const TrashEntry = z.object({
  id: z.number().int(),
  item_id: z.number().int(),
  name: z.string(),
  path: z.string(),
  resourcetype: z.enum(["collection", "file"]),
  files: z.number().int(),
  folders: z.number().int(),
  bytes: z.number().int(),
  deleted_by: z.string().nullable(),
  deleted_at: z.string(),
  /** When the trash job empties it (deleted_at + the retention period). */
  expires_at: z.string(),
  /** Why the job kept it past that date (legal hold, retention rule), or null. */
  kept_reason: z.string().nullable(),
});

export const TrashAnswer = z.object({
  entries: z.array(TrashEntry),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  retention_days: z.number().int(),
  legal_hold: z.object({ reason: z.string(), placed_at: z.string() }).nullable(),
});

export const TrashRestoreInput = z.object({ aircraft_id: id("aircraft_id"), entry_id: id("entry_id") });
export const TrashRestoreAnswer = z.object({
  message: z.string(),
  /** Where it went back to (its old path, or beside a same-named item with a suffix). */
  path: z.string(),
  renamed: z.boolean(),
  item_id: z.number().int(),
});

// ---- retention and legal holds ------------------------------------------------------------------

export const RetentionClass = z.object({
  key: z.string(),
  label: z.string(),
  keep: z.enum(["none", "life", "years"]),
  years: z.number().int().nullable(),
  updated_by: z.string().nullable(),
  updated_at: z.string().nullable(),
});

export const LegalHold = z.object({
  aircraft_id: z.number().int(),
  aircraft_name: z.string(),
  msn: z.string(),
  organization: z.string(),
  reason: z.string(),
  placed_by: z.string().nullable(),
  placed_at: z.string(),
});

export const RetentionAnswer = z.object({ classes: z.array(RetentionClass), holds: z.array(LegalHold), trash_retention_days: z.number().int() });

export const RetentionInput = z
  .object({
    class_key: z.string({ required_error: "Choose a record folder class." }).min(1, "Choose a record folder class.").max(100),
    keep: z.enum(["none", "life", "years"], { errorMap: () => ({ message: "Choose how long to keep it: no rule, the life of the aircraft, or a number of years." }) }),
    years: z.coerce.number({ invalid_type_error: "Years must be a number." }).int("Years must be a whole number.").min(1, "Keep for at least 1 year.").max(RETENTION_YEARS_MAX, `Keep for at most ${RETENTION_YEARS_MAX} years.`).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.keep === "years" && v.years == null) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["years"], message: "Enter the number of years." });
  });

export const LegalHoldInput = z.object({
  aircraft_id: id("aircraft_id"),
  reason: z.string({ required_error: "Enter the reason for the hold." }).trim().min(1, "Enter the reason for the hold.").max(LEGAL_HOLD_REASON_MAX, `At most ${LEGAL_HOLD_REASON_MAX} characters.`),
});
export const LegalHoldRemoveInput = z.object({ aircraft_id: id("aircraft_id") });

// Queries and plain answers (shared with the OpenAPI document).
export const VersionsQuery = z.object({ fileid: optionalQueryId("fileid"), download: optionalQueryId("download") });
export const TrashQuery = z.object({ page: pageField, per_page: z.coerce.number().int().min(1).max(200).default(TRASH_PER_PAGE) });
export const RecordsMessage = z.object({ message: z.string() });
