// The rules of one speed test run (spec 001 §4 "Speed test", §8, §9): files, connections, byte
// ranges, timing, the result, the failures, the signed-link cache. Pure functions and constants: the
// engine (app/components/speed-test/speed-test-engine.ts, the browser's network side) asks them, and so
// do the upstream (the test files), the link route and the unit tests through speedtest.ts.
// Browser-safe; the server-only parts (the blob store's keys) are speedtest.ts's.
//
// Units (docs/decisions/007-speed-test.md): one "MB" of a test file is 1,000,000 bytes (SI), and one
// Mbps is 1,000,000 bits per second, so a file of N MB carries exactly N*8 megabits.
import type { BandwidthResult, SpeedTestFile } from "./speedtest-display";

export const SPEED_TEST_FILES = ["1MB", "5MB", "10MB", "50MB"] as const satisfies readonly SpeedTestFile[];

// Business constants (spec 001 §9).
export const TIMEOUT_MS = 30_000;
export const UPDATE_INTERVAL_MS = 500;
export const MIN_DURATION_S = 2;
export const MANUAL_DURATION_S = 10;
export const QUICK_THRESHOLD_S = 1;
export const LINK_VALIDITY_S = 172_800;
export const MIN_CONNECTIONS = 1;
export const MAX_CONNECTIONS = 8;
export const BASE_CONNECTIONS: Readonly<Record<SpeedTestFile, number>> = { "1MB": 2, "5MB": 3, "10MB": 4, "50MB": 6 };

/** Failure reasons (spec 001 §8). HTTP status errors are built by httpStatusReason(). */
export const REASONS = {
  timeout: `Download timeout after ${TIMEOUT_MS} ms`,
  expired: "URL expired",
  noUrl: "No presigned URL returned from API",
  notFound: "Test file not found",
  running: "Test already running",
  noAbort: "Missing abort controller",
} as const;
export const httpStatusReason = (status: number) => `HTTP error ${status}`;
/** The line the top bar shows for a failure. */
export const failureMessage = (reason: string) => `Test failed: ${reason}`;

/** A failure whose `reason` is one of the catalogue's; its message is the line the top bar shows. */
export class SpeedTestError extends Error {
  constructor(
    public reason: string,
    public status?: number,
  ) {
    super(failureMessage(reason));
  }
}

/** Bytes in one "MB" of a test file (SI, like the Mbps it is measured in). */
export const BYTES_PER_MB = 1_000_000;
export const FILE_BYTES: Readonly<Record<SpeedTestFile, number>> = {
  "1MB": 1 * BYTES_PER_MB,
  "5MB": 5 * BYTES_PER_MB,
  "10MB": 10 * BYTES_PER_MB,
  "50MB": 50 * BYTES_PER_MB,
};

// Local storage keys (the browser's; the link cache holds one entry per file).
export const LAST_SPEED_KEY = "speedtest.lastSpeed";
export const linkCacheKey = (file: SpeedTestFile) => `speedtest.link.${file}`;

/** The stored speed counts only if it is a positive, finite number (spec: "only a positive stored speed"). */
export function usableSpeed(v: unknown): number | null {
  const n = typeof v === "string" && v.trim() !== "" ? Number(v) : v;
  return typeof n === "number" && Number.isFinite(n) && n > 0 ? n : null;
}

/** Single-file test: ≥100 Mbps → 10MB, ≥50 Mbps → 5MB, otherwise (or no usable speed) 1MB. */
export function chooseSingleFile(lastSpeed: unknown): SpeedTestFile {
  const s = usableSpeed(lastSpeed) ?? 0;
  return s >= 100 ? "10MB" : s >= 50 ? "5MB" : "1MB";
}

export function nextLargerFile(file: SpeedTestFile): SpeedTestFile | null {
  return SPEED_TEST_FILES[SPEED_TEST_FILES.indexOf(file) + 1] ?? null;
}

/**
 * Parallel connections for a file: 1MB 2, 5MB 3, 10MB 4, 50MB 6, then by the last speed: above 200
 * adds 2 (at most 8); above 100 adds 1 (at most 6); above 50 at least 2; below 5 subtracts 1. Never
 * fewer than 1 nor more than 8.
 */
export function connectionsFor(file: SpeedTestFile, lastSpeed: unknown): number {
  const base = BASE_CONNECTIONS[file];
  const s = usableSpeed(lastSpeed);
  let n = base;
  if (s !== null) {
    if (s > 200) n = Math.min(base + 2, 8);
    else if (s > 100) n = Math.min(base + 1, 6);
    else if (s > 50) n = Math.max(base, 2);
    else if (s < 5) n = base - 1;
  }
  return Math.min(MAX_CONNECTIONS, Math.max(MIN_CONNECTIONS, n));
}

/** Automatic test: starts at 1MB… */
export const AUTO_FIRST_FILE: SpeedTestFile = "1MB";
/** …and steps up to the next larger file while a run took less than 2 s. null = the test is over. */
export function nextAutoFile(file: SpeedTestFile, durationS: number): SpeedTestFile | null {
  return durationS < MIN_DURATION_S ? nextLargerFile(file) : null;
}

/** Single-file test: a run under 1 s is retried with the next larger file (null = keep this run). */
export function quickRetryFile(file: SpeedTestFile, durationS: number): SpeedTestFile | null {
  return durationS < QUICK_THRESHOLD_S ? nextLargerFile(file) : null;
}

/** Manual test: keeps repeating files until at least 10 s have passed. */
export function manualNeedsMore(elapsedS: number): boolean {
  return elapsedS < MANUAL_DURATION_S;
}

/** Byte ranges (inclusive) that split a file between `connections` parallel requests. */
export function splitRanges(totalBytes: number, connections: number): { start: number; end: number }[] {
  const n = Math.max(1, Math.min(Math.floor(connections), totalBytes));
  const size = Math.floor(totalBytes / n);
  const out: { start: number; end: number }[] = [];
  for (let i = 0; i < n; i++) out.push({ start: i * size, end: i === n - 1 ? totalBytes - 1 : (i + 1) * size - 1 });
  return out;
}

/** Megabits per second: bytes*8/seconds/1e6 (0 when no time has passed). */
export function mbps(bytes: number, seconds: number): number {
  return seconds > 0 && bytes > 0 ? (bytes * 8) / seconds / 1e6 : 0;
}

/**
 * One download of one file over N connections, as the engine timed it (ms from a monotonic clock).
 * `firstChunkBytes` is the size of the very first chunk that arrived (on any connection).
 */
export interface RunTiming {
  file: SpeedTestFile;
  connections: number;
  startedAt: number;
  firstByteAt: number | null;
  firstChunkBytes: number;
  /** When the last chunk arrived (the end of the stream may be signalled a little later). */
  lastByteAt?: number | null;
  endedAt: number;
  bytes: number;
}

export interface RunMeasure {
  file: SpeedTestFile;
  /** Whole run, request to last byte (drives the step-up and the 10 s of the manual test). */
  duration: number;
  /** Set when a larger file replaced this run (it finished too fast to be trusted on its own). */
  superseded?: boolean;
  /** Bytes and seconds of the transfer window the speed is computed from. */
  windowBytes: number;
  windowSeconds: number;
  mbps: number;
}

/** Below this window the first-byte correction is not trusted and the whole run is used. */
export const MIN_WINDOW_MS = 50;

/**
 * The speed of a run is measured over the transfer window, from the first byte to the last byte
 * (not to the end-of-stream signal, which may come later): the bytes of the first chunk arrived at
 * the window's start, so they are left out. This removes the
 * request's round trip (and the server's time to first byte), which would otherwise bias every short
 * run low; on a 20 Mbps link with 100 ms latency a 1MB run would read 16 instead of 20.
 */
export function measureRun(t: RunTiming): RunMeasure {
  const duration = Math.max(0, t.endedAt - t.startedAt) / 1000;
  const windowMs = t.firstByteAt === null ? 0 : (t.lastByteAt ?? t.endedAt) - t.firstByteAt;
  const windowBytes = t.bytes - t.firstChunkBytes;
  const useWindow = windowMs >= MIN_WINDOW_MS && windowBytes > 0;
  const bytes = useWindow ? windowBytes : t.bytes;
  const seconds = useWindow ? windowMs / 1000 : duration;
  return { file: t.file, duration, windowBytes: bytes, windowSeconds: seconds, mbps: mbps(bytes, seconds) };
}

export type TestMode = "automatic" | "manual" | "single";

const sum = (runs: RunMeasure[], of: (r: RunMeasure) => number) => runs.reduce((s, r) => s + of(r), 0);

/**
 * Automatic and single-file tests report their last (largest, longest) run: the earlier, shorter runs
 * only served to find a file big enough to measure. The manual test reports its runs together, total
 * bytes over total transfer time, leaving out the runs a larger file replaced (too short to trust:
 * connection start-up weighs most on them). averageSpeed is the mean speed of every run; duration
 * is the sum of the runs' durations.
 */
export function summarize(mode: TestMode, runs: RunMeasure[]): BandwidthResult {
  const last = runs[runs.length - 1];
  if (!last) return { bandwidth: 0, duration: 0, error: null, averageSpeed: 0, runs: 0, file: null };
  const kept = runs.filter((r) => !r.superseded);
  const counted = kept.length ? kept : runs;
  const bandwidth = mode === "manual" ? mbps(sum(counted, (r) => r.windowBytes), sum(counted, (r) => r.windowSeconds)) : last.mbps;
  return { bandwidth, duration: sum(runs, (r) => r.duration), error: null, averageSpeed: sum(runs, (r) => r.mbps) / runs.length, runs: runs.length, file: last.file };
}

/** A cached signed link: usable while it has at least one full timeout left before it expires. */
export interface CachedLink {
  url: string;
  expiresAt: number;
}
export function cachedLinkEntry(url: string, expiresInS: number, now: number): CachedLink {
  const s = expiresInS > 0 ? Math.min(expiresInS, LINK_VALIDITY_S) : LINK_VALIDITY_S;
  return { url, expiresAt: now + s * 1000 };
}
export function parseCachedLink(raw: string | null, now: number): CachedLink | null {
  try {
    const v = JSON.parse(raw ?? "null") as Partial<CachedLink> | null;
    return typeof v?.url === "string" && v.url && typeof v.expiresAt === "number" && v.expiresAt - now > TIMEOUT_MS ? { url: v.url, expiresAt: v.expiresAt } : null;
  } catch {
    return null;
  }
}
