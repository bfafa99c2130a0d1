// Browser-safe constants of the OCR reports (issue 17): no zod here, so the report pages do not ship
// it (the contract schemas in schemas/ocr.ts re-export these).
export const TEXT_STATUSES = ["pending", "processing", "done", "failed", "no_text"] as const;
export type TextStatus = (typeof TEXT_STATUSES)[number];
export const TEXT_STATUS_LABEL: Record<TextStatus, string> = {
  pending: "Pending",
  processing: "Processing",
  done: "Done",
  failed: "Failed",
  no_text: "No text",
};
/** Files with a mean OCR confidence below this are listed as low confidence. */
export const LOW_CONFIDENCE = 60;
