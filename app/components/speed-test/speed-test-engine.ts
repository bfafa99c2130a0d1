// The speed test's network side (browser only; no React, no DOM: fetch and the storage it is given):
// runSpeedTest is what the top bar's widget (app/plain/widgets/speed-test.ts) calls when a test runs
// (the automatic test is due, or the button is pressed); the rules it follows are
// app/models/speedtest-run.ts's. Transport, storage and clocks are injected, so the unit tests run it
// against a fake network.
//
// How a file is measured (docs/decisions/007-speed-test.md):
// - the file is split into N contiguous byte ranges (N = connectionsFor(file, lastSpeed)), fetched in
//   parallel with `Range` requests, so the parallel connections together move the file once: a thin
//   link downloads 1 MB for a 1MB test, not N MB;
// - bytes are counted as they arrive; the speed is taken over the transfer window (first byte to last,
//   see measureRun), progress is reported every 500 ms;
// - one AbortController per download; 30000 ms without finishing aborts every connection;
// - the signed link of each file is cached in localStorage for its validity (172800 s at most); a 4xx
//   from the blob store clears it and the download is retried once with a fresh link.
import type { BandwidthResult, KV, SpeedTestFile } from "~/models/speedtest-display";
import {
  AUTO_FIRST_FILE,
  FILE_BYTES,
  LAST_SPEED_KEY,
  MIN_WINDOW_MS,
  REASONS,
  SpeedTestError,
  TIMEOUT_MS,
  UPDATE_INTERVAL_MS,
  cachedLinkEntry,
  chooseSingleFile,
  connectionsFor,
  httpStatusReason,
  linkCacheKey,
  manualNeedsMore,
  mbps,
  measureRun,
  nextAutoFile,
  parseCachedLink,
  quickRetryFile,
  splitRanges,
  summarize,
  type RunMeasure,
  type TestMode,
} from "~/models/speedtest-run";

export interface Progress {
  /** Bytes of the current file received so far. */
  bytes: number;
  /** Speed of the current file so far (0 until enough has arrived). */
  mbps: number;
}

export interface EngineOptions {
  /** The portal route answering {url, expires_in} for ?file=1MB|5MB|10MB|50MB. */
  linkEndpoint: string;
  /** Where the last speed and the signed links are kept (null: nothing is cached or remembered). */
  storage: KV | null;
  onProgress?: (p: Progress) => void;
  /** Aborts the test (the widget's element leaving the page). */
  signal?: AbortSignal;
  /** Seams for tests; the browser's own by default. */
  fetch?: typeof fetch;
  now?: () => number;
  clock?: () => number;
}

/** One test per page, whichever click or timer starts it. */
let active = false;
export const isRunning = () => active;

/** Any failure as a SpeedTestError: one of the catalogue's as it is, anything else by its message. */
const failure = (err: unknown) => (err instanceof SpeedTestError ? err : new SpeedTestError(err instanceof Error && err.message ? err.message : String(err)));
const cancelled = () => new SpeedTestError("Test cancelled");

/** Runs a test; every failure is a SpeedTestError (its message is the line the top bar shows). */
export async function runSpeedTest(mode: TestMode, opts: EngineOptions): Promise<BandwidthResult> {
  if (active) throw new SpeedTestError(REASONS.running);
  active = true;
  const { signal, onProgress, storage } = opts;
  const get = opts.fetch ?? ((input, init) => fetch(input, init));
  const now = opts.now ?? Date.now;
  const clock = opts.clock ?? (() => performance.now());
  const runs: RunMeasure[] = [];
  // Storage may be full or disabled: then nothing is cached or remembered.
  const read = (key: string) => {
    try {
      return storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  const write = (key: string, value: string | null) => {
    try {
      if (value === null) storage?.removeItem?.(key);
      else storage?.setItem(key, value);
    } catch {
      /* not kept */
    }
  };
  const remember = (speed: number) => speed > 0 && write(LAST_SPEED_KEY, String(Math.round(speed * 100) / 100));

  /** The file's signed link: the cached one unless `fresh`, else asked of the portal and cached. */
  async function link(file: SpeedTestFile, fresh: boolean): Promise<string> {
    const key = linkCacheKey(file);
    const cached = fresh ? null : parseCachedLink(read(key), now());
    if (cached) return cached.url;
    const res = await get(`${opts.linkEndpoint}?file=${file}`, { cache: "no-store", signal });
    if (res.status === 404) throw new SpeedTestError(REASONS.notFound, 404);
    if (!res.ok) throw new SpeedTestError(httpStatusReason(res.status), res.status);
    // No JSON (e.g. the sign-in page after the session ended) or no URL in it.
    const body = ((await res.json().catch(() => null)) ?? {}) as { url?: unknown; expires_in?: unknown };
    if (typeof body.url !== "string" || !body.url) throw new SpeedTestError(REASONS.noUrl);
    write(key, JSON.stringify(cachedLinkEntry(body.url, Number(body.expires_in), now())));
    return body.url;
  }

  /** One download of the file over `connections` ranges; the blob store's refusal carries its status. */
  async function download(file: SpeedTestFile, connections: number, url: string): Promise<RunMeasure> {
    if (typeof AbortController !== "function") throw new SpeedTestError(REASONS.noAbort);
    if (signal?.aborted) throw cancelled();
    const controller = new AbortController();
    const abort = () => controller.abort();
    signal?.addEventListener("abort", abort);
    const startedAt = clock();
    let bytes = 0;
    let firstByteAt: number | null = null;
    let firstChunkBytes = 0;
    let lastByteAt: number | null = null;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      abort();
    }, TIMEOUT_MS);
    const report = () => {
      const t = clock();
      onProgress?.({ bytes, mbps: firstByteAt !== null && t - firstByteAt >= MIN_WINDOW_MS ? mbps(bytes - firstChunkBytes, (t - firstByteAt) / 1000) : 0 });
    };
    const ticker = setInterval(report, UPDATE_INTERVAL_MS);
    try {
      await Promise.all(
        splitRanges(FILE_BYTES[file], connections).map(async (r) => {
          const res = await get(url, { headers: { Range: `bytes=${r.start}-${r.end}` }, cache: "no-store", credentials: "omit", signal: controller.signal });
          if (res.status !== 200 && res.status !== 206) {
            void res.body?.cancel().catch(() => {});
            throw new SpeedTestError(httpStatusReason(res.status), res.status);
          }
          const reader = res.body?.getReader();
          if (!reader) throw new SpeedTestError(REASONS.notFound);
          for (let chunk; !(chunk = await reader.read()).done; ) {
            lastByteAt = clock();
            if (firstByteAt === null) {
              firstByteAt = lastByteAt;
              firstChunkBytes = chunk.value.byteLength;
            }
            bytes += chunk.value.byteLength;
          }
        }),
      );
    } catch (err) {
      abort(); // stop the other connections
      throw timedOut ? new SpeedTestError(REASONS.timeout) : signal?.aborted ? cancelled() : err;
    } finally {
      clearTimeout(timer);
      clearInterval(ticker);
      signal?.removeEventListener("abort", abort);
    }
    const endedAt = clock();
    report();
    return measureRun({ file, connections, startedAt, firstByteAt, firstChunkBytes, lastByteAt, endedAt, bytes });
  }

  /** Measures one file; `superseded` when a larger file must replace the run (`next` says which). */
  async function measure(file: SpeedTestFile, next: (file: SpeedTestFile, durationS: number) => SpeedTestFile | null) {
    const connections = connectionsFor(file, read(LAST_SPEED_KEY));
    const url = await link(file, false);
    let m: RunMeasure;
    try {
      m = await download(file, connections, url);
    } catch (err) {
      const status = (err as SpeedTestError).status;
      if (!status || status >= 500) throw err;
      // 4xx: the link has expired (or was revoked): forget it and retry once with a fresh one.
      write(linkCacheKey(file), null);
      const fresh = await link(file, true);
      try {
        m = await download(file, connections, fresh);
      } catch (err2) {
        const status2 = (err2 as SpeedTestError).status;
        throw status2 === 404 ? new SpeedTestError(REASONS.notFound, 404) : status2 && status2 < 500 ? new SpeedTestError(REASONS.expired, status2) : err2;
      }
    }
    runs.push(m);
    remember(m.mbps);
    const bigger = next(file, m.duration);
    if (bigger) m.superseded = true;
    return bigger;
  }

  /** Automatic: from 1MB up while a run took under 2 s. Single: the file by the last speed, a larger one under 1 s. */
  async function series(file: SpeedTestFile | null, next: (file: SpeedTestFile, durationS: number) => SpeedTestFile | null) {
    while (file) file = await measure(file, next);
  }

  try {
    if (mode === "automatic") await series(AUTO_FIRST_FILE, nextAutoFile);
    else {
      // Manual: single-file tests again and again until the runs add up to at least 10 s. The
      // condition uses the same figure the result reports (transfer time, first byte to last byte),
      // not the wall clock, which also counts link requests and would stop a little short.
      do await series(chooseSingleFile(read(LAST_SPEED_KEY)), quickRetryFile);
      while (mode === "manual" && manualNeedsMore(runs.reduce((s, r) => s + r.duration, 0)));
    }
    const result = summarize(mode, runs);
    remember(result.bandwidth);
    return result;
  } catch (err) {
    throw failure(err);
  } finally {
    active = false;
  }
}
