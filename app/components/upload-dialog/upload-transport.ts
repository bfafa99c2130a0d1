// The browser's transports for the upload engine: XMLHttpRequest for the blob-store POST (it is the only
// browser API with upload progress), fetch for the portal's side:
//   - the storage dialog: the JSON resource route that forwards upload_link / index_files /
//     preprocess_files / validate_files to the upstream with the session's credentials (the browser
//     never holds the upstream token);
//   - a consultant's photo or resume: the JSON resource route that asks for the upload link, then
//     saves the key on the profile (the "index" step of this flow).
import type { Family } from "~/models/storage-links";
import { CancelledError, HttpError, NetworkError, type IndexedAnswer, type UploadLink, type UploadTransport } from "./upload-engine";

export const UPLOAD_ENDPOINT = "/resources/storage/upload";

export interface TransportTarget {
  aircraftId: number;
  dir: string;
  fileid?: number | null;
  family: Family;
  endpoint?: string;
}

async function call<T>(endpoint: string, body: Record<string, unknown>, signal: AbortSignal): Promise<T> {
  let res: Response;
  try {
    res = await fetch(endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
      signal,
    });
  } catch (err) {
    if (signal.aborted) throw new CancelledError();
    throw new NetworkError(err instanceof Error ? err.message : undefined);
  }
  const data = (await res.json().catch(() => null)) as (T & { error?: string }) | null;
  if (!data && res.redirected && new URL(res.url).pathname.startsWith("/auth/login")) {
    throw new HttpError(401, "Your session has ended: sign in again.");
  }
  if (!res.ok || !data) {
    // 502/503/504 from a proxy while the network is flaky: retried like a network failure.
    if (res.status === 502 || res.status === 503 || res.status === 504 || !data) throw new NetworkError(`The server answered ${res.status}.`);
    throw new HttpError(res.status, data.error ?? `The request failed (${res.status}).`);
  }
  return data;
}

export function createBrowserTransport(t: TransportTarget): UploadTransport<File> {
  const endpoint = t.endpoint ?? UPLOAD_ENDPOINT;
  const base = { aircraft_id: t.aircraftId, dir: t.dir, fileid: t.fileid ?? undefined, family: t.family };
  return {
    uploadLink: (signal, uid) => call<UploadLink>(endpoint, { op: "link", ...base, uid: uid ?? undefined }, signal),

    indexFiles: (key, files, signal) => call<IndexedAnswer>(endpoint, { op: "index", ...base, key, files }, signal),

    preprocess: (key, files, uid, signal) => call<{ uid: string }>(endpoint, { op: "preprocess", ...base, key, files, uid: uid ?? undefined }, signal),

    validate: (uid, signal) => call<{ files: { path: string; size?: number }[] }>(endpoint, { op: "validate", ...base, uid }, signal),

    postFile: postFileToStore,
  };
}

/** POSTs one file to the blob store with a signed policy, under `key`, reporting the bytes sent. */
export function postFileToStore(link: UploadLink, key: string, file: File, onProgress: (loaded: number) => void, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(new CancelledError());
    const form = new FormData();
    for (const [k, v] of Object.entries(link.url_fields)) form.append(k, k === "key" ? key : v);
    if (!("key" in link.url_fields)) form.append("key", key);
    form.append("file", file);
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    signal.addEventListener("abort", onAbort, { once: true });
    const done = () => signal.removeEventListener("abort", onAbort);
    xhr.open("POST", link.url);
    xhr.upload.onprogress = (e) => onProgress(Math.min(file.size, e.loaded));
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      let message = `The store answered ${xhr.status}.`;
      try {
        message = (JSON.parse(xhr.responseText) as { error?: string }).error ?? message;
      } catch {
        // Not JSON: an S3 bucket's XML error (ADR 055) carries its reason in <Message>.
        message = /<Message>([^<]*)<\/Message>/.exec(xhr.responseText)?.[1] ?? message;
      }
      if (xhr.status === 502 || xhr.status === 503 || xhr.status === 504) return reject(new NetworkError(message));
      reject(new HttpError(xhr.status, message));
    };
    xhr.onerror = () => {
      done();
      reject(new NetworkError());
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(signal.aborted ? new CancelledError() : new NetworkError("The upload was interrupted."));
    };
    xhr.send(form);
  });
}

export interface ProfileDocumentTarget {
  /** The consultant whose photo or resume this is. */
  consultantId: number;
  kind: "photo" | "resume";
}

/**
 * The transport of a consultant's photo or resume: one file, saved on the profile once stored, through
 * the JSON resource route /resources/consultant-upload/{id} (the page's data is then reloaded).
 */
export function createProfileDocumentTransport(t: ProfileDocumentTarget): UploadTransport<File> {
  const endpoint = `/resources/consultant-upload/${t.consultantId}`;
  return {
    async uploadLink(signal) {
      const link = await call<UploadLink>(endpoint, { op: "link", kind: t.kind }, signal);
      if (!link.url) throw new HttpError(502, "The upload link could not be fetched.");
      return link;
    },
    postFile: postFileToStore,
    async indexFiles(keyPrefix, files, signal) {
      let message: string | null = null;
      for (const f of files) {
        const saved = await call<{ message?: string }>(endpoint, { op: "save", kind: t.kind, key: `${keyPrefix}${f.path}` }, signal);
        message = saved.message ?? null;
      }
      return { indexed: files.length, missing: [], message };
    },
  };
}
