// The upload engine of the upload island (spec 000 §4 "Upload dialog", §5, §8, §9). Pure TypeScript,
// no DOM: the dialog gives it a transport (XMLHttpRequest + fetch in the browser, a fake in the unit
// tests) and renders the snapshots it emits.
//
// Standard flow: files selected → uploading (a percentage per file and overall) → done.
//   - Names go through app/models/file-names.ts: special characters become "_", exe/bat/sh are dropped
//     silently, names that still do not match the pattern are dropped.
//   - Each file is POSTed straight to the blob store with the signed policy from upload_link.json. The
//     link is refreshed every 600000 ms and whenever the store answers 403 (expired policy).
//   - index_files.json is called every 10 completed files and at the end; a file is indexed once.
//   - A network failure turns the flow offline: it waits 5000 ms, asks for a fresh link and retries the
//     same file, as often as it takes (the user may cancel). Nothing is lost.
//   - Cancel aborts the requests in flight and stops silently; files whose bytes already arrived are
//     still indexed (best effort), so the blob store keeps no object the listing does not know.
// Extended (UEF) flow: preprocessing in batches of 10 (preprocess_files.json → uid; a batch the server
// refuses is logged and skipped), uploading, then validating (validate_files.json): what the server
// reports back is uploaded again, until nothing remains. Extensions are lowercased instead of dropped.
// Single-file variant: exactly one file.
// The consultant profile's photo and resume use the single variant with their own transport (the
// "index" step saves the key on the profile) and the UEF naming (names are never refused).
import {
  SPECIAL_CHARS_WARNING,
  hasSpecialChars,
  sanitizeUploads,
  type DroppedUpload,
  type NamingFlow,
} from "~/models/file-names";

export const LINK_REFRESH_MS = 600_000;
export const OFFLINE_RETRY_MS = 5_000;
export const INDEX_EVERY = 10;
export const PREPROCESS_BATCH = 10;
/** Validation rounds before the flow gives up on files the server keeps reporting back. */
export const MAX_VALIDATE_ROUNDS = 5;
/** How often a file whose bytes the server reports missing at indexing is uploaded again. */
export const MAX_MISSING_RETRIES = 2;
/** Files uploaded at the same time. */
export const DEFAULT_CONCURRENCY = 3;

export type UploadVariant = "standard" | "uef" | "single";

export interface UploadLink {
  url: string;
  url_fields: Record<string, string>;
  key_prefix: string;
  /** Seconds the policy is valid; without it the link is kept LINK_REFRESH_MS (a 403 refreshes it sooner). */
  expires_in?: number;
  max_bytes: number;
  /** The upload prefix's id: a refresh asks for the same prefix again, so a retried file keeps its key. */
  uid?: string;
}

export interface IndexedAnswer {
  indexed: number;
  /** Paths (relative to the upload's folder) whose bytes the blob store does not hold (yet). */
  missing: string[];
  /** Paths the server refused to list (a name or size rule), with its message. */
  refused?: { path: string; message: string }[];
  message?: string | null;
}

/** The request never got an answer (connection refused, reset, aborted by the network). */
export class NetworkError extends Error {
  constructor(message = "The network is not reachable.") {
    super(message);
    this.name = "NetworkError";
  }
}

/** The server answered with an error status. */
export class HttpError extends Error {
  constructor(
    public status: number,
    message: string,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export class CancelledError extends Error {
  constructor() {
    super("The upload was cancelled.");
    this.name = "CancelledError";
  }
}

export interface UploadTransport<F> {
  /** upload_link.json: a fresh signed POST policy for this aircraft and folder (`uid`: keep the earlier prefix). */
  uploadLink(signal: AbortSignal, uid: string | null): Promise<UploadLink>;
  /** POSTs one file to the blob store under `key`. Throws NetworkError or HttpError. */
  postFile(link: UploadLink, key: string, file: F, onProgress: (loaded: number) => void, signal: AbortSignal): Promise<void>;
  /** index_files.json for files uploaded under `keyPrefix`. */
  indexFiles(keyPrefix: string, files: { path: string; size: number }[], signal: AbortSignal): Promise<IndexedAnswer>;
  /** UEF: preprocess_files.json; answers the batch's uid (the first call gets none). */
  preprocess?(keyPrefix: string, files: { path: string; size: number }[], uid: string | null, signal: AbortSignal): Promise<{ uid: string }>;
  /** UEF: validate_files.json; answers the files to upload again. */
  validate?(uid: string, signal: AbortSignal): Promise<{ files: { path: string; size?: number }[] }>;
}

export interface Selected<F> {
  file: F;
  /** The file's name, or its path relative to the chosen folder (webkitRelativePath). */
  relativePath: string;
  size: number;
}

export type Phase = "idle" | "selected" | "preprocessing" | "uploading" | "validating" | "done" | "cancelled" | "failed";
export type FileStatus = "queued" | "uploading" | "uploaded" | "indexed" | "failed" | "skipped";

export interface FileProgress {
  path: string;
  size: number;
  loaded: number;
  status: FileStatus;
  error?: string;
}

export interface UploadSnapshot {
  phase: Phase;
  offline: boolean;
  files: FileProgress[];
  dropped: DroppedUpload[];
  /** SPECIAL_CHARS_WARNING when a name had special characters replaced, else null. */
  warning: string | null;
  /** 0..100 over every accepted file's bytes. */
  percent: number;
  indexed: number;
  /** A message for the whole flow (the reason it failed, or the server's message when done). */
  message: string | null;
  errors: string[];
}

export interface EngineOptions<F> {
  transport: UploadTransport<F>;
  variant?: UploadVariant;
  /** The file-name flow (file-names.ts); by default the variant's: UEF for "uef", standard otherwise. */
  naming?: NamingFlow;
  concurrency?: number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  now?: () => number;
  log?: (message: string, detail?: unknown) => void;
  onChange?: (s: UploadSnapshot) => void;
}

interface Item<F> {
  state: FileProgress;
  file: F;
  /** The key prefix it was uploaded under (the link's key_prefix at the time). */
  keyPrefix: string | null;
  missingRetries: number;
}

/** Index calls are not aborted by Cancel: a call in flight completes, so uploaded bytes are never orphaned. */
const NEVER = new AbortController().signal;

export function defaultSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new CancelledError());
    const t = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(new CancelledError());
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

const flowOf = (variant: UploadVariant): NamingFlow => (variant === "uef" ? "uef" : "standard");

/** The dialog's view of a selection before anything is sent: what will be uploaded and what is dropped. */
export function planSelection<F>(selected: Selected<F>[], variant: UploadVariant = "standard", naming: NamingFlow = flowOf(variant)) {
  const { accepted, dropped } = sanitizeUploads(
    selected.map((s) => ({ relativePath: s.relativePath, size: s.size })),
    naming,
  );
  const byOriginal = new Map<string, Selected<F>>();
  for (const s of selected) if (!byOriginal.has(s.relativePath)) byOriginal.set(s.relativePath, s);
  const items = accepted.map((a) => ({ path: a.path, size: a.size, file: byOriginal.get(a.originalPath)!.file }));
  const warning = hasSpecialChars(selected.map((s) => s.relativePath)) ? SPECIAL_CHARS_WARNING : null;
  return { items, dropped, warning };
}

export class UploadEngine<F> {
  private transport: UploadTransport<F>;
  private variant: UploadVariant;
  private naming: NamingFlow;
  private concurrency: number;
  private sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  private now: () => number;
  private log: (message: string, detail?: unknown) => void;
  private onChange?: (s: UploadSnapshot) => void;

  private items: Item<F>[] = [];
  private dropped: DroppedUpload[] = [];
  private warning: string | null = null;
  private phase: Phase = "idle";
  private offlineWaits = 0;
  private message: string | null = null;
  private errors: string[] = [];
  private indexedCount = 0;

  private controller = new AbortController();
  private link: UploadLink | null = null;
  private linkAt = 0;
  private refreshing: Promise<UploadLink> | null = null;
  /** Uploaded, not yet sent to index_files. */
  private pendingIndex: Item<F>[] = [];
  private indexChain: Promise<void> = Promise.resolve();
  private lastServerMessage: string | null = null;

  constructor(opts: EngineOptions<F>) {
    this.transport = opts.transport;
    this.variant = opts.variant ?? "standard";
    this.naming = opts.naming ?? flowOf(this.variant);
    this.concurrency = Math.max(1, opts.concurrency ?? DEFAULT_CONCURRENCY);
    this.sleep = opts.sleep ?? defaultSleep;
    this.now = opts.now ?? (() => Date.now());
    this.log = opts.log ?? ((m, d) => console.warn(`[upload] ${m}`, d ?? ""));
    this.onChange = opts.onChange;
  }

  /** Files selected: applies the naming rules. Answers the snapshot; the single variant refuses more than one file. */
  select(selected: Selected<F>[]): UploadSnapshot {
    if (this.phase !== "idle" && this.phase !== "selected") throw new Error("An upload is already running.");
    const plan = planSelection(selected, this.variant, this.naming);
    this.items = plan.items.map((i) => ({
      state: { path: i.path, size: i.size, loaded: 0, status: "queued" },
      file: i.file,
      keyPrefix: null,
      missingRetries: 0,
    }));
    this.dropped = plan.dropped;
    this.warning = plan.warning;
    this.errors = [];
    this.message = null;
    if (this.variant === "single" && selected.length > 1) {
      this.items = [];
      this.message = "Only one file can be uploaded here.";
    }
    this.phase = this.items.length ? "selected" : "idle";
    return this.emit();
  }

  snapshot(): UploadSnapshot {
    const files = this.items.map((i) => ({ ...i.state }));
    const total = files.reduce((n, f) => n + f.size, 0);
    const done = files.filter((f) => f.status === "uploaded" || f.status === "indexed");
    const loaded = files.reduce((n, f) => n + (f.status === "uploaded" || f.status === "indexed" ? f.size : Math.min(f.loaded, f.size)), 0);
    const percent = files.length === 0 ? 0 : total === 0 ? Math.round((done.length / files.length) * 100) : Math.min(100, Math.floor((loaded / total) * 100));
    return {
      phase: this.phase,
      offline: this.offlineWaits > 0,
      files,
      dropped: this.dropped,
      warning: this.warning,
      percent,
      indexed: this.indexedCount,
      message: this.message,
      errors: [...this.errors],
    };
  }

  /** Cancel: aborts what is in flight and stops silently. */
  cancel() {
    if (this.phase === "done" || this.phase === "cancelled" || this.phase === "failed") return;
    const running = this.phase !== "idle" && this.phase !== "selected";
    this.phase = "cancelled";
    this.controller.abort();
    this.emit();
    if (running && this.pendingIndex.length) {
      // The bytes of these files are in the store already: index them so nothing is orphaned.
      const ctrl = new AbortController();
      void this.sendIndex(this.pendingIndex.splice(0), ctrl.signal, false).catch((e) => this.log("index after cancel failed", e));
    }
  }

  /** Runs the flow to its end. Resolves with the final snapshot (done, cancelled or failed); never rejects. */
  async start(): Promise<UploadSnapshot> {
    if (this.phase !== "selected") return this.snapshot();
    const signal = this.controller.signal;
    try {
      if (this.variant === "uef") await this.runUef(signal);
      else await this.runStandard(signal);
      if ((this.phase as Phase) !== "cancelled") {
        this.phase = "done";
        this.message = this.lastServerMessage;
      }
    } catch (err) {
      if (err instanceof CancelledError || signal.aborted) {
        this.phase = "cancelled";
      } else {
        this.phase = "failed";
        this.message = err instanceof Error ? err.message : String(err);
        this.log("upload failed", err);
      }
    }
    return this.emit();
  }

  // ---- flows --------------------------------------------------------------------------------------

  private async runStandard(signal: AbortSignal) {
    this.phase = "uploading";
    this.emit();
    await this.currentLink(signal);
    await this.uploadAll(this.items, signal);
    await this.flushIndex(signal, true);
  }

  private async runUef(signal: AbortSignal) {
    const t = this.transport;
    if (!t.preprocess || !t.validate) throw new Error("This upload needs the extended transport.");
    this.phase = "preprocessing";
    this.emit();
    const link = await this.currentLink(signal);
    let uid: string | null = null;
    const ready: Item<F>[] = [];
    for (let i = 0; i < this.items.length; i += PREPROCESS_BATCH) {
      const batch = this.items.slice(i, i + PREPROCESS_BATCH);
      const files = batch.map((b) => ({ path: b.state.path, size: b.state.size }));
      try {
        const r = await this.offlineRetry(signal, () => t.preprocess!(link.key_prefix, files, uid, signal));
        uid = r.uid;
        ready.push(...batch);
      } catch (err) {
        if (signal.aborted || err instanceof CancelledError) throw err;
        // Spec §8: a failed preprocessing batch is logged and skipped.
        this.log(`preprocessing batch ${i / PREPROCESS_BATCH + 1} failed and was skipped`, err);
        for (const b of batch) {
          b.state.status = "skipped";
          b.state.error = err instanceof Error ? err.message : "Preprocessing failed.";
        }
        this.errors.push(`${batch.length} file(s) skipped: ${err instanceof Error ? err.message : "preprocessing failed"}`);
        this.emit();
      }
    }
    if (!uid || !ready.length) return;
    this.phase = "uploading";
    this.emit();
    await this.uploadAll(ready, signal);
    await this.flushIndex(signal, true);

    for (let round = 0; round < MAX_VALIDATE_ROUNDS; round++) {
      this.phase = "validating";
      this.emit();
      const answer = await this.offlineRetry(signal, () => t.validate!(uid!, signal));
      const again: Item<F>[] = [];
      for (const f of answer.files) {
        const item = ready.find((r) => r.state.path === f.path.replace(/^\/+/, ""));
        if (item && !again.includes(item)) again.push(item);
        else if (!item) this.log(`validation reported a file this upload does not have: ${f.path}`);
      }
      if (!again.length) return;
      for (const item of again) {
        item.state.status = "queued";
        item.state.loaded = 0;
      }
      this.phase = "uploading";
      this.emit();
      await this.uploadAll(again, signal);
      await this.flushIndex(signal, true);
    }
    this.errors.push("Some files could not be validated by the server.");
  }

  /** Uploads `items` with a small pool of workers, indexing every INDEX_EVERY completed files. */
  private async uploadAll(items: Item<F>[], signal: AbortSignal) {
    const queue = [...items];
    const worker = async () => {
      for (let item = queue.shift(); item; item = queue.shift()) {
        if (signal.aborted) throw new CancelledError();
        const ok = await this.uploadOne(item, signal);
        if (!ok) continue;
        this.pendingIndex.push(item);
        if (this.pendingIndex.length >= INDEX_EVERY) await this.flushIndex(signal, false);
      }
    };
    const workers = Array.from({ length: Math.min(this.concurrency, queue.length) }, worker);
    const results = await Promise.allSettled(workers);
    const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    if (failed) throw failed.reason;
  }

  /** One file: true when its bytes are in the store. Network failures: offline, wait, fresh link, same file again. */
  private async uploadOne(item: Item<F>, signal: AbortSignal): Promise<boolean> {
    let refusals = 0;
    for (;;) {
      if (signal.aborted) throw new CancelledError();
      const link = await this.currentLink(signal);
      const key = `${link.key_prefix}${item.state.path}`;
      item.state.status = "uploading";
      item.state.loaded = 0;
      item.state.error = undefined;
      this.emit();
      try {
        await this.transport.postFile(
          link,
          key,
          item.file,
          (loaded) => {
            item.state.loaded = loaded;
            this.emit();
          },
          signal,
        );
        item.state.status = "uploaded";
        item.state.loaded = item.state.size;
        item.keyPrefix = link.key_prefix;
        this.emit();
        return true;
      } catch (err) {
        if (signal.aborted || err instanceof CancelledError) throw new CancelledError();
        if (err instanceof HttpError && err.status === 403 && refusals < 2) {
          // An expired or refused policy: a fresh link, then the same file again.
          refusals += 1;
          await this.refreshLink(signal);
          continue;
        }
        if (err instanceof HttpError) {
          item.state.status = "failed";
          item.state.error = err.message;
          this.errors.push(`${item.state.path}: ${err.message}`);
          this.emit();
          return false;
        }
        // Anything else is the network (spec §8: an upload failure is treated as offline).
        await this.goOffline(signal);
        await this.refreshLink(signal);
      }
    }
  }

  // ---- the signed link ----------------------------------------------------------------------------

  private async currentLink(signal: AbortSignal): Promise<UploadLink> {
    if (this.refreshing) return this.refreshing;
    const age = this.now() - this.linkAt;
    if (this.link && age < LINK_REFRESH_MS && (this.link.expires_in === undefined || age < this.link.expires_in * 1000 - 5_000)) {
      return this.link;
    }
    return this.refreshLink(signal);
  }

  private refreshLink(signal: AbortSignal): Promise<UploadLink> {
    this.refreshing ??= (async () => {
      try {
        const previous = this.link?.uid ?? null;
        const link = await this.offlineRetry(signal, () => this.transport.uploadLink(signal, previous));
        this.link = link;
        this.linkAt = this.now();
        return link;
      } finally {
        this.refreshing = null;
      }
    })();
    return this.refreshing;
  }

  // ---- indexing -----------------------------------------------------------------------------------

  /** Sends what is pending to index_files.json (serialized: one call at a time, every file once). */
  private flushIndex(signal: AbortSignal, final: boolean): Promise<void> {
    const run = async () => {
      while (this.pendingIndex.length >= (final ? 1 : INDEX_EVERY)) {
        const batch = this.pendingIndex.splice(0, final ? this.pendingIndex.length : INDEX_EVERY);
        await this.sendIndex(batch, signal, true);
      }
    };
    this.indexChain = this.indexChain.then(run, run);
    return this.indexChain;
  }

  private async sendIndex(batch: Item<F>[], signal: AbortSignal, retryMissing: boolean) {
    const groups = new Map<string, Item<F>[]>();
    for (const b of batch) {
      const k = b.keyPrefix ?? "";
      groups.set(k, [...(groups.get(k) ?? []), b]);
    }
    for (const [prefix, group] of groups) {
      const files = group.map((g) => ({ path: g.state.path, size: g.state.size }));
      let answer: IndexedAnswer;
      try {
        answer = await this.offlineRetry(signal, () => this.transport.indexFiles(prefix, files, NEVER));
      } catch (err) {
        if (signal.aborted || err instanceof CancelledError) throw err;
        const msg = err instanceof Error ? err.message : "Indexing failed.";
        for (const g of group) {
          g.state.status = "failed";
          g.state.error = msg;
        }
        this.errors.push(msg);
        this.emit();
        continue;
      }
      if (answer.message) this.lastServerMessage = answer.message;
      const missing = new Set(answer.missing.map((p) => p.replace(/^\/+/, "")));
      const refused = new Map((answer.refused ?? []).map((r) => [r.path.replace(/^\/+/, ""), r.message]));
      const again: Item<F>[] = [];
      for (const g of group) {
        const refusal = refused.get(g.state.path);
        if (refusal !== undefined) {
          g.state.status = "failed";
          g.state.error = refusal;
          this.errors.push(`${g.state.path}: ${refusal}`);
        } else if (!missing.has(g.state.path)) {
          g.state.status = "indexed";
          this.indexedCount += 1;
        } else if (retryMissing && g.missingRetries < MAX_MISSING_RETRIES) {
          g.missingRetries += 1;
          g.state.status = "queued";
          g.state.loaded = 0;
          again.push(g);
        } else {
          g.state.status = "failed";
          g.state.error = "The file did not arrive in the store.";
          this.errors.push(`${g.state.path}: the file did not arrive in the store.`);
        }
      }
      this.emit();
      if (again.length) {
        // Upload the missing ones again and index them (they were not indexed: nothing twice).
        for (const g of again) {
          if (await this.uploadOne(g, signal)) await this.sendIndex([g], signal, true);
        }
      }
    }
  }

  // ---- offline ------------------------------------------------------------------------------------

  /** Runs `fn`; on a network failure the flow is offline, waits OFFLINE_RETRY_MS and tries again. */
  private async offlineRetry<T>(signal: AbortSignal, fn: () => Promise<T>): Promise<T> {
    for (;;) {
      if (signal.aborted) throw new CancelledError();
      try {
        return await fn();
      } catch (err) {
        if (signal.aborted || err instanceof CancelledError) throw new CancelledError();
        if (err instanceof HttpError) throw err;
        await this.goOffline(signal);
      }
    }
  }

  private async goOffline(signal: AbortSignal) {
    this.offlineWaits += 1;
    this.emit();
    try {
      await this.sleep(OFFLINE_RETRY_MS, signal);
    } finally {
      this.offlineWaits -= 1;
      this.emit();
    }
  }

  private emit(): UploadSnapshot {
    const s = this.snapshot();
    this.onChange?.(s);
    return s;
  }
}
