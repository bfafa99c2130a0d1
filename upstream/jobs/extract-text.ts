// Text extraction for stored files (issue 17, ADR 039): the PDF text layer through pdf.js, OCR
// through tesseract.js for images and for PDF pages without a text layer (rendered by pdf.js on
// @napi-rs/canvas). The OCR engine and its English data come from node_modules
// (@tesseract.js-data/eng): nothing is downloaded at run time.
import path from "node:path";
import { createRequire } from "node:module";
import { sql } from "kysely";
import type { Deps } from "../context";
import type { DB } from "../db";
import { nowIso } from "../db";
import type { Job, JobQueue } from "./queue";
import { SandboxFailure, type Extractor } from "./extract-sandbox";
import { addCrash, QUARANTINE_AFTER_CRASHES, quarantineReason } from "./recovery";

const require = createRequire(import.meta.url);

export const EXTRACT_JOB = "extract-text";
/** Files larger than this are not read for text (status no_text, error says why). */
export const EXTRACT_MAX_BYTES = 100 * 1024 * 1024;
/** Stored text per file is capped (the index and snippets stay small). */
export const TEXT_MAX_CHARS = 4_000_000;
/** A PDF page with fewer letters than this in its text layer counts as scanned. */
const SCANNED_PAGE_MIN_CHARS = 8;
/** At most this many scanned pages of one PDF are OCRed (bounded time per job). */
export const OCR_MAX_PDF_PAGES = 40;

const PDF = /\.pdf$/i;
const IMAGE = /\.(png|jpe?g|tiff?|bmp|webp)$/i;
const PLAIN = /\.(txt|csv)$/i;

export type ExtractKind = "pdf" | "image" | "plain" | "none";

export function extractKind(name: string, contentType?: string | null): ExtractKind {
  if (PDF.test(name) || contentType === "application/pdf") return "pdf";
  if (IMAGE.test(name) || /^image\/(png|jpeg|tiff|bmp|webp)$/.test(contentType ?? "")) return "image";
  if (PLAIN.test(name) || contentType === "text/plain" || contentType === "text/csv") return "plain";
  return "none";
}

export interface Extracted {
  method: "pdf-text" | "ocr" | "pdf-text+ocr" | "plain" | "none";
  pages: string[];
  /** Mean confidence of the OCRed pages (0-100), null when none was OCRed. */
  confidence: number | null;
}

// ---------------------------------------------------------------------------------------------
// OCR engine: one tesseract.js worker, created on first use, reused, closed when idle.
// ---------------------------------------------------------------------------------------------

export interface OcrEngine {
  recognize(image: Uint8Array): Promise<{ text: string; confidence: number }>;
  close(): Promise<void>;
}

export function engDataDir() {
  return path.join(path.dirname(require.resolve("@tesseract.js-data/eng/package.json")), "4.0.0_best_int");
}

export function createOcrEngine({ idleMs = 60_000 } = {}): OcrEngine {
  let worker: Promise<import("tesseract.js").Worker> | null = null;
  let idle: NodeJS.Timeout | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  const get = () => {
    if (!worker) {
      worker = (async () => {
        const { createWorker, OEM } = await import("tesseract.js");
        return createWorker("eng", OEM.LSTM_ONLY, {
          langPath: engDataDir(),
          gzip: true,
          // No cache and no fetch: the data is read from node_modules on every start.
          cacheMethod: "none",
          logger: () => {},
          errorHandler: () => {},
        });
      })();
      worker.catch(() => (worker = null));
    }
    return worker;
  };
  const close = async () => {
    if (idle) clearTimeout(idle);
    idle = null;
    const w = worker;
    worker = null;
    if (w) await (await w.catch(() => null))?.terminate();
  };
  return {
    recognize(image) {
      // One page at a time per engine (tesseract.js workers are single-threaded anyway).
      const run = chain.then(async () => {
        if (idle) clearTimeout(idle);
        const w = await get();
        try {
          const r = await w.recognize(Buffer.from(image));
          return { text: r.data.text ?? "", confidence: Number(r.data.confidence ?? 0) };
        } finally {
          idle = setTimeout(() => void close(), idleMs);
          idle.unref?.();
        }
      });
      chain = run.catch(() => {});
      return run;
    },
    close,
  };
}

// ---------------------------------------------------------------------------------------------
// Extraction
// ---------------------------------------------------------------------------------------------

const tidy = (s: string) =>
  s
    .replace(/\r\n?/g, "\n")
    .replace(/[\f\u0000]/g, " ")
    .replace(/[ \t]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();

const letters = (s: string) => (s.match(/[\p{L}\p{N}]/gu) ?? []).length;

/** Progress of one extraction: page `n` (1-based) of `total` is about to be read. */
export type PageHook = (n: number, total: number) => void;

async function pdfPages(bytes: Uint8Array, ocr: OcrEngine | null, onPage?: PageHook): Promise<Extracted> {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, verbosity: 0, disableFontFace: true }).promise;
  const pages: string[] = [];
  const confidences: number[] = [];
  let hadText = false;
  try {
    for (let n = 1; n <= doc.numPages; n++) {
      onPage?.(n, doc.numPages);
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let s = "";
      for (const it of content.items as { str?: string; hasEOL?: boolean }[]) {
        if (typeof it.str !== "string") continue;
        s += it.str + (it.hasEOL ? "\n" : " ");
      }
      let text = tidy(s);
      if (letters(text) >= SCANNED_PAGE_MIN_CHARS) hadText = true;
      else if (ocr && confidences.length < OCR_MAX_PDF_PAGES) {
        const png = await renderPage(doc, page);
        if (png) {
          const r = await ocr.recognize(png);
          confidences.push(r.confidence);
          text = tidy(r.text);
        }
      }
      pages.push(text);
      page.cleanup();
    }
  } finally {
    await doc.destroy();
  }
  const confidence = confidences.length ? confidences.reduce((a, b) => a + b, 0) / confidences.length : null;
  const method = confidences.length ? (hadText ? "pdf-text+ocr" : "ocr") : "pdf-text";
  return { method, pages, confidence };
}

/** A page as PNG at ~200 dpi through pdf.js's Node canvas (@napi-rs/canvas); null if unavailable. */
async function renderPage(doc: import("pdfjs-dist").PDFDocumentProxy, page: import("pdfjs-dist").PDFPageProxy): Promise<Uint8Array | null> {
  try {
    const [, , w, h] = page.view;
    const scale = Math.min(200 / 72, 3000 / Math.max(w!, h!));
    const viewport = page.getViewport({ scale });
    const factory = (doc as unknown as { canvasFactory: { create(w: number, h: number): { canvas: { toBuffer(t: string): Buffer }; context: unknown } } }).canvasFactory;
    const { canvas, context } = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
    await page.render({ canvasContext: context as CanvasRenderingContext2D, viewport, background: "white" }).promise;
    return new Uint8Array(canvas.toBuffer("image/png"));
  } catch {
    return null;
  }
}

export async function extractText(bytes: Uint8Array, file: { name: string; contentType?: string | null }, ocr: OcrEngine | null, onPage?: PageHook): Promise<Extracted> {
  const kind = extractKind(file.name, file.contentType);
  if (kind === "pdf") return pdfPages(bytes, ocr, onPage);
  onPage?.(1, 1);
  if (kind === "image") {
    if (!ocr) return { method: "none", pages: [], confidence: null };
    const r = await ocr.recognize(bytes);
    return { method: "ocr", pages: [tidy(r.text)], confidence: r.confidence };
  }
  if (kind === "plain") return { method: "plain", pages: [tidy(new TextDecoder().decode(bytes))], confidence: null };
  return { method: "none", pages: [], confidence: null };
}

// ---------------------------------------------------------------------------------------------
// Jobs
// ---------------------------------------------------------------------------------------------

/** Marks files as pending and queues their extraction; files of other types get no_text at once. */
export async function queueExtraction(deps: Pick<Deps, "db">, queue: JobQueue, fileIds: number[], { force = false, background = false } = {}) {
  let queued = 0;
  for (let i = 0; i < fileIds.length; i += 500) {
    const chunk = fileIds.slice(i, i + 500);
    const rows = await deps.db
      .selectFrom("storage_items as s")
      .innerJoin("aircraft as a", "a.id", "s.aircraft_id")
      .leftJoin("file_text as t", "t.file_id", "s.id")
      .select(["s.id", "s.name", "s.content_type", "s.aircraft_id", "a.organization_id", "t.status"])
      .where("s.id", "in", chunk)
      .where("s.is_folder", "=", 0)
      .where("s.blob_key", "is not", null)
      .execute();
    for (const r of rows) {
      if (!force && r.status != null) continue;
      const kind = extractKind(r.name, r.content_type);
      const status = kind === "none" ? "no_text" : "pending";
      await deps.db
        .insertInto("file_text")
        .values({ file_id: r.id, aircraft_id: r.aircraft_id, organization_id: r.organization_id, status, method: kind === "none" ? "none" : null, error: null, updated_at: nowIso() })
        .onConflict((oc) => oc.column("file_id").doUpdateSet({ status, error: null, aircraft_id: r.aircraft_id, organization_id: r.organization_id, updated_at: nowIso() }))
        .execute();
      if (kind !== "none") {
        // A backfill waits behind the files users are filing now.
        await queue.enqueue(EXTRACT_JOB, { file_id: r.id }, { dedupeKey: `${EXTRACT_JOB}:${r.id}`, ...(background ? { priority: -1 } : {}) });
        queued++;
      }
    }
  }
  return queued;
}

/** Files that have no extraction row yet (the seed's, or files from before migration 007). */
export async function queueMissingExtraction(deps: Pick<Deps, "db">, queue: JobQueue) {
  let total = 0;
  for (;;) {
    const ids = (
      await deps.db
        .selectFrom("storage_items as s")
        .leftJoin("file_text as t", "t.file_id", "s.id")
        .select("s.id")
        .where("s.is_folder", "=", 0)
        .where("s.blob_key", "is not", null)
        .where("t.file_id", "is", null)
        .orderBy("s.id")
        .limit(2000)
        .execute()
    ).map((r) => r.id);
    if (!ids.length) return total;
    total += await queueExtraction(deps, queue, ids, { background: true });
  }
}

const setStatus = (db: DB, fileId: number, values: Record<string, unknown>) =>
  db.updateTable("file_text").set({ ...values, updated_at: nowIso() }).where("file_id", "=", fileId).execute();

/** A file whose extraction job was quarantined (its worker died twice): failed with the reason. */
export async function markExtractionQuarantined(db: DB, payload: Record<string, unknown>, reason: string) {
  const fileId = Number(payload.file_id);
  if (!Number.isFinite(fileId)) return;
  await setStatus(db, fileId, { status: "failed", error: reason.slice(0, 500), extracted_at: nowIso() });
}

/**
 * The job handler: reads the blob, extracts in the sandbox (extract-sandbox.ts), stores the text (the
 * triggers index it). A file that breaks the sandbox's memory or time cap is failed with the reason
 * and never retried; a reader that crashed is retried once, then the file is failed (quarantine).
 */
export function extractTextHandler(deps: Pick<Deps, "db" | "blob">, extract: Extractor) {
  return async (job: Job) => {
    const fileId = Number(job.payload.file_id);
    const file = await deps.db
      .selectFrom("storage_items")
      .select(["id", "name", "blob_key", "content_type", "size"])
      .where("id", "=", fileId)
      .where("is_folder", "=", 0)
      .executeTakeFirst();
    if (!file?.blob_key) return; // deleted meanwhile: nothing to do
    await setStatus(deps.db, fileId, { status: "processing" });
    try {
      if (file.size > EXTRACT_MAX_BYTES) {
        await setStatus(deps.db, fileId, { status: "no_text", method: "none", pages: null, confidence: null, text: null, error: "The file is too large to read for text.", extracted_at: nowIso() });
        return;
      }
      const res = await deps.blob.read(file.blob_key);
      if (!res.ok) throw new Error(`The stored file could not be read (${res.status}).`);
      const bytes = new Uint8Array(await res.arrayBuffer());
      const out = await extract(bytes, { name: file.name, contentType: file.content_type });
      let text = out.pages.join("\f");
      if (text.length > TEXT_MAX_CHARS) text = text.slice(0, TEXT_MAX_CHARS);
      const hasText = /[\p{L}\p{N}]/u.test(text);
      await setStatus(deps.db, fileId, {
        status: hasText ? "done" : "no_text",
        method: out.method,
        pages: out.pages.length || null,
        confidence: out.confidence == null ? null : Math.round(out.confidence * 10) / 10,
        text: hasText ? text : null,
        error: null,
        extracted_at: nowIso(),
      });
    } catch (err) {
      if (err instanceof SandboxFailure && err.kind !== "crash") {
        // The file's own doing (a decompression bomb, a page that never ends): reading it again
        // would do the same, so it is failed with the reason (the OCR report shows it) and not retried.
        await setStatus(deps.db, fileId, { status: "failed", method: "none", pages: null, confidence: null, text: null, error: err.message.slice(0, 500), extracted_at: nowIso() });
        console.warn(`[jobs] text extraction of file ${fileId} stopped: ${err.message}`);
        return;
      }
      if (err instanceof SandboxFailure) {
        const crashes = await addCrash(deps.db, String(job.id));
        if (crashes >= QUARANTINE_AFTER_CRASHES) {
          await deps.db.deleteFrom("job_crashes").where("job_id", "=", String(job.id)).execute();
          await setStatus(deps.db, fileId, { status: "failed", error: `${err.message} ${quarantineReason(crashes)}`.slice(0, 500), extracted_at: nowIso() });
          return;
        }
      }
      const last = job.attempts >= job.max_attempts;
      await setStatus(deps.db, fileId, { status: last ? "failed" : "pending", error: (err instanceof Error ? err.message : String(err)).slice(0, 500) });
      throw err;
    }
  };
}

/** Counts of extraction rows by status (for tests and the bench). */
export async function textStatusCounts(db: DB) {
  const r = await sql<{ status: string; n: number }>`SELECT status, count(*) AS n FROM file_text GROUP BY status`.execute(db);
  return Object.fromEntries(r.rows.map((x) => [x.status, Number(x.n)]));
}
