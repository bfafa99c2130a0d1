// The speed test's result as the top bar shows it (spec 001 §4, §8, §9): labels, thresholds, the
// last result kept in localStorage and in a cookie, when the automatic test is due and which tab runs
// it. The server's markup (components/speed-test/speed-test.tsx) and the top bar's widget
// (app/plain/widgets/speed-test.ts) use it; the rules of a run (files, ranges, timing) are
// speedtest-run.ts's, and speedtest.ts re-exports both. Browser-safe: no React, no server module.
import { TIMEOUT_MS } from "./speedtest-run";

/** The test files (speedtest.ts lists them: SPEED_TEST_FILES). */
export type SpeedTestFile = "1MB" | "5MB" | "10MB" | "50MB";

// Business constants (spec 001 §9).
export const THRESHOLD_MBPS = 20;
export const AUTO_INTERVAL_MS = 600_000;
export const LOAD_CHECK_MS = 1_000;

export type SpeedTestState = "idle" | "testing" | "done" | "failed";

export const LABELS = {
  loading: "Loading...",
  test: "Test Speed",
  above: `Greater than ${THRESHOLD_MBPS} Mbps`,
  below: `Less than ${THRESHOLD_MBPS} Mbps`,
} as const;
export const NO_JS_HINT = "The speed test needs JavaScript";

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
 * The button's label (spec 001 §4): Loading... only while the page loads; Test Speed with no result;
 * Greater than / Less than 20 Mbps after a result (a failed test keeps the last good result). A test
 * under way keeps the label (the widget shows it busy, with the live figure): a finished page never
 * reads "Loading...".
 */
export function label(state: SpeedTestState, result: Pick<BandwidthResult, "bandwidth" | "error"> | null, pageLoaded = true): string {
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

/** The browser's localStorage, or null where privacy settings disable it (then every page tests, as before). */
export function browserStorage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

/** The last result kept by any tab of this browser, or null (missing, malformed, or from the future). */
export function readStoredResult(storage: KV | null, now: number): StoredResult | null {
  try {
    const raw = storage?.getItem(LAST_RESULT_KEY);
    if (!raw) return null;
    const { at, result: r } = JSON.parse(raw) as Partial<StoredResult>;
    if (typeof at !== "number" || !(at <= now + 60_000) || typeof r?.bandwidth !== "number" || !(r.bandwidth > 0)) return null;
    return { at, result: { ...r, error: null } };
  } catch {
    return null;
  }
}

export function storeResult(storage: KV | null, result: BandwidthResult, now: number) {
  try {
    storage?.setItem(LAST_RESULT_KEY, JSON.stringify({ result, at: now } satisfies StoredResult));
  } catch {
    /* storage full or disabled: the next page tests again */
  }
}

/** How long until the automatic test is due: 0 when it has never run or the interval has passed. */
export function autoTestDelay(lastAt: number | null, now: number): number {
  if (lastAt === null) return 0;
  return Math.max(0, lastAt + AUTO_INTERVAL_MS - now);
}

/**
 * When the last automatic run started, finished or not: a run cut short (the page left mid-test on a
 * thin link, or failed) still counts as that interval's run, so the next page does not download the
 * test files again at once.
 */
export const AUTO_STARTED_KEY = "speedtest.autoStarted";

export function noteAutoStarted(storage: KV | null, now: number) {
  try {
    storage?.setItem(AUTO_STARTED_KEY, String(now));
  } catch {
    /* storage full or disabled */
  }
}

/** The time the interval counts from: the later of the last result and the last automatic start (null: never). */
export function lastAutoRunAt(storage: KV | null, now: number): number | null {
  let started: number | null = null;
  try {
    const n = Number(storage?.getItem(AUTO_STARTED_KEY) ?? NaN);
    if (Number.isFinite(n) && n <= now + 60_000) started = n;
  } catch {
    /* storage disabled */
  }
  const finished = readStoredResult(storage, now)?.at ?? null;
  return finished === null ? started : started === null ? finished : Math.max(started, finished);
}

export const AUTO_CLAIM_KEY = "speedtest.autoClaim";

/**
 * Claims a due automatic run (autoTestDelay 0) for this tab: false while another tab's claim is still
 * fresh (that tab is testing; its result will come through the storage).
 */
export function claimAutoRun(storage: KV | null, tabId: string, now: number): boolean {
  if (!storage) return true;
  try {
    const [owner, at] = (storage.getItem(AUTO_CLAIM_KEY) ?? "").split("@");
    if (owner && owner !== tabId && now - Number(at) < AUTO_CLAIM_TTL_MS) return false;
    storage.setItem(AUTO_CLAIM_KEY, `${tabId}@${now}`);
    return storage.getItem(AUTO_CLAIM_KEY) === `${tabId}@${now}`;
  } catch {
    return true;
  }
}

/** Gives a claim back (the run ended, or the page is going away) if it is still this tab's. */
export function releaseAutoRun(storage: KV | null, tabId: string) {
  try {
    if (storage?.getItem(AUTO_CLAIM_KEY)?.startsWith(`${tabId}@`)) storage.removeItem?.(AUTO_CLAIM_KEY);
  } catch {
    /* storage disabled */
  }
}

// ---------------------------------------------------------------------------------------------
// The last result in a cookie as well (ADR 063): the server shows it in the page's first markup, so
// the speed test's code can come after the page's load event and the result is still on screen at
// once. localStorage stays the record the schedule reads; the cookie carries the figure and its time.
// ---------------------------------------------------------------------------------------------

export const LAST_RESULT_COOKIE = "aero_speed";
/** How long the browser keeps it: 30 days. */
export const LAST_RESULT_COOKIE_MAX_AGE_S = 30 * 24 * 3600;

/** What the top bar shows before the test's code has come: the last figure (Mbps) and when it was measured. */
export interface LastSpeed {
  mbps: number;
  at: number;
}

/** The cookie's value: "<Mbps>_<ms since the epoch>". */
export const lastSpeedCookieValue = (s: LastSpeed) => `${Math.round(s.mbps * 1000) / 1000}_${Math.round(s.at)}`;

/** The last result from a Cookie header, or null (missing or malformed: the page shows Loading...). */
export function lastSpeedFromCookie(header: string | null | undefined, now: number): LastSpeed | null {
  const m = header?.match(new RegExp(`(?:^|;\\s*)${LAST_RESULT_COOKIE}=(\\d{1,6}(?:\\.\\d{1,3})?)_(\\d{1,15})(?:;|$)`));
  if (!m) return null;
  const mbps = Number(m[1]);
  const at = Number(m[2]);
  if (!(mbps > 0) || !Number.isFinite(mbps) || at > now + 60_000) return null;
  return { mbps, at };
}

/** Sets a cookie of the whole site from the browser (the speed test's figure, Lite mode's "auto"). */
export function setCookie(name: string, value: string, maxAgeS: number) {
  try {
    document.cookie = `${name}=${value}; path=/; max-age=${maxAgeS}; samesite=lax${location.protocol === "https:" ? "; secure" : ""}`;
  } catch {
    /* cookies disabled */
  }
}

/** Keeps the last result in the cookie (the browser side; failures are ignored: the page shows Loading... then the result). */
export const writeLastSpeedCookie = (s: LastSpeed) => setCookie(LAST_RESULT_COOKIE, lastSpeedCookieValue(s), LAST_RESULT_COOKIE_MAX_AGE_S);
