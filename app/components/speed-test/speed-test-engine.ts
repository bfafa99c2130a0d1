// The speed test's network side (browser only). Loaded by the island with a dynamic import when a
// test runs (the automatic test is due, or the button is pressed), so none of this is in the page's
// first JavaScript, and a browser that tested less than 10 minutes ago does not fetch it at all
// (issue 12). runTest, failureOf and the automatic run's claim (end of file) are what the island calls.
//
// How a file is measured (docs/decisions/speed-test.md):
// - the file is split into N contiguous byte ranges (N = connectionsFor(file, lastSpeed)), fetched in
//   parallel with `Range` requests, so the parallel connections together move the file once: a thin
//   link downloads 1 MB for a 1MB test, not N MB;
// - bytes are counted as they arrive; the speed is taken over the transfer window (first byte to last,
//   see measureRun), progress is reported every 500 ms;
// - one AbortController per download; 30000 ms without finishing aborts every connection;
// - the signed link of each file is cached in localStorage for its validity (172800 s at most); a 4xx
//   from the blob store clears it and the download is retried once with a fresh link.
import { LITE_COOKIE, LITE_COOKIE_MAX_AGE_S, liteChoice, shouldAutoLite } from "~/models/lite-mode";
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
  usableSpeed,
  type BandwidthResult,
  type RunMeasure,
  type SpeedTestFile,
  type TestMode,
} from "~/models/speedtest";
import { claimAutoRun, failureMessage, releaseAutoRun, storeResult, writeLastSpeedCookie } from "~/models/speedtest";

export interface Progress {
  mode: TestMode;
  file: SpeedTestFile;
  connections: number;
  /** Bytes of the current file received so far. */
  bytes: number;
  /** Speed of the current file so far (0 until enough has arrived). */
  mbps: number;
  /** Runs finished before this one. */
  runsDone: number;
}

export interface EngineOptions {
  /** The portal route answering {url, expires_in} for ?file=1MB|5MB|10MB|50MB. */
  linkEndpoint: string;
  onProgress?: (p: Progress) => void;
  /** Aborts the test (the island unmounting). */
  signal?: AbortSignal;
  /** Seams for tests; the browser's own by default. */
  fetch?: typeof fetch;
  storage?: Pick<Storage, "getItem" | "setItem" | "removeItem"> | null;
  now?: () => number;
  clock?: () => number;
}

/** One test per page, whichever island or timer starts it. */
let active = false;
export const isRunning = () => active;

class HttpStatus extends Error {
  constructor(public status: number) {
    super(httpStatusReason(status));
  }
}

function defaultStorage(): EngineOptions["storage"] {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null; // storage disabled (privacy settings): the test still runs, nothing is remembered
  }
}

export async function runSpeedTest(mode: TestMode, opts: EngineOptions): Promise<BandwidthResult> {
  if (active) throw new SpeedTestError(REASONS.running);
  active = true;
  try {
    return await new Session(mode, opts).run();
  } finally {
    active = false;
  }
}

class Session {
  private fetch: typeof fetch;
  private storage: EngineOptions["storage"];
  private now: () => number;
  private clock: () => number;
  private runs: RunMeasure[] = [];

  constructor(
    private mode: TestMode,
    private opts: EngineOptions,
  ) {
    this.fetch = opts.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.storage = opts.storage === undefined ? defaultStorage() : opts.storage;
    this.now = opts.now ?? Date.now;
    this.clock = opts.clock ?? (() => performance.now());
  }

  async run(): Promise<BandwidthResult> {
    if (this.mode === "automatic") {
      // Start at 1MB; step up while a run took less than 2 s.
      let file: SpeedTestFile | null = AUTO_FIRST_FILE;
      while (file) {
        const m = await this.measure(file);
        file = nextAutoFile(file, m.duration);
        if (file) m.superseded = true;
      }
    } else if (this.mode === "single") {
      await this.single();
    } else {
      // Manual: single-file tests again and again until the runs add up to at least 10 s. The
      // condition uses the same figure the result reports (transfer time, first byte to last byte),
      // not the wall clock, which also counts link requests and would stop a little short.
      do await this.single();
      while (manualNeedsMore(this.runs.reduce((s, r) => s + r.duration, 0)));
    }
    const result = summarize(this.mode, this.runs);
    this.remember(result.bandwidth);
    return result;
  }

  /** The file chosen by the last speed; a run under 1 s is retried with the next larger file. */
  private async single() {
    let file: SpeedTestFile | null = chooseSingleFile(this.lastSpeed());
    while (file) {
      const m = await this.measure(file);
      file = quickRetryFile(file, m.duration);
      if (file) m.superseded = true;
    }
  }

  lastSpeed(): number | null {
    try {
      return usableSpeed(this.storage?.getItem(LAST_SPEED_KEY) ?? null);
    } catch {
      return null;
    }
  }

  private remember(speed: number) {
    if (!(speed > 0)) return;
    try {
      this.storage?.setItem(LAST_SPEED_KEY, String(Math.round(speed * 100) / 100));
    } catch {
      /* storage full or disabled */
    }
  }

  private async measure(file: SpeedTestFile): Promise<RunMeasure> {
    const connections = connectionsFor(file, this.lastSpeed());
    let url = await this.link(file, false);
    let m: RunMeasure;
    try {
      m = await this.download(file, connections, url);
    } catch (err) {
      if (!(err instanceof HttpStatus) || err.status >= 500) throw this.reason(err);
      // 4xx: the link has expired (or was revoked): forget it and retry once with a fresh one.
      this.forgetLink(file);
      url = await this.link(file, true);
      try {
        m = await this.download(file, connections, url);
      } catch (err2) {
        if (err2 instanceof HttpStatus && err2.status === 404) throw new SpeedTestError(REASONS.notFound, 404);
        if (err2 instanceof HttpStatus && err2.status < 500) throw new SpeedTestError(REASONS.expired, err2.status);
        throw this.reason(err2);
      }
    }
    this.runs.push(m);
    this.remember(m.mbps);
    return m;
  }

  private reason(err: unknown): SpeedTestError {
    if (err instanceof SpeedTestError) return err;
    if (err instanceof HttpStatus) return new SpeedTestError(err.message, err.status);
    const msg = err instanceof Error && err.message ? err.message : String(err);
    return new SpeedTestError(msg);
  }

  private async link(file: SpeedTestFile, fresh: boolean): Promise<string> {
    const key = linkCacheKey(file);
    if (!fresh) {
      let raw: string | null = null;
      try {
        raw = this.storage?.getItem(key) ?? null;
      } catch {
        raw = null;
      }
      const cached = parseCachedLink(raw, this.now());
      if (cached) return cached.url;
    }
    const sep = this.opts.linkEndpoint.includes("?") ? "&" : "?";
    let res: Response;
    try {
      res = await this.fetch(`${this.opts.linkEndpoint}${sep}file=${encodeURIComponent(file)}`, {
        headers: { Accept: "application/json" },
        credentials: "same-origin",
        cache: "no-store",
        signal: this.opts.signal,
      });
    } catch (err) {
      throw this.reason(err);
    }
    if (res.status === 404) throw new SpeedTestError(REASONS.notFound, 404);
    if (!res.ok) throw new SpeedTestError(httpStatusReason(res.status), res.status);
    let body: unknown = null;
    try {
      body = await res.json();
    } catch {
      body = null; // e.g. the sign-in page after the session ended
    }
    const b = (body ?? {}) as { url?: unknown; expires_in?: unknown };
    if (typeof b.url !== "string" || !b.url) throw new SpeedTestError(REASONS.noUrl);
    try {
      this.storage?.setItem(key, JSON.stringify(cachedLinkEntry(b.url, Number(b.expires_in), this.now())));
    } catch {
      /* not cached: the next test asks again */
    }
    return b.url;
  }

  private forgetLink(file: SpeedTestFile) {
    try {
      this.storage?.removeItem(linkCacheKey(file));
    } catch {
      /* nothing to forget */
    }
  }

  private async download(file: SpeedTestFile, connections: number, url: string): Promise<RunMeasure> {
    if (typeof AbortController !== "function") throw new SpeedTestError(REASONS.noAbort);
    const controller = new AbortController();
    if (this.opts.signal?.aborted) throw new SpeedTestError("Test cancelled");
    const onOuterAbort = () => controller.abort();
    this.opts.signal?.addEventListener("abort", onOuterAbort);

    const total = FILE_BYTES[file];
    const ranges = splitRanges(total, connections);
    const startedAt = this.clock();
    let bytes = 0;
    let firstByteAt: number | null = null;
    let firstChunkBytes = 0;
    let lastByteAt: number | null = null;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, TIMEOUT_MS);
    const report = () => {
      const t = this.clock();
      const live =
        firstByteAt !== null && t - firstByteAt >= MIN_WINDOW_MS ? mbps(bytes - firstChunkBytes, (t - firstByteAt) / 1000) : 0;
      this.opts.onProgress?.({ mode: this.mode, file, connections, bytes, mbps: live, runsDone: this.runs.length });
    };
    const ticker = setInterval(report, UPDATE_INTERVAL_MS);

    const one = async (r: { start: number; end: number }) => {
      const res = await this.fetch(url, {
        headers: { Range: `bytes=${r.start}-${r.end}` },
        cache: "no-store",
        credentials: "omit",
        signal: controller.signal,
      });
      if (res.status !== 200 && res.status !== 206) {
        void res.body?.cancel().catch(() => {});
        throw new HttpStatus(res.status);
      }
      if (!res.body) throw new SpeedTestError(REASONS.notFound);
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const at = this.clock();
        if (firstByteAt === null) {
          firstByteAt = at;
          firstChunkBytes = value.byteLength;
        }
        lastByteAt = at;
        bytes += value.byteLength;
      }
    };

    try {
      await Promise.all(ranges.map(one));
    } catch (err) {
      controller.abort(); // stop the other connections
      if (timedOut) throw new SpeedTestError(REASONS.timeout);
      if (this.opts.signal?.aborted) throw new SpeedTestError("Test cancelled");
      throw err;
    } finally {
      clearTimeout(timer);
      clearInterval(ticker);
      this.opts.signal?.removeEventListener("abort", onOuterAbort);
    }
    const endedAt = this.clock();
    report();
    return measureRun({ file, connections, startedAt, firstByteAt, firstChunkBytes, lastByteAt, endedAt, bytes });
  }
}

// ---------------------------------------------------------------------------------------------
// What the island calls (speed-test.tsx).
// ---------------------------------------------------------------------------------------------

export { claimAutoRun, releaseAutoRun };

export function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // disabled by privacy settings: every page tests, as before
  }
}

/** Runs a test and keeps its result; answers whether the next pages go to Lite mode. */
export async function runTest(mode: TestMode, opts: EngineOptions): Promise<{ result: BandwidthResult; autoLite: boolean }> {
  const result = await runSpeedTest(mode, opts);
  const at = Date.now();
  storeResult(browserStorage(), result, at);
  if (result.bandwidth > 0) writeLastSpeedCookie({ mbps: result.bandwidth, at });
  // A thin link and no choice made yet: the next pages load without scripts (Lite mode).
  const autoLite = shouldAutoLite(result.bandwidth, liteChoice(document.cookie));
  if (autoLite) {
    document.cookie = `${LITE_COOKIE}=auto; path=/; max-age=${LITE_COOKIE_MAX_AGE_S}; samesite=lax${location.protocol === "https:" ? "; secure" : ""}`;
  }
  return { result, autoLite };
}

/** The message a failed test shows. */
export const failureOf = (err: unknown) =>
  err instanceof SpeedTestError ? err.message : failureMessage(err instanceof Error && err.message ? err.message : REASONS.noUrl);
