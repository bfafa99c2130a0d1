// Contract of the main API's linked documents (issue 17 item 5, ADR 047, docs/api/storage.md
// "Linked documents"): a stored file linked to an AeroOPS / AeroOIL tab row or to a work order of the
// same aircraft, links suggested from the file's extracted text, and the calls that link, accept,
// reject, unlink and re-scan. Imports nothing server-only.
import { z } from "zod";

export const LINK_STATUSES = ["linked", "suggested", "rejected"] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

export const LinkFile = z.object({
  id: z.number().int(),
  name: z.string(),
  path: z.string(),
  dir: z.string(),
  size: z.number(),
  content_type: z.string().nullable(),
});

export const LinkTarget = z.object({
  kind: z.enum(["row", "work_order"]),
  /** Rows: the tab's product, key (the spec's tab_id) and name, the row's id and position. */
  product: z.enum(["ops", "oil"]).nullable(),
  tab_key: z.string().nullable(),
  tab_name: z.string().nullable(),
  row_id: z.number().int().nullable(),
  row_position: z.number().int().nullable(),
  /** Work orders: id, number and kind. */
  work_order_id: z.number().int().nullable(),
  work_order_number: z.string().nullable(),
  work_order_kind: z.string().nullable(),
  /** How the target reads in a list: "AD Status, row 3: 2019-0123 · Landing gear" or "WO-2026-001: A-check". */
  label: z.string(),
});
export type LinkTarget = z.infer<typeof LinkTarget>;

export const DocumentLink = z.object({
  id: z.number().int(),
  status: z.enum(LINK_STATUSES),
  /** For suggestions: the value found and where (text, never HTML). */
  reason: z.string().nullable(),
  page: z.number().int().nullable(),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
  file: LinkFile,
  target: LinkTarget,
});
export type DocumentLink = z.infer<typeof DocumentLink>;

export const LinksAnswer = z.object({
  aircraft: z.object({ id: z.number().int(), name: z.string(), msn: z.string().nullable(), registration: z.string().nullable() }),
  links: z.array(DocumentLink),
  suggestions: z.array(DocumentLink),
  /** Counts over the whole aircraft (the lists may be filtered). */
  counts: z.object({ linked: z.number().int(), suggested: z.number().int(), rejected: z.number().int() }),
  can_write: z.boolean(),
  /** A suggestion scan is queued or running for this aircraft. */
  scanning: z.boolean(),
  /** With a row_id, work_order_id or file_id filter: what the lists are narrowed to. */
  scope: z.object({ label: z.string(), file: z.object({ id: z.number().int(), name: z.string() }).nullable() }).nullable(),
});
export type LinksAnswer = z.infer<typeof LinksAnswer>;

export const LinksQuery = z.object({
  row_id: z.coerce.number().int().positive().optional(),
  work_order_id: z.coerce.number().int().positive().optional(),
  file_id: z.coerce.number().int().positive().optional(),
  tab_key: z.string().max(100).optional(),
});

/** The link-count call: the tab pages' Documents column and a work order's "N linked documents". */
export const LinkCountsQuery = z.object({
  tab_key: z.string().max(100).optional(),
  work_order_id: z.coerce.number().int().positive().optional(),
});
export const LinkCountsAnswer = z.object({
  /** Linked documents per row id (rows of `tab_key` only when it is given); rows without any are left out. */
  rows: z.record(z.string(), z.number().int()),
  /** Linked documents per work order id (only `work_order_id` when it is given). */
  work_orders: z.record(z.string(), z.number().int()),
});
export type LinkCountsAnswer = z.infer<typeof LinkCountsAnswer>;

export const TargetOption = z.object({ row_id: z.number().int().nullable(), work_order_id: z.number().int().nullable(), label: z.string() });
export const LinkTargetsAnswer = z.object({
  groups: z.array(z.object({ label: z.string(), product: z.enum(["ops", "oil"]).nullable(), tab_key: z.string().nullable(), options: z.array(TargetOption), more: z.number().int() })),
});
export type LinkTargetsAnswer = z.infer<typeof LinkTargetsAnswer>;

export const LinkCreateInput = z
  .object({
    aircraft_id: z.number().int().positive(),
    file_id: z.number().int().positive(),
    row_id: z.number().int().positive().optional(),
    work_order_id: z.number().int().positive().optional(),
  })
  .refine((v) => (v.row_id == null) !== (v.work_order_id == null), { message: "Choose one row or one work order to link the document to." });

export const LinkDecideInput = z.object({
  link_id: z.number().int().positive(),
  decision: z.enum(["accept", "reject", "unlink"]),
});

export const LinkScanInput = z.object({ aircraft_id: z.number().int().positive() });

export const LinkAnswer = z.object({ message: z.string(), link_id: z.number().int().nullable() });
export type LinkAnswer = z.infer<typeof LinkAnswer>;
