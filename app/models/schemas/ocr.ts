// Contract of the main API's text-extraction reports (issue 17, docs/api/storage.md "OCR"):
// the OCR Report of one aircraft, the fleet's OCR Status and the re-run call. Imports nothing
// server-only.
import { z } from "zod";

import { TEXT_STATUSES } from "../ocr-rules";

export { LOW_CONFIDENCE, TEXT_STATUSES, TEXT_STATUS_LABEL, type TextStatus } from "../ocr-rules";

export const TextCounts = z.object({
  pending: z.number().int(),
  processing: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  no_text: z.number().int(),
  total: z.number().int(),
});
export type TextCounts = z.infer<typeof TextCounts>;

export const OcrProblemFile = z.object({
  id: z.number().int(),
  aircraft_id: z.number().int(),
  aircraft_name: z.string(),
  name: z.string(),
  path: z.string(),
  dir: z.string(),
  status: z.enum(TEXT_STATUSES),
  method: z.string().nullable(),
  pages: z.number().int().nullable(),
  confidence: z.number().nullable(),
  error: z.string().nullable(),
  extracted_at: z.string().nullable(),
});
export type OcrProblemFile = z.infer<typeof OcrProblemFile>;

export const OcrPendingFolder = z.object({ aircraft_id: z.number().int(), path: z.string(), files: z.number().int() });

export const OcrReportAnswer = z.object({
  aircraft: z.object({ id: z.number().int(), name: z.string(), msn: z.string(), registration: z.string().nullable() }),
  counts: TextCounts,
  /** Pages read (PDF pages and images) in files that are done. */
  pages: z.number().int(),
  /** Folders holding files still to process (pending or processing), most first. */
  pending_folders: z.array(OcrPendingFolder),
  /** Failed files and files OCRed with a mean confidence below LOW_CONFIDENCE. */
  problems: z.array(OcrProblemFile),
  /** Jobs waiting or running for this aircraft's files. */
  jobs: z.object({ queued: z.number().int(), running: z.number().int() }),
  /** Whether the caller may re-run the whole aircraft (Super User, admin, member). */
  can_rerun: z.boolean(),
  /** Whether the caller may re-run one file (Edit Access and above). */
  can_rerun_file: z.boolean(),
  generated_at: z.string(),
});
export type OcrReportAnswer = z.infer<typeof OcrReportAnswer>;

export const OcrStatusAnswer = z.object({
  totals: TextCounts,
  aircraft: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      msn: z.string(),
      registration: z.string().nullable(),
      organization: z.string(),
      counts: TextCounts,
      can_rerun: z.boolean(),
      can_rerun_file: z.boolean(),
    }),
  ),
  problems: z.array(OcrProblemFile),
  jobs: z.object({ queued: z.number().int(), running: z.number().int() }),
  /**
   * Staff only (admin, member): what the background housekeeping did. Uploads whose record never
   * arrived and were removed after their grace period (files, bytes, the last sweep); jobs put back
   * at once because their worker was gone, and jobs quarantined after their worker died twice.
   */
  housekeeping: z
    .object({
      orphan_files: z.number().int(),
      orphan_bytes: z.number().int(),
      last_sweep_at: z.string().nullable(),
      open_uploads: z.number().int(),
      released_jobs: z.number().int(),
      quarantined_jobs: z.number().int(),
    })
    .optional(),
  generated_at: z.string(),
});
export type OcrStatusAnswer = z.infer<typeof OcrStatusAnswer>;

export const OcrRerunInput = z.object({
  aircraft_id: z.coerce.number({ invalid_type_error: "aircraft_id must be a number." }).int().positive(),
  /** One file; without it every file of the aircraft. */
  file_id: z.coerce.number().int().positive().optional(),
});
export const OcrRerunAnswer = z.object({ queued: z.number().int(), message: z.string() });
