// The seams of the embedded upstream. Each is a small interface so that a later issue can swap
// one implementation (local disk -> S3, FTS5 -> OpenSearch, outbox -> SMTP) in one module.
import type { Clock } from "./lib/clock";
import type { DB } from "./db";
import type { Role } from "./db/schema";
import type { UpstreamCallMeta } from "./client-address";

export interface UpstreamConfig {
  dataDir: string;
  /**
   * DATABASE_URL: a PostgreSQL connection URL (ADR 056). Set, the database is PostgreSQL (no SQLite
   * file is written); unset, `${dataDir}/portal.sqlite`.
   */
  databaseUrl?: string;
  /** The fixed client uuid every call must carry in X-User-Uuid. */
  clientUuid: string;
  /** HMAC secret for blob signatures (generated and kept in DATA_DIR when not configured). */
  secret: string;
  /** Public base of the blob store as the browser reaches it, e.g. "/_blob" or "https://blob.example". */
  blobBaseUrl: string;
  /** Public base URL of the portal, used in mailed links (e.g. "http://localhost:3000"). */
  portalUrl: string;
  smtpUrl?: string;
  /**
   * Shared secret with which a remote portal signs the address it forwards (X-Client-Ip-Signature);
   * see client-address.ts. Unset: forwarded addresses are never believed over HTTP.
   */
  forwardSecret?: string;
  /** Session token lifetime. */
  tokenTtlHours: number;
  /** Where admin notices go (issue reports, contact form). Empty = every admin user. */
  adminEmails?: string[];
  /** Time for lock-outs and link expiry (lib/clock.ts); the system clock when absent. */
  clock?: Clock;
  /**
   * Background job worker loops in this process (text extraction and OCR, ADR 039): JOB_WORKERS,
   * default 1; 0 runs none (another process works the queue, or a test drains it itself).
   */
  jobWorkers?: number;
  /** false: no admin workers (the search re-index) in this process; `npm run worker` leaves them to the portal. */
  adminWorkers?: boolean;
  /** S3-compatible object storage (S3_*, ADR 055) instead of the local blob directory; absent: local. */
  s3?: S3Config;
  /** Caps of the text-extraction sandbox (EXTRACT_MEMORY_MB, EXTRACT_FILE_TIMEOUT_MS, EXTRACT_PAGE_TIMEOUT_MS; ADR 068). */
  extract?: import("./jobs/extract-sandbox").ExtractLimits;
  /** Hours after its last upload link before an upload whose record never arrived is swept (UPLOAD_ORPHAN_GRACE_HOURS; ADR 068). */
  orphanGraceHours?: number;
  /**
   * Limits of reading an uploaded spreadsheet (SHEET_MAX_ROWS, SHEET_MAX_COLUMNS, SHEET_MAX_SHEETS,
   * SHEET_MAX_UNPACKED_MB, SHEET_MAX_CELL_CHARS, SHEET_PARSE_MEMORY_MB, SHEET_PARSE_TIMEOUT_MS; ADR 067).
   * Those absent are the defaults.
   */
  sheetLimits?: Partial<import("./ops/sheet-limits").SheetLimits>;
}

/** An S3-compatible bucket (upstream/blob/s3.ts). Keys are the blob keys, unchanged. */
export interface S3Config {
  bucket: string;
  region: string;
  /** e.g. "https://s3.example.net" (MinIO, Ceph, R2…); absent: AWS's endpoint for the region. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (https://host/bucket/key) instead of the host name (https://bucket.host/key). */
  forcePathStyle: boolean;
}

export interface BlobObject {
  key: string;
  size: number;
  contentType: string;
}

export interface BlobStore {
  /** Writes a stream to `key` atomically (temp file + rename); returns the bytes written. */
  put(key: string, body: ReadableStream<Uint8Array> | Uint8Array | NodeJS.ReadableStream, contentType?: string): Promise<BlobObject>;
  stat(key: string): Promise<BlobObject | null>;
  /** A Web Response for a (possibly ranged) read, with Content-Length/Content-Range/ETag. */
  read(key: string, opts?: { range?: string | null; filename?: string; download?: boolean; noCache?: boolean }): Promise<Response>;
  delete(key: string): Promise<void>;
  deletePrefix(prefix: string): Promise<number>;
  /** The objects under a folder prefix ("a/b/"), with their sizes (the orphan sweep; ADR 068). */
  list(prefix: string): Promise<{ key: string; size: number }[]>;
  copy(fromKey: string, toKey: string): Promise<void>;
  /**
   * Signed POST policy (S3 semantics): the spec's `url` and `url_fields`. Async: an S3 store signs
   * with credentials its SDK resolves asynchronously (ADR 055).
   */
  createUploadPolicy(opts: { keyPrefix: string; maxBytes: number; minBytes?: number; expiresInSeconds: number }): Promise<{ url: string; url_fields: Record<string, string> }>;
  /** Signed GET link with expiry (at most 7 days on S3: SigV4's limit). */
  signedGetUrl(key: string, opts: { expiresInSeconds: number; filename?: string; download?: boolean; noCache?: boolean }): Promise<string>;
  /**
   * The Web handler mounted at /_blob (local store: POST policy uploads, signed GETs). It also takes
   * absolute URLs this store signed (the portal's no-JS upload fallback and zip streaming go through
   * it): the S3 store forwards those to the bucket and refuses anything else.
   */
  fetch(request: Request): Promise<Response>;
  /**
   * The origin browsers reach the store at when it is not the portal's own (S3): the portal's CSP
   * allows it for uploads, downloads and the speed test. Absent or null: the portal's origin.
   */
  publicOrigin?(): Promise<string | null>;
  /** Releases what the store holds open (the S3 client's sockets). */
  close?(): void;
  /** A signed POST upload straight from a Node stream (the HTTP server's fast path for POST /_blob). */
  uploadStream?(contentType: string, body: import("node:stream").Readable): Promise<Response>;
}

export interface SearchHit {
  id: number;
  name: string;
  path: string;
  aircraft_id: number;
  organization_id: number;
  /** name with the match wrapped in <mark>…</mark> (HTML-escaped otherwise). */
  highlight: string;
  /** bm25, or minus ts_rank on PostgreSQL (lower is better), within the hit's ranking window (ADR 082). */
  rank: number;
  /** What found it: the name or folder path, or only the document's extracted text (ADR 039). */
  match: "name" | "content";
  /** Plain-text excerpt around the first match in the document's text, or null. */
  snippet: string | null;
  /** [start, end) offsets of the matched words in `snippet`. */
  snippet_marks: [number, number][];
  /** 1-based page of that match, or null. */
  match_page: number | null;
}

/** The file-search seam (ADR 056): FTS5 on SQLite (search/fts.ts), full-text search on PostgreSQL (search/pg.ts). */
export interface SearchIndex {
  index(items: { id: number; name: string; path: string; aircraft_id: number; organization_id: number }[]): Promise<void>;
  remove(ids: number[]): Promise<void>;
  removeAircraftPrefix(aircraftId: number, pathPrefix: string): Promise<void>;
  search(q: {
    text: string;
    aircraftIds: number[] | "all";
    organizationId?: number | null;
    folderPath?: string | null;
    limit: number;
    /** Where the page starts: after this cursor (a previous answer's `next`) when given, else at the offset. */
    offset: number;
    after?: string | null;
  }): Promise<{
    /** Every match when `totalExact`; else the ranked ones only, and there are more (ADR 082). */
    total: number;
    totalExact: boolean;
    hits: SearchHit[];
    /** The cursor of the page after this one, or null on the last page. */
    next: string | null;
  }>;
  count(organizationId?: number | null): Promise<number>;
  /** Ids in the index (ascending, after `afterId`, up to `upToId` when given), optionally of one organization: the rebuild's stale-entry sweep. */
  ids(q: { afterId: number; upToId?: number | null; organizationId?: number | null; limit: number }): Promise<number[]>;
  /** Entries per organization id, in one pass (the admin's index overview). */
  countByOrganization(): Promise<Map<number, number>>;
}

export interface Mailer {
  /** Queues a mail in the outbox (and sends it through SMTP when configured). Returns the outbox id. */
  send(mail: { to: string; subject: string; text: string; html?: string }): Promise<number>;
}

export interface Audit {
  log(entry: {
    userId: number | null;
    action: string;
    entity: string;
    entityId?: string | number | null;
    organizationId?: number | null;
    detail?: unknown;
    ip?: string | null;
  }): Promise<void>;
  /**
   * Checks the hash chain (ADR 044): the first entry altered, removed or reordered, or OK. `full`
   * reads the whole log; otherwise a large log is read whole at most every 10 minutes (full_at).
   */
  verify(opts?: { full?: boolean }): Promise<import("./audit-chain").ChainResult & { full_at: string }>;
  /** The entries of a period (YYYY-MM-DD, UTC, inclusive; either end open) with the hashes an auditor needs. */
  exportPeriod(period: { from?: string | null; to?: string | null }): Promise<import("./audit").AuditExport>;
}

export interface Deps {
  db: DB;
  /** The durable job queue (upstream/jobs/queue.ts). */
  jobs: import("./jobs/queue").JobQueue;
  blob: BlobStore;
  search: SearchIndex;
  mail: Mailer;
  audit: Audit;
  config: UpstreamConfig;
}

/** The signed-in caller as the auth middleware resolves it. */
export interface AuthUser {
  id: number;
  email: string;
  role: Role;
  username: string;
  first_name: string;
  organization_id: number | null;
  tokenId: number;
  ip: string | null;
}

/** Bindings: what the entry point established about the call (client-address.ts). */
export type HonoEnv = { Bindings: UpstreamCallMeta; Variables: { user: AuthUser; deps: Deps } };
