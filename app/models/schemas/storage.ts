// Contract of the main API's storage endpoints and the blob store (docs/api/storage.md).
// Shared by the upstream (input rules), the portal's clients and the contract tests.
// Imports nothing server-only.
import { z } from "zod";
import { SEARCH_CURSOR_PATTERN } from "../search-query";

// ---------------------------------------------------------------------------------------------
// Constants (spec 000 §4, §9) and the batching rule of the upload engine
// ---------------------------------------------------------------------------------------------

/** The signed upload link is refreshed every 10 minutes (600000 ms): it is valid for as long. */
export const UPLOAD_LINK_TTL_SECONDS = 600;
export const UPLOAD_LINK_REFRESH_MS = 600_000;
export const OFFLINE_RETRY_MS = 5_000;
/** Files per preprocess call and per index call (spec: "batches of 10", "index every 10 files"). */
export const UPLOAD_BATCH_SIZE = 10;
/** A batch also stops growing at this many bytes (500 MB, binary units like the size display). */
export const UPLOAD_BATCH_MAX_BYTES = 500 * 1024 * 1024;
/** Default largest single upload (5 GiB); the server's UPLOAD_MAX_BYTES overrides it. */
export const DEFAULT_UPLOAD_MAX_BYTES = 5 * 1024 * 1024 * 1024;
/** Files one index_files / preprocess_files call may carry. */
export const INDEX_MAX_FILES = 1000;
/** Signed download links live 10 minutes. */
export const DOWNLOAD_LINK_TTL_SECONDS = 600;
/** A folder zip refuses more files than this (422). */
export const ZIP_MAX_FILES = 20_000;
export const FILES_PER_PAGE = 50;
export const FILES_MAX_PER_PAGE = 500;
export const SEARCH_PER_PAGE = 20;
export const SEARCH_MAX_PER_PAGE = 100;
/** Items one copy / move / delete call may name (folders count once; their contents are not limited here). */
export const BULK_MAX_IDS = 500;
/** Items (with folder contents) one copy may create. */
export const COPY_MAX_ITEMS = 20_000;

export const FILE_SORTS = ["name", "size", "date"] as const;
export const SORT_ORDERS = ["asc", "desc"] as const;

export interface BatchFile {
  path: string;
  size: number;
}

/**
 * The upload engine's batching (POST /storage/v2/files/split_files.json): files in their order, a new
 * batch whenever the current one holds `batchSize` files or adding the next file would pass `maxBytes`.
 * A single file larger than `maxBytes` travels alone.
 */
export function splitIntoBatches<T extends BatchFile>(files: T[], batchSize = UPLOAD_BATCH_SIZE, maxBytes = UPLOAD_BATCH_MAX_BYTES): T[][] {
  const batches: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const f of files) {
    const size = Math.max(0, f.size);
    if (current.length && (current.length >= batchSize || bytes + size > maxBytes)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(f);
    bytes += size;
  }
  if (current.length) batches.push(current);
  return batches;
}

export const STORAGE_MESSAGES = {
  badDir: "The folder path is not valid.",
  badKey: "The upload key is not valid: request a new upload link.",
  rootFolder: "The aircraft's root folder cannot be changed.",
  intoItself: "A folder cannot be moved or copied into itself.",
  tooManyZip: `This folder has more than ${ZIP_MAX_FILES.toLocaleString("en-US")} files: download its sub-folders one by one.`,
  badCursor: "This page link is not valid (it may be out of date): open the folder's first page.",
  nameTaken: (name: string) => `An item named "${name}" already exists in that folder.`,
} as const;

// ---------------------------------------------------------------------------------------------
// Query strings (the upstream's readQuery)
// ---------------------------------------------------------------------------------------------


export const pageField = z.coerce.number({ invalid_type_error: "page must be a number." }).int().min(1).max(1_000_000).default(1);
export const optionalQueryId = (label: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx2) => {
      if (v == null || v === "") return undefined;
      if (!/^\d+$/.test(v) || Number(v) <= 0) {
        ctx2.addIssue({ code: z.ZodIssueCode.custom, message: `${label} must be a positive number.` });
        return z.NEVER;
      }
      return Number(v);
    });

export const AircraftListQuery = z.object({
  organization: z.string().trim().max(200).optional(),
  module: z.string().max(100).optional(),
  product: z.enum(["storage", "ops", "oil"]).optional(),
  q: z.string().trim().max(100).optional(),
  status: z.enum(["GROUNDED", "IN OPERATION", "IN TRANSITION", ""]).optional(),
  page: pageField,
  per_page: z.coerce.number().int().min(1).max(1000).default(500),
});

export const FilesQuery = z.object({
  dir: z.string().max(2048).optional(),
  fileid: optionalQueryId("fileid"),
  query: z.string().trim().max(200).optional(),
  breadcrumb: z.string().optional(),
  download: optionalQueryId("download"),
  preview: optionalQueryId("preview"),
  source: z.string().max(50).optional(),
  search_index: z.string().max(50).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  /** A next_cursor or prev_cursor of an earlier answer (same sort and order): the page after or before it. */
  cursor: z.string().max(2_000, STORAGE_MESSAGES.badCursor).optional(),
  per_page: z.coerce.number().int().min(1).max(FILES_MAX_PER_PAGE).default(FILES_PER_PAGE),
  sort: z.enum(FILE_SORTS, { errorMap: () => ({ message: "sort is name, size or date." }) }).default("name"),
  order: z.enum(SORT_ORDERS, { errorMap: () => ({ message: "order is asc or desc." }) }).default("asc"),
});

export const ZipQuery = z.object({
  dir: z.string().max(2048).optional(),
  fileid: optionalQueryId("fileid"),
  /** A selection instead of one folder: comma-separated item ids of the aircraft (files and folders). */
  ids: z
    .string()
    .max(20_000)
    .regex(/^\d{1,12}(,\d{1,12})*$/, "ids is a comma-separated list of item ids.")
    .optional(),
});

export const OrganizationsQuery = z.object({
  filter: z.string().trim().max(200).optional(),
  product_type: z.string().trim().max(50).optional(),
});

export const ClientsQuery = z.object({
  organization_id: optionalQueryId("organization_id"),
  page: pageField,
  per_page: z.coerce.number().int().min(1).max(1000).default(1000),
});

export const SearchQuery = z.object({
  query: z.string().max(1000).optional(),
  aircraft_id: optionalQueryId("aircraft_id"),
  organization_id: optionalQueryId("organization_id"),
  organization: z.string().trim().max(200).optional(),
  folder_path: z.string().max(2048).optional(),
  page: pageField,
  per_page: z.coerce.number().int().min(1).max(SEARCH_MAX_PER_PAGE).default(SEARCH_PER_PAGE),
  /** The previous answer's `next`: the page starts after that hit (`page` is then only its number). */
  after: z
    .string()
    .regex(SEARCH_CURSOR_PATTERN, "after is not valid.")
    .optional(),
});

export const ValidateFilesQuery = z.object({
  uid: z.string({ required_error: "uid is required." }).regex(/^[0-9a-f]{32}$/, "uid is not valid."),
  dir: z.string().max(2048).optional(),
});

export const PagedQuery = z.object({ page: pageField, per_page: z.coerce.number().int().min(1).max(500).default(100) });

export const OpenSearchQuery = z.object({ organization_id: optionalQueryId("organization_id") });

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

const id = (label: string) =>
  z.coerce
    .number({ invalid_type_error: `${label} must be a number.`, required_error: `${label} is required.` })
    .int(`${label} must be a whole number.`)
    .positive(`${label} must be positive.`);

const optionalId = (label: string) =>
  z
    .union([z.literal(""), z.null(), id(label)])
    .optional()
    .transform((v) => (v === "" || v == null ? undefined : v));

const dirField = z.string().max(2048, "The folder path is too long.").optional();

const fileEntry = z.object({
  path: z.string({ required_error: "Each file needs a path." }).min(1, "A file path is empty.").max(2048, "A file path is too long."),
  size: z.coerce.number({ invalid_type_error: "A file size must be a number." }).int().min(0, "A file size cannot be negative."),
});

const fileList = (max: number) =>
  z.array(fileEntry, { required_error: "files is required." }).min(1, "Choose at least one file.").max(max, `At most ${max} files per call.`);

const idList = z
  .array(id("id"), { required_error: "ids is required." })
  .min(1, "Select at least one item.")
  .max(BULK_MAX_IDS, `Select at most ${BULK_MAX_IDS} items at a time.`);

export const UploadLinkInput = z.object({
  aircraft_id: id("aircraft_id"),
  dir: dirField,
  fileid: optionalId("fileid"),
  /** Re-sign an upload prefix issued earlier to the same user (a retry keeps its keys). */
  uid: z.string().regex(/^[0-9a-f]{32}$/, "uid is not valid.").optional(),
});

export const IndexFilesInput = z.object({
  key: z.string({ required_error: "key is required." }).min(1, "key is required.").max(200),
  files: fileList(INDEX_MAX_FILES),
  fileid: optionalId("fileid"),
  aircraft_id: optionalId("aircraft_id"),
  dir: dirField,
});

export const FoldersInput = z.object({
  aircraft_id: id("aircraft_id"),
  fileid: optionalId("fileid"),
  dir: dirField,
  storagePath: dirField,
  paths: z
    .array(z.string().max(2048, "A folder path is too long."), { required_error: "paths is required." })
    .min(1, "Enter a folder name.")
    .max(INDEX_MAX_FILES, `At most ${INDEX_MAX_FILES} folders per call.`),
});

export const SplitFilesInput = z.object({
  files: z.array(fileEntry, { required_error: "files is required." }).max(100_000, "At most 100000 files per call."),
  batch_size: z.coerce.number().int().min(1).max(100).optional(),
  max_batch_bytes: z.coerce.number().int().min(1).optional(),
});

export const CopyInput = z.object({
  aircraft_id: id("aircraft_id"),
  ids: idList,
  to_dir: z.string({ required_error: "to_dir is required." }).max(2048),
  /** Copy into another aircraft (write access there too). Default: the same aircraft. */
  to_aircraft_id: optionalId("to_aircraft_id"),
});

export const MoveInput = z.object({
  aircraft_id: id("aircraft_id"),
  ids: idList,
  /** Destination folder; omitted for a plain rename (the item stays where it is). */
  to_dir: z.string().max(2048).optional(),
  /** Rename (only with exactly one id). */
  new_name: z.string().trim().min(1, "Enter a name.").max(255, "The name is too long.").optional(),
});

export const DeleteInput = z.object({
  aircraft_id: id("aircraft_id"),
  ids: idList,
});

export const PreprocessInput = z.object({
  key: z.string({ required_error: "key is required." }).min(1, "key is required.").max(200),
  files: fileList(INDEX_MAX_FILES),
  uid: z.string().regex(/^[0-9a-f]{32}$/, "uid is not valid.").optional(),
  aircraft_id: optionalId("aircraft_id"),
  dir: dirField,
});

export const FavouriteInput = z.object({ id: id("id") });
export const FollowInput = z.object({ aircraft_id: id("aircraft_id") });

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const AccessLevelSchema = z.enum(["read", "write", "su_write"]);
export const AircraftStatusSchema = z.enum(["GROUNDED", "IN OPERATION", "IN TRANSITION"]);

export const OrganizationRef = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });

export const AircraftSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  msn: z.string(),
  registration: z.string(),
  kind: z.enum(["aircraft", "helicopter"]),
  manufacturer: z.string(),
  model: z.string(),
  status: AircraftStatusSchema,
  organization_id: z.number().int(),
  organization: OrganizationRef,
  file_id: z.number().int().nullable(),
  link: z.string(),
  access: AccessLevelSchema,
  /** Module lists only (`module` = ops / oil): the module's issue date. */
  issue_date: z.string().nullable().optional(),
});
export type Aircraft = z.infer<typeof AircraftSchema>;

export const AircraftCounts = z.object({
  total: z.number().int(),
  grounded: z.number().int(),
  operational: z.number().int(),
  transitional: z.number().int(),
});

export const AircraftListAnswer = z.object({
  aircrafts: z.array(AircraftSchema),
  counts: AircraftCounts,
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});

export const UserAccess = z.object({ user_id: z.number().int(), username: z.string(), access: AccessLevelSchema });
export const AircraftUsersAnswer = z.object({ users: z.array(UserAccess) });
export const AircraftDetailAnswer = z.object({ aircraft: AircraftSchema, access: AccessLevelSchema, users: z.array(UserAccess) });

export const StorageItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  path: z.string(),
  /** The object's key in the blob store (files); folders: "aircraft/<id><path>/". */
  s3_full_path: z.string(),
  resourcetype: z.enum(["collection", "file"]),
  size: z.number().int(),
  content_type: z.string().nullable(),
  updated_at: z.string(),
  favourite: z.boolean(),
});
export type StorageItem = z.infer<typeof StorageItemSchema>;

export const FolderRef = z.object({ id: z.number().int(), path: z.string(), name: z.string() });
export const BreadcrumbEntry = z.object({ name: z.string(), path: z.string(), id: z.number().int() });

export const FilesAnswer = z.object({
  contents: z.array(StorageItemSchema),
  folder: FolderRef,
  breadcrumb: z.array(BreadcrumbEntry),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  sort: z.enum(FILE_SORTS),
  order: z.enum(SORT_ORDERS),
  access: AccessLevelSchema,
  /** The file named by `fileid` when it is a file (its folder is listed, on the page that holds it). */
  selected_id: z.number().int().nullable(),
  /** Opaque cursors of the next and the previous page (`?cursor=`, ADR 084); null at either end. */
  next_cursor: z.string().nullable(),
  prev_cursor: z.string().nullable(),
});

export const DownloadAnswer = z.object({ url: z.string(), name: z.string(), size: z.number().int() });

/** A preview shows at most this many bytes of a text file. */
export const PREVIEW_TEXT_BYTES = 200 * 1024;

/** files.json?preview=<fileid>: a signed inline link, the download link, the facts, a text file's start. */
export const PreviewAnswer = z.object({
  url: z.string(),
  download_url: z.string(),
  id: z.number().int(),
  name: z.string(),
  path: z.string(),
  size: z.number().int(),
  content_type: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  text: z.string().nullable(),
  truncated: z.boolean(),
});

export const OrganizationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  product_type: z.string(),
  search_all: z.boolean(),
});
export const OrganizationsAnswer = z.object({ organizations: z.array(OrganizationSchema) });
export const OrganizationAnswer = z.object({ organization: OrganizationSchema });
export const OpenSearchAnswer = z.object({ result: z.boolean() });
export const ClientsAnswer = z.object({
  clients: z.array(z.object({ id: z.number().int(), email: z.string(), username: z.string(), organization_id: z.number().int().nullable() })),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});

export const UploadLinkAnswer = z.object({
  url: z.string(),
  url_fields: z.record(z.string()),
  key_prefix: z.string(),
  uid: z.string(),
  expires_in: z.number().int(),
  max_bytes: z.number().int(),
});

export const MissingFile = z.object({ path: z.string(), size: z.number().int(), reason: z.enum(["missing", "size_mismatch"]) });
export const RefusedFile = z.object({ path: z.string(), reason: z.string(), message: z.string() });

export const IndexFilesAnswer = z.object({
  indexed: z.array(StorageItemSchema),
  missing: z.array(MissingFile),
  refused: z.array(RefusedFile),
  message: z.string(),
});

export const FoldersAnswer = z.object({ folders: z.array(StorageItemSchema), message: z.string() });
export const SplitFilesAnswer = z.object({ batches: z.array(z.array(z.object({ path: z.string(), size: z.number().int() }))) });
export const CopyAnswer = z.object({ items: z.array(StorageItemSchema), message: z.string() });
export const MoveAnswer = z.object({ items: z.array(StorageItemSchema), message: z.string() });
export const DeleteAnswer = z.object({ deleted: z.number().int(), files: z.number().int(), message: z.string() });

export const PreprocessAnswer = z.object({ uid: z.string(), files: z.number().int() });
export const ValidateFilesAnswer = z.object({ files: z.array(z.object({ path: z.string(), size: z.number().int() })) });

export const SearchResult = z.object({
  id: z.number().int(),
  name: z.string(),
  path: z.string(),
  s3_full_path: z.string(),
  resourcetype: z.enum(["collection", "file"]),
  aircraft_id: z.number().int(),
  aircraft_name: z.string(),
  organization_id: z.number().int(),
  /** HTML: the escaped name with <mark>…</mark> around the matched words. */
  highlight: z.string(),
  /** The folder that holds the result. */
  dir: z.string(),
  /** What found it: the name or folder path, or only the document's extracted text (issue 17). */
  match: z.enum(["name", "content"]).default("name"),
  /** Plain text (never HTML) around the first match inside the document, or null. */
  snippet: z.string().nullable().default(null),
  /** [start, end) offsets of the matched words in `snippet`, in order. */
  snippet_marks: z.array(z.tuple([z.number().int().min(0), z.number().int().min(0)])).default([]),
  /** 1-based page of that match inside the document, or null. */
  match_page: z.number().int().min(1).nullable().default(null),
});
export const SearchAnswer = z.object({
  results: z.array(SearchResult),
  /** Every match when `total_exact`; else the ranked ones, and there are more (at most 1,000 of each kind are ranked). */
  total: z.number().int(),
  total_exact: z.boolean().default(true),
  /** `after` of the next page, or null on the last page. */
  next: z.string().nullable().default(null),
  page: z.number().int(),
  per_page: z.number().int(),
  scope: z.enum(["aircraft", "folder", "all"]),
});

export const FavouriteItem = StorageItemSchema.extend({
  aircraft_id: z.number().int(),
  aircraft: z.object({ id: z.number().int(), name: z.string(), msn: z.string() }),
  dir: z.string(),
});
export const FavouritesAnswer = z.object({
  favourites: z.array(FavouriteItem),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export const FollowingAnswer = z.object({ aircrafts: z.array(AircraftSchema) });
export const MessageAnswer = z.object({ message: z.string() });
export const ErrorAnswer = z.object({ error: z.string(), errors: z.record(z.array(z.string())).optional() });
