// Contract of the Inventory Report (docs/api/storage.md, "Inventory report"; issue 17 item 4, ADR 040):
// an aircraft's records folder by folder with the completeness check against the standard records
// index (app/models/records-index.ts), and the same for every aircraft a user may read.
import { z } from "zod";

export const INVENTORY_FORMATS = ["xlsx", "pdf"] as const;
export type InventoryFormat = (typeof INVENTORY_FORMATS)[number];

/** Most empty folders listed by path in one report (the count is always exact). */
export const INVENTORY_EMPTY_FOLDERS_MAX = 500;

const CompletenessStatus = z.enum(["present", "empty", "missing"]);

export const InventoryAircraft = z.object({
  id: z.number().int(),
  name: z.string(),
  msn: z.string(),
  registration: z.string(),
  kind: z.enum(["aircraft", "helicopter"]),
  organization: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
});

/** A document named as the newest or oldest of a folder (by its created_at). */
export const InventoryDocument = z.object({
  id: z.number().int(),
  name: z.string(),
  path: z.string(),
  size: z.number().int().nonnegative(),
  created_at: z.string(),
});

/** Files of one type: the extension in lower case without its dot ("" = none). */
export const InventoryType = z.object({ ext: z.string(), files: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() });

export const InventoryFolder = z.object({
  /** The top-level folder's name ("01 Certificates"); its subfolders are rolled up into it. */
  name: z.string(),
  path: z.string(),
  files: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
  subfolders: z.number().int().nonnegative(),
  /** Folders at or below this one that hold no file at all (this one included). */
  empty_folders: z.number().int().nonnegative(),
  types: z.array(InventoryType),
  newest: InventoryDocument.nullable(),
  oldest: InventoryDocument.nullable(),
  /** The records-index entry this folder counts for, or null (e.g. "12 Weight and Balance"). */
  index_key: z.string().nullable(),
});

export const CompletenessRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  status: CompletenessStatus,
  folders: z.array(z.string()),
  files: z.number().int().nonnegative(),
});

export const CompletenessSummarySchema = z.object({
  present: z.number().int().nonnegative(),
  empty: z.number().int().nonnegative(),
  missing: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});

export const InventoryTotals = z.object({
  files: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
  /** Folders below the root, at any depth. */
  folders: z.number().int().nonnegative(),
  empty_folders: z.number().int().nonnegative(),
  types: z.array(InventoryType),
  newest: InventoryDocument.nullable(),
  oldest: InventoryDocument.nullable(),
});

export const InventoryAnswer = z.object({
  aircraft: InventoryAircraft,
  generated_at: z.string(),
  totals: InventoryTotals,
  /** Files directly in the aircraft's root folder (in no top-level folder). */
  root: z.object({ files: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() }),
  completeness: z.array(CompletenessRowSchema),
  summary: CompletenessSummarySchema,
  folders: z.array(InventoryFolder),
  /** Paths of the folders that hold no file (at most INVENTORY_EMPTY_FOLDERS_MAX; totals.empty_folders counts all). */
  empty_folders: z.array(z.string()),
});
export type Inventory = z.infer<typeof InventoryAnswer>;

export const FleetInventoryRow = z.object({
  aircraft: InventoryAircraft,
  files: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
  folders: z.number().int().nonnegative(),
  empty_folders: z.number().int().nonnegative(),
  newest_at: z.string().nullable(),
  oldest_at: z.string().nullable(),
  summary: CompletenessSummarySchema,
  /** Labels of the index entries that are missing / present but empty. */
  missing: z.array(z.string()),
  empty: z.array(z.string()),
});

export const FleetInventoryAnswer = z.object({
  generated_at: z.string(),
  aircraft: z.array(FleetInventoryRow),
  totals: z.object({
    aircraft: z.number().int().nonnegative(),
    files: z.number().int().nonnegative(),
    bytes: z.number().int().nonnegative(),
    empty_folders: z.number().int().nonnegative(),
    /** Aircraft whose every index entry is present with files. */
    complete: z.number().int().nonnegative(),
  }),
});
export type FleetInventory = z.infer<typeof FleetInventoryAnswer>;

export const InventoryExportQuery = z.object({ format: z.enum(INVENTORY_FORMATS) });
