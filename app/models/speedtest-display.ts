// The speed test's result as the top bar shows it (spec 001 §4, §8, §9): labels, thresholds, the
// last result kept in localStorage and when the automatic test is due. The island loads this with
// the page; the rules of a run (files, ranges, timing, claims) are in speedtest.ts, which the page
// fetches only when a test runs (issue 12). speedtest.ts re-exports all of this.

/** The test files (speedtest.ts lists them: SPEED_TEST_FILES). */
export type SpeedTestFile = "1MB" | "5MB" | "10MB" | "50MB";

// Business constants (spec 001 §9).
export const THRESHOLD_MBPS = 20;
export const TIMEOUT_MS = 30_000;
export const AUTO_INTERVAL_MS = 600_000;
export const LOAD_CHECK_MS = 1_000;

export type SpeedTestState = "idle" | "starting" | "testing" | "done" | "failed";

export const LABELS = {
  loading: "Loading...",
  test: "Test Speed",
  above: `Greater than ${THRESHOLD_MBPS} Mbps`,
  below: `Less than ${THRESHOLD_MBPS} Mbps`,
} as const;
export const NO_JS_HINT = "The speed test needs JavaScript";
/** The reason a failure without one shows (REASONS.noUrl). */
export const NO_URL_REASON = "No presigned URL returned from API";
export const failureMessage = (reason: string) => `Test failed: ${reason}`;

/** The spec's bandwidth result. `bandwidth` decides the label; `averageSpeed` is the mean of the runs. */
export interface BandwidthResult {
  bandwidth: number;
  duration: number;
  error: string | null;
  averageSpeed: number;
  runs: number;
  file: SpeedTestFile | null;
}

/** At or above the threshold the link meets the 20 Mbps recommendation. */
export const meetsThreshold = (bandwidth: number) => bandwidth >= THRESHOLD_MBPS;

/**
 * The button's label: Loading... while the page loads and while a test runs; Test Speed with no
 * result; Greater than / Less than 20 Mbps after a result (a failed test keeps the last good result).
 */
export function label(state: SpeedTestState, result: Pick<BandwidthResult, "bandwidth" | "error"> | null, pageLoaded = true): string {
  if (state === "starting" || state === "testing") return LABELS.loading;
  // While the page loads: Loading..., unless a result is already known (then that result, never a
  // "Loading..." beside a finished figure).
  if (!result || result.error || !(result.bandwidth > 0)) return pageLoaded ? LABELS.test : LABELS.loading;
  return meetsThreshold(result.bandwidth) ? LABELS.above : LABELS.below;
}

/** "12.3 Mbps" (one decimal; two below 1 Mbps). */
export function formatMbps(v: number): string {
  return `${v < 1 ? v.toFixed(2) : v.toFixed(1)} Mbps`;
}

// ---------------------------------------------------------------------------------------------
// The automatic test costs a thin link almost nothing (issue 12): it runs at most once per
// AUTO_INTERVAL_MS per browser, not on every page load. The last result and its time are kept in
// localStorage, shown at once on the next page, and shared by every tab; a tab about to run claims
// the run first, so two tabs opened together do not both download; a background tab never runs it.
// ---------------------------------------------------------------------------------------------

export const LAST_RESULT_KEY = "speedtest.lastResult";
/** A claim older than this is stale (its tab was closed mid-test): another tab may run. */
export const AUTO_CLAIM_TTL_MS = TIMEOUT_MS * 2;

export interface StoredResult {
  result: BandwidthResult;
  /** When the test finished (ms since the epoch). */
  at: number;
}

export type KV = Pick<Storage, "getItem" | "setItem"> & Partial<Pick<Storage, "removeItem">>;

/** The last result kept by any tab of this browser, or null (missing, malformed, or from the future). */
export function readStoredResult(storage: KV | null, now: number): StoredResult | null {
  try {
    const raw = storage?.getItem(LAST_RESULT_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<StoredResult>;
    const r = v.result as BandwidthResult | undefined;
    if (typeof v.at !== "number" || !Number.isFinite(v.at) || v.at > now + 60_000) return null;
    if (!r || typeof r.bandwidth !== "number" || !(r.bandwidth > 0)) return null;
    return { at: v.at, result: { bandwidth: r.bandwidth, duration: Number(r.duration) || 0, error: null, averageSpeed: Number(r.averageSpeed) || r.bandwidth, runs: Number(r.runs) || 1, file: r.file ?? null } };
  } catch {
    return null;
  }
}

/** How long until the automatic test is due: 0 when it has never run or the interval has passed. */
export function autoTestDelay(lastAt: number | null, now: number): number {
  if (lastAt === null) return 0;
  return Math.max(0, lastAt + AUTO_INTERVAL_MS - now);
}
