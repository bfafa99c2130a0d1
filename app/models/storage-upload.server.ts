// The no-JS upload fallback (spec 000 §4 "Upload dialog", DESIGN §5): a plain multipart form posts to
// the files route, and this module STREAMS each file part straight into the blob store under the same
// rules as the upload island:
//   - names sanitized with app/models/file-names.ts (exe/bat/sh dropped silently, invalid names dropped);
//   - each file is POSTed to the blob store with the signed policy of upload_link.json (the store
//     checks the key prefix and the size range while the bytes flow); the link is refreshed after
//     600000 ms;
//   - index_files.json every 10 completed files and at the end; the upstream lists a file only once its
//     bytes are in the store with the stated size.
// Nothing is buffered: multipart-body.server.ts hands over one part at a time, and its bytes are piped
// into the blob store's request body as they arrive (backpressure included).
import type { AppLoadContext } from "@remix-run/node";
import { MultipartError, isMultipart, multipartParts, refusedBody, storePart, type MultipartPart } from "./multipart-body.server";
import type { Api } from "./api.server";
import { sanitizeRelativePath, type NamingFlow } from "./file-names";
import type { Family } from "./storage-links";
import { indexFiles, preprocessFiles, uploadLink, validateFiles, type UploadLinkData } from "./storage.server";

export const LINK_REFRESH_MS = 600_000;
export const INDEX_EVERY = 10;
/** A form may carry at most this many files (a guard against a runaway folder picker without JS). */
export const MAX_FORM_FILES = 1000;

export interface StreamUploadResult {
  uploaded: number;
  /** Files dropped because their name is not accepted (exe/bat/sh are dropped silently and not counted). */
  dropped: string[];
  failed: { path: string; error: string }[];
  /** The upstream's message for the last index call. */
  message: string | null;
  /** The refusal that stopped everything (no write access, not a multipart body), or null. */
  error: string | null;
}

interface Target {
  aircraftId: number;
  dir: string;
  fileid?: number | null;
  family: Family;
}

type Part = Extract<MultipartPart, { kind: "file" }>;

/** Bodies a refusal reads to its end (so the browser gets the answer, not a reset connection). */
const DISCARD_LIMIT = 32 * 1024 * 1024;

/** Reads and drops a refused request's body; a very large one is cut off instead. */
async function discardBody(request: Request) {
  if (!request.body || request.bodyUsed) return;
  const reader = request.body.getReader();
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
      if (read > DISCARD_LIMIT) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    /* the client went away */
  }
}

/**
 * Streams the files of a multipart request into the blob store and indexes them. Never throws for
 * upstream refusals: they come back in `error` / `failed` for the route to show as a toast. Throws
 * the 400 of a file name with a control character (refusedBody).
 */
export async function streamUploadToStore(request: Request, context: AppLoadContext, api: Api, target: Target): Promise<StreamUploadResult> {
  const result: StreamUploadResult = { uploaded: 0, dropped: [], failed: [], message: null, error: null };
  if (!isMultipart(request) || !request.body) {
    result.error = "Choose the files to upload.";
    await discardBody(request);
    return result;
  }
  const flow: NamingFlow = target.family === "uef" ? "uef" : "standard";

  // The link first: a user without write access is refused before any byte is read.
  let link: UploadLinkData;
  let linkAt = Date.now();
  const fetchLink = async (uid?: string) => {
    const r = await uploadLink(api, { aircraft_id: target.aircraftId, dir: target.dir, fileid: target.fileid, uid }, target.family);
    if (!r.ok) throw new Error(r.error);
    linkAt = Date.now();
    return r.data;
  };
  try {
    link = await fetchLink();
  } catch (err) {
    result.error = (err as Error).message;
    await discardBody(request);
    return result;
  }

  let pending: { path: string; size: number }[] = [];
  const flush = async () => {
    if (!pending.length) return;
    const files = pending;
    pending = [];
    if (flow === "uef") {
      const pre = await preprocessFiles(api, { key: link.key_prefix, files, uid: link.uid, aircraft_id: target.aircraftId, dir: target.dir });
      if (!pre.ok) console.warn("[upload] preprocessing batch failed and was skipped:", pre.error);
    }
    const r = await indexFiles(api, { key: link.key_prefix, files, aircraft_id: target.aircraftId, dir: target.dir, fileid: target.fileid }, target.family);
    if (!r.ok) {
      for (const f of files) result.failed.push({ path: f.path, error: r.error });
      return;
    }
    result.uploaded += r.data.indexed.length;
    result.message = r.data.message;
    for (const m of r.data.missing) result.failed.push({ path: m.path, error: "The file did not arrive completely." });
    for (const m of r.data.refused) result.failed.push({ path: m.path, error: m.message });
  };

  const uploadPart = async (part: Part) => {
    const clean = sanitizeRelativePath(part.filename, flow);
    if (!clean.ok) {
      // Its bytes are drained when the loop goes on.
      if (clean.reason !== "forbidden_extension") result.dropped.push(part.filename);
      return;
    }
    if (Date.now() - linkAt >= LINK_REFRESH_MS) link = await fetchLink(link.uid);
    const key = `${link.key_prefix}${clean.path}`;
    const stored = await storePart(context, link, key, { ...part, filename: clean.path.split("/").pop()! });
    if (stored.outcome === "unreachable") {
      result.failed.push({ path: clean.path, error: "The file could not be stored." });
      console.error("[upload] blob store POST failed", stored.cause);
      return;
    }
    if (stored.outcome === "refused") {
      result.failed.push({ path: clean.path, error: stored.error ?? `The store answered ${stored.status}.` });
      return;
    }
    pending.push({ path: clean.path, size: stored.size });
    if (pending.length >= INDEX_EVERY) await flush();
  };

  // One part at a time: the next part is not read until this one's bytes are consumed.
  let interrupted = false;
  let badBody: MultipartError | null = null;
  try {
    try {
      for await (const part of multipartParts(request, { files: MAX_FORM_FILES, fields: 50, fieldSize: 16 * 1024 }, { preservePath: true })) {
        if (part.kind === "filesLimit") result.failed.push({ path: "…", error: `At most ${MAX_FORM_FILES} files can be uploaded at once without JavaScript.` });
        else if (part.kind === "file") await uploadPart(part);
      }
    } catch (err) {
      if (!(err instanceof MultipartError)) throw err;
      if (err.reason === "not_multipart") {
        result.error = "Choose the files to upload.";
        await discardBody(request);
        return result;
      }
      if (err.refusesBody) badBody = err;
      else interrupted = true;
    }
    await flush();
    if (flow === "uef" && result.uploaded > 0) {
      const v = await validateFiles(api, { uid: link.uid, dir: target.dir });
      if (v.ok) for (const f of v.data.files) result.failed.push({ path: f.path, error: "The server could not validate this file: upload it again." });
    }
  } catch (err) {
    console.error("[upload] streaming upload failed", err);
    result.error = err instanceof Error && err.message ? err.message : "The upload failed.";
  }
  // Only a hand-made body has a control character in a file name (or a part over its limit): a 400
  // with the reason (the files before it are indexed).
  if (badBody && !result.error) throw refusedBody(badBody);
  if (interrupted && !result.error) result.error = request.signal.aborted ? "The upload was interrupted." : "The upload was interrupted: the form data was not complete.";
  return result;
}

/** The toast for a finished upload. */
export function uploadToast(r: StreamUploadResult): { type: "success" | "error"; description: string } {
  if (r.error) return { type: "error", description: r.error };
  const lines: string[] = [];
  if (r.uploaded) lines.push(r.message ?? `${r.uploaded} file(s) uploaded.`);
  if (r.dropped.length) lines.push(`Not uploaded (name not accepted): ${r.dropped.slice(0, 5).join(", ")}${r.dropped.length > 5 ? ` and ${r.dropped.length - 5} more` : ""}.`);
  for (const f of r.failed.slice(0, 5)) lines.push(`${f.path}: ${f.error}`);
  if (r.failed.length > 5) lines.push(`…and ${r.failed.length - 5} more problems.`);
  if (!r.uploaded && !lines.length) return { type: "error", description: "Choose the files to upload." };
  return { type: r.failed.length || (!r.uploaded && r.dropped.length) ? "error" : "success", description: lines.join("\n") };
}
