// The speed test's rules and constants (app/models/speedtest.ts), its engine against a fake network
// (app/components/speed-test/speed-test-engine.ts) and the test files (upstream/blob/speedtest-files.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as st from "~/models/speedtest";
import { runSpeedTest, isRunning } from "~/components/speed-test/speed-test-engine";
import { ensureSpeedTestFiles, randomBytesStream } from "../../upstream/blob/speedtest-files";
import { createLocalBlobStore } from "../../upstream/blob/local";
import { speedTestKey } from "../../upstream/ops/speedtest";

describe("constants (spec 001 §9)", () => {
  it("has the spec's figures", () => {
    expect(st.THRESHOLD_MBPS).toBe(20);
    expect(st.TIMEOUT_MS).toBe(30000);
    expect(st.UPDATE_INTERVAL_MS).toBe(500);
    expect(st.MIN_DURATION_S).toBe(2);
    expect(st.MANUAL_DURATION_S).toBe(10);
    expect(st.QUICK_THRESHOLD_S).toBe(1);
    expect(st.AUTO_INTERVAL_MS).toBe(600000);
    expect(st.LOAD_CHECK_MS).toBe(1000);
    expect(st.LINK_VALIDITY_S).toBe(172800);
    expect(st.MIN_CONNECTIONS).toBe(1);
    expect(st.MAX_CONNECTIONS).toBe(8);
  });

  it("has the four files, in SI megabytes, under speedtest/", () => {
    expect(st.SPEED_TEST_FILES).toEqual(["1MB", "5MB", "10MB", "50MB"]);
    expect(st.BYTES_PER_MB).toBe(1_000_000);
    expect(st.FILE_BYTES).toEqual({ "1MB": 1_000_000, "5MB": 5_000_000, "10MB": 10_000_000, "50MB": 50_000_000 });
    expect(st.SPEED_TEST_FILES.map(st.fileKey)).toEqual([
      "speedtest/1MB.bin",
      "speedtest/5MB.bin",
      "speedtest/10MB.bin",
      "speedtest/50MB.bin",
    ]);
    expect(st.isSpeedTestFile("10MB")).toBe(true);
    expect(st.isSpeedTestFile("2MB")).toBe(false);
    expect(st.isSpeedTestFile(null)).toBe(false);
  });

  it("has the labels and failure reasons of the catalogue", () => {
    expect(st.LABELS).toEqual({
      loading: "Loading...",
      test: "Test Speed",
      above: "Greater than 20 Mbps",
      below: "Less than 20 Mbps",
    });
    expect(st.NO_JS_HINT).toBe("The speed test needs JavaScript");
    expect(st.REASONS).toEqual({
      timeout: "Download timeout after 30000 ms",
      expired: "URL expired",
      noUrl: "No presigned URL returned from API",
      notFound: "Test file not found",
      running: "Test already running",
      noAbort: "Missing abort controller",
    });
    expect(st.httpStatusReason(503)).toBe("HTTP error 503");
    expect(st.failureMessage(st.REASONS.timeout)).toBe("Test failed: Download timeout after 30000 ms");
    const e = new st.SpeedTestError(st.REASONS.running);
    expect(e.message).toBe("Test failed: Test already running");
    expect(e.reason).toBe("Test already running");
  });
});

describe("usableSpeed: only a positive stored speed counts", () => {
  it.each([
    [42, 42],
    ["42.5", 42.5],
    [0, null],
    [-3, null],
    ["0", null],
    ["", null],
    ["abc", null],
    [null, null],
    [undefined, null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    [{}, null],
  ])("%j -> %j", (v, want) => expect(st.usableSpeed(v)).toBe(want));
});

describe("chooseSingleFile", () => {
  it.each([
    [null, "1MB"],
    [0, "1MB"],
    [-200, "1MB"],
    ["garbage", "1MB"],
    [1, "1MB"],
    [49.99, "1MB"],
    [50, "5MB"],
    [99.99, "5MB"],
    [100, "10MB"],
    [1000, "10MB"],
    ["150", "10MB"],
  ])("last speed %j -> %s", (speed, file) => expect(st.chooseSingleFile(speed)).toBe(file));
});

describe("nextLargerFile", () => {
  it("steps 1MB → 5MB → 10MB → 50MB → none", () => {
    expect(st.nextLargerFile("1MB")).toBe("5MB");
    expect(st.nextLargerFile("5MB")).toBe("10MB");
    expect(st.nextLargerFile("10MB")).toBe("50MB");
    expect(st.nextLargerFile("50MB")).toBeNull();
  });
});

describe("connectionsFor", () => {
  it("uses the base count per file without a usable last speed", () => {
    expect(st.BASE_CONNECTIONS).toEqual({ "1MB": 2, "5MB": 3, "10MB": 4, "50MB": 6 });
    for (const f of st.SPEED_TEST_FILES) {
      expect(st.connectionsFor(f, null)).toBe(st.BASE_CONNECTIONS[f]);
      expect(st.connectionsFor(f, 0)).toBe(st.BASE_CONNECTIONS[f]);
      expect(st.connectionsFor(f, -10)).toBe(st.BASE_CONNECTIONS[f]);
      expect(st.connectionsFor(f, 20)).toBe(st.BASE_CONNECTIONS[f]); // between 5 and 50: unchanged
      expect(st.connectionsFor(f, 50)).toBe(st.BASE_CONNECTIONS[f]); // "above 50" is strict
      expect(st.connectionsFor(f, 5)).toBe(st.BASE_CONNECTIONS[f]); // "below 5" is strict
    }
  });
  it("above 200 adds 2, at most 8", () => {
    expect(st.connectionsFor("1MB", 201)).toBe(4);
    expect(st.connectionsFor("5MB", 500)).toBe(5);
    expect(st.connectionsFor("10MB", 201)).toBe(6);
    expect(st.connectionsFor("50MB", 201)).toBe(8);
    expect(st.connectionsFor("1MB", 200)).toBe(3); // 200 is not above 200: +1
  });
  it("above 100 adds 1, at most 6", () => {
    expect(st.connectionsFor("1MB", 101)).toBe(3);
    expect(st.connectionsFor("5MB", 150)).toBe(4);
    expect(st.connectionsFor("10MB", 200)).toBe(5);
    expect(st.connectionsFor("50MB", 150)).toBe(6);
    expect(st.connectionsFor("1MB", 100)).toBe(2); // 100 is not above 100
  });
  it("above 50 at least 2", () => {
    for (const f of st.SPEED_TEST_FILES) expect(st.connectionsFor(f, 51)).toBe(Math.max(2, st.BASE_CONNECTIONS[f]));
  });
  it("below 5 subtracts 1, never below 1", () => {
    expect(st.connectionsFor("1MB", 4.9)).toBe(1);
    expect(st.connectionsFor("5MB", 2)).toBe(2);
    expect(st.connectionsFor("10MB", 0.5)).toBe(3);
    expect(st.connectionsFor("50MB", 1)).toBe(5);
  });
  it("stays within 1..8 for any speed", () => {
    for (const f of st.SPEED_TEST_FILES) {
      for (const sp of [0.01, 1, 4, 5, 6, 49, 51, 99, 101, 199, 201, 1e6]) {
        const n = st.connectionsFor(f, sp);
        expect(n).toBeGreaterThanOrEqual(1);
        expect(n).toBeLessThanOrEqual(8);
      }
    }
  });
});

describe("plans", () => {
  it("automatic: starts at 1MB and steps up while a run is under 2 s", () => {
    expect(st.AUTO_FIRST_FILE).toBe("1MB");
    expect(st.nextAutoFile("1MB", 0.3)).toBe("5MB");
    expect(st.nextAutoFile("5MB", 1.99)).toBe("10MB");
    expect(st.nextAutoFile("10MB", 1)).toBe("50MB");
    expect(st.nextAutoFile("50MB", 0.5)).toBeNull();
    expect(st.nextAutoFile("1MB", 2)).toBeNull();
    expect(st.nextAutoFile("5MB", 7)).toBeNull();
  });
  it("single file: a run under 1 s is retried with the next larger file", () => {
    expect(st.quickRetryFile("1MB", 0.99)).toBe("5MB");
    expect(st.quickRetryFile("10MB", 0.2)).toBe("50MB");
    expect(st.quickRetryFile("50MB", 0.2)).toBeNull();
    expect(st.quickRetryFile("1MB", 1)).toBeNull();
  });
  it("manual: repeats until at least 10 s", () => {
    expect(st.manualNeedsMore(0)).toBe(true);
    expect(st.manualNeedsMore(9.99)).toBe(true);
    expect(st.manualNeedsMore(10)).toBe(false);
    expect(st.manualNeedsMore(25)).toBe(false);
  });
});

describe("splitRanges", () => {
  it("covers the file exactly once with contiguous inclusive ranges", () => {
    for (const [total, n] of [
      [1_000_000, 2],
      [5_000_000, 3],
      [10_000_000, 7],
      [50_000_000, 8],
      [10, 1],
      [3, 8],
    ] as const) {
      const r = st.splitRanges(total, n);
      expect(r.length).toBe(Math.min(n, total));
      expect(r[0]!.start).toBe(0);
      expect(r[r.length - 1]!.end).toBe(total - 1);
      for (let i = 1; i < r.length; i++) expect(r[i]!.start).toBe(r[i - 1]!.end + 1);
      expect(r.reduce((s, x) => s + (x.end - x.start + 1), 0)).toBe(total);
    }
  });
});

describe("bandwidth computation", () => {
  it("mbps = bytes*8/seconds/1e6", () => {
    expect(st.mbps(1_000_000, 1)).toBe(8);
    expect(st.mbps(2_500_000, 1)).toBe(20);
    expect(st.mbps(50_000_000, 20)).toBe(20);
    expect(st.mbps(1000, 0)).toBe(0);
    expect(st.mbps(0, 1)).toBe(0);
  });

  it("measureRun leaves out the time to first byte and the first chunk", () => {
    // 1MB at exactly 20 Mbps behind 100 ms latency: whole run 0.5 s, window 0.4 s after the first 0 bytes.
    const m = st.measureRun({ file: "1MB", connections: 2, startedAt: 1000, firstByteAt: 1100, firstChunkBytes: 0, endedAt: 1500, bytes: 1_000_000 });
    expect(m.duration).toBeCloseTo(0.5);
    expect(m.mbps).toBeCloseTo(20);
    expect(st.mbps(1_000_000, m.duration)).toBeCloseTo(16); // what the naive figure would have said
    const m2 = st.measureRun({ file: "1MB", connections: 1, startedAt: 0, firstByteAt: 100, firstChunkBytes: 65_536, endedAt: 500, bytes: 1_065_536 });
    expect(m2.windowBytes).toBe(1_000_000);
    expect(m2.mbps).toBeCloseTo(20);
  });

  it("measureRun ends the window at the last byte, not at the end-of-stream signal", () => {
    const m = st.measureRun({ file: "5MB", connections: 3, startedAt: 0, firstByteAt: 100, firstChunkBytes: 0, lastByteAt: 2100, endedAt: 2180, bytes: 5_000_000 });
    expect(m.mbps).toBeCloseTo(20);
    expect(m.duration).toBeCloseTo(2.18);
  });

  it("measureRun falls back to the whole run when the window is too short", () => {
    const m = st.measureRun({ file: "1MB", connections: 2, startedAt: 0, firstByteAt: 990, firstChunkBytes: 900_000, endedAt: 1000, bytes: 1_000_000 });
    expect(m.windowSeconds).toBe(1);
    expect(m.mbps).toBeCloseTo(8);
    const none = st.measureRun({ file: "1MB", connections: 2, startedAt: 0, firstByteAt: null, firstChunkBytes: 0, endedAt: 1000, bytes: 0 });
    expect(none.mbps).toBe(0);
  });

  const run = (mbps: number, duration: number, file: st.SpeedTestFile = "1MB"): st.RunMeasure => ({
    file,
    duration,
    windowBytes: (mbps * 1e6 * duration) / 8,
    windowSeconds: duration,
    mbps,
  });

  it("summarize: automatic and single report the last run; manual the total; averageSpeed is the mean", () => {
    const runs = [run(10, 0.8), run(30, 1.5, "5MB"), run(32, 2.5, "10MB")];
    const auto = st.summarize("automatic", runs);
    expect(auto.bandwidth).toBe(32);
    expect(auto.file).toBe("10MB");
    expect(auto.duration).toBeCloseTo(4.8);
    expect(auto.averageSpeed).toBeCloseTo(24);
    expect(auto.runs).toBe(3);
    expect(auto.error).toBeNull();
    expect(st.summarize("single", runs).bandwidth).toBe(32);
    const manual = st.summarize("manual", runs);
    expect(manual.bandwidth).toBeCloseTo((10 * 0.8 + 30 * 1.5 + 32 * 2.5) / 4.8);
    expect(st.summarize("manual", []).bandwidth).toBe(0);
    // runs a larger file replaced (quick retries) do not count in the manual total
    const withQuick = [{ ...run(12, 0.5), superseded: true }, run(20, 2, "5MB"), { ...run(14, 0.6), superseded: true }, run(20, 2, "5MB")];
    expect(st.summarize("manual", withQuick).bandwidth).toBeCloseTo(20);
    expect(st.summarize("manual", withQuick).averageSpeed).toBeCloseTo(16.5);
    expect(st.summarize("manual", [{ ...run(12, 0.5), superseded: true }]).bandwidth).toBeCloseTo(12);
  });
});

describe("label(state, result)", () => {
  const r = (bandwidth: number) => ({ bandwidth, error: null });
  it("Loading... only while the page loads; a test under way keeps the label", () => {
    expect(st.label("idle", null, false)).toBe("Loading...");
    // A result known from an earlier page is shown while the page loads, not "Loading..." beside it.
    expect(st.label("done", r(50), false)).toBe("Greater than 20 Mbps");
    expect(st.label("testing", null)).toBe("Test Speed");
    expect(st.label("testing", r(50))).toBe("Greater than 20 Mbps");
  });
  it("Test Speed without a result", () => {
    expect(st.label("idle", null)).toBe("Test Speed");
    expect(st.label("failed", null)).toBe("Test Speed");
    expect(st.label("done", r(0))).toBe("Test Speed");
    expect(st.label("failed", { bandwidth: 0, error: "Test failed: URL expired" })).toBe("Test Speed");
  });
  it("Greater than / Less than 20 Mbps after a result", () => {
    expect(st.label("done", r(20))).toBe("Greater than 20 Mbps");
    expect(st.label("done", r(250))).toBe("Greater than 20 Mbps");
    expect(st.label("done", r(19.99))).toBe("Less than 20 Mbps");
    expect(st.label("done", r(0.5))).toBe("Less than 20 Mbps");
    expect(st.label("failed", r(35))).toBe("Greater than 20 Mbps"); // a failed retest keeps the last result
    expect(st.meetsThreshold(20)).toBe(true);
    expect(st.meetsThreshold(19.9)).toBe(false);
  });
  it("formats figures", () => {
    expect(st.formatMbps(23.456)).toBe("23.5 Mbps");
    expect(st.formatMbps(0.456)).toBe("0.46 Mbps");
  });
});

describe("the last result's cookie (ADR 063: the server shows it before the test's code comes)", () => {
  const now = 1_800_000_000_000;
  it("round-trips the figure and its time", () => {
    const v = st.lastSpeedCookieValue({ mbps: 150.12345, at: now - 5_000 });
    expect(v).toBe(`150.123_${now - 5_000}`);
    expect(st.lastSpeedFromCookie(`a=1; ${st.LAST_RESULT_COOKIE}=${v}; b=2`, now)).toEqual({ mbps: 150.123, at: now - 5_000 });
    expect(st.lastSpeedFromCookie(`${st.LAST_RESULT_COOKIE}=0.5_${now}`, now)).toEqual({ mbps: 0.5, at: now });
  });
  it("ignores a missing, malformed, zero or future value", () => {
    expect(st.lastSpeedFromCookie(null, now)).toBeNull();
    expect(st.lastSpeedFromCookie("other=1", now)).toBeNull();
    expect(st.lastSpeedFromCookie(`x${st.LAST_RESULT_COOKIE}=5_${now}`, now)).toBeNull();
    expect(st.lastSpeedFromCookie(`${st.LAST_RESULT_COOKIE}=abc_${now}`, now)).toBeNull();
    expect(st.lastSpeedFromCookie(`${st.LAST_RESULT_COOKIE}=0_${now}`, now)).toBeNull();
    expect(st.lastSpeedFromCookie(`${st.LAST_RESULT_COOKIE}=5_${now + 3_600_000}`, now)).toBeNull();
    expect(st.lastSpeedFromCookie(`${st.LAST_RESULT_COOKIE}=5_${now}<script>`, now)).toBeNull();
  });
});

describe("cached signed link", () => {
  it("keeps a link for its validity, at most 172800 s", () => {
    expect(st.linkCacheKey("5MB")).toBe("speedtest.link.5MB");
    expect(st.LAST_SPEED_KEY).toBe("speedtest.lastSpeed");
    expect(st.cachedLinkEntry("/x", 60, 1000)).toEqual({ url: "/x", expiresAt: 61_000 });
    expect(st.cachedLinkEntry("/x", 999_999, 0).expiresAt).toBe(172_800_000);
    expect(st.cachedLinkEntry("/x", Number.NaN, 0).expiresAt).toBe(172_800_000);
  });
  it("is used only while it has a full timeout left", () => {
    const raw = JSON.stringify({ url: "/x", expiresAt: 100_000 });
    expect(st.parseCachedLink(raw, 0)).toEqual({ url: "/x", expiresAt: 100_000 });
    expect(st.parseCachedLink(raw, 100_000 - 30_000)).toBeNull();
    expect(st.parseCachedLink("not json", 0)).toBeNull();
    expect(st.parseCachedLink(JSON.stringify({ url: 5, expiresAt: 1e12 }), 0)).toBeNull();
    expect(st.parseCachedLink(null, 0)).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// The engine against a fake network: a link endpoint and a blob store that serve ranged bytes.

class MemoryStorage {
  map = new Map<string, string>();
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}

interface FakeNet {
  fetch: typeof fetch;
  linkCalls: string[];
  blobCalls: { url: string; range: string | null }[];
}

/** `clock` advances by the bytes served at `mbpsRate` (a simulated link), so measured speeds are exact. */
function fakeNet(opts: {
  clock: { t: number };
  mbpsRate: number;
  linkStatus?: number;
  linkBody?: unknown;
  blobStatus?: (call: number, url: string) => number;
  latencyMs?: number;
}): FakeNet {
  const net: FakeNet = { linkCalls: [], blobCalls: [], fetch: undefined as unknown as typeof fetch };
  let linkN = 0;
  net.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith("/resources/speed-test-link")) {
      net.linkCalls.push(url);
      linkN++;
      const file = new URL(url, "http://x").searchParams.get("file");
      const body = opts.linkBody !== undefined ? opts.linkBody : { url: `/_blob/o/speedtest/${file}.bin?v=${linkN}`, expires_in: 172800 };
      return new Response(JSON.stringify(body), { status: opts.linkStatus ?? 200, headers: { "content-type": "application/json" } });
    }
    const range = new Headers(init?.headers).get("range");
    net.blobCalls.push({ url, range });
    const status = opts.blobStatus?.(net.blobCalls.length, url) ?? 206;
    if (status !== 206) return new Response(JSON.stringify({ error: "nope" }), { status });
    const m = /bytes=(\d+)-(\d+)/.exec(range ?? "")!;
    let left = Number(m[2]) - Number(m[1]) + 1;
    let first = true;
    const body = new ReadableStream<Uint8Array>({
      pull(ctrl) {
        if (left <= 0) return ctrl.close();
        const n = Math.min(64 * 1024, left);
        left -= n;
        opts.clock.t += (first ? (opts.latencyMs ?? 0) : 0) + ((n * 8) / (opts.mbpsRate * 1e6)) * 1000;
        first = false;
        ctrl.enqueue(new Uint8Array(n));
      },
    }, { highWaterMark: 0 }); // pulled only when read: the clock moves as the engine reads
    return new Response(body, { status: 206 });
  }) as typeof fetch;
  return net;
}

describe("engine", () => {
  afterEach(() => vi.useRealTimers());

  const base = (net: FakeNet, clock: { t: number }, storage = new MemoryStorage()) => ({
    linkEndpoint: "/resources/speed-test-link",
    fetch: net.fetch,
    storage,
    clock: () => clock.t,
    now: () => 1_700_000_000_000,
  });

  it("automatic: 1MB first, steps up while under 2 s, splits files into ranges, stores the last speed", async () => {
    const clock = { t: 0 };
    const net = fakeNet({ clock, mbpsRate: 30 });
    const storage = new MemoryStorage();
    const r = await runSpeedTest("automatic", base(net, clock, storage));
    // 30 Mbps: 1MB 0.27 s, 5MB 1.33 s, 10MB 2.67 s -> stop at 10MB
    expect(r.file).toBe("10MB");
    expect(r.runs).toBe(3);
    expect(r.bandwidth).toBeGreaterThan(29);
    expect(r.bandwidth).toBeLessThan(31);
    expect(Number(storage.getItem(st.LAST_SPEED_KEY))).toBeCloseTo(r.bandwidth, 1);
    // 1MB over 2 connections (no last speed), 5MB over 3, 10MB over 4 (30 Mbps: no adjustment)
    const perFile = (f: string) => net.blobCalls.filter((c) => c.url.includes(`/${f}.bin`)).length;
    expect([perFile("1MB"), perFile("5MB"), perFile("10MB")]).toEqual([2, 3, 4]);
    expect(net.blobCalls[0]!.range).toBe("bytes=0-499999");
    // one link per file, cached
    expect(net.linkCalls.length).toBe(3);
    expect(JSON.parse(storage.getItem(st.linkCacheKey("1MB"))!).url).toContain("1MB.bin");
  });

  it("automatic on a thin link stops at 1MB and uses one connection fewer below 5 Mbps", async () => {
    const clock = { t: 0 };
    const net = fakeNet({ clock, mbpsRate: 2 });
    const storage = new MemoryStorage();
    storage.setItem(st.LAST_SPEED_KEY, "2");
    const r = await runSpeedTest("automatic", base(net, clock, storage));
    expect(r.file).toBe("1MB");
    expect(r.bandwidth).toBeCloseTo(2, 1);
    expect(net.blobCalls.length).toBe(1);
    expect(st.label("done", r)).toBe("Less than 20 Mbps");
  });

  it("the measured speed ignores the request's latency", async () => {
    const clock = { t: 0 };
    const net = fakeNet({ clock, mbpsRate: 20, latencyMs: 300 });
    const r = await runSpeedTest("single", base(net, clock));
    expect(r.bandwidth).toBeGreaterThan(19.5);
    expect(st.label("done", r)).toBe("Greater than 20 Mbps");
  });

  it("single: picks the file by the last speed and retries larger under 1 s", async () => {
    const clock = { t: 0 };
    const net = fakeNet({ clock, mbpsRate: 120 });
    const storage = new MemoryStorage();
    storage.setItem(st.LAST_SPEED_KEY, "120");
    const r = await runSpeedTest("single", base(net, clock, storage));
    // 10MB at 120 Mbps = 0.67 s (< 1 s) -> 50MB
    expect(net.blobCalls.map((c) => c.url.match(/speedtest\/(\w+)\.bin/)![1])).toEqual([...Array(5).fill("10MB"), ...Array(6).fill("50MB")]);
    expect(r.file).toBe("50MB");
  });

  it("manual: repeats single-file tests for at least 10 s", async () => {
    const clock = { t: 0 };
    const net = fakeNet({ clock, mbpsRate: 3 });
    const r = await runSpeedTest("manual", base(net, clock));
    // 1MB at 3 Mbps = 2.67 s per run -> 4 runs to pass 10 s
    expect(r.runs).toBe(4);
    expect(r.duration).toBeGreaterThanOrEqual(10);
    // within 5%: the fake link lets a second connection's first chunk land before the first read
    expect(Math.abs(r.bandwidth - 3) / 3).toBeLessThan(0.05);
    expect(Math.abs(r.averageSpeed - 3) / 3).toBeLessThan(0.05);
  });

  it("a second start raises Test already running", async () => {
    const clock = { t: 0 };
    const net = fakeNet({ clock, mbpsRate: 10 });
    const first = runSpeedTest("single", base(net, clock));
    expect(isRunning()).toBe(true);
    await expect(runSpeedTest("single", base(net, clock))).rejects.toThrow("Test failed: Test already running");
    await first;
    expect(isRunning()).toBe(false);
  });

  it("uses a cached link; a 4xx clears it and retries once with a fresh link", async () => {
    const clock = { t: 0 };
    const storage = new MemoryStorage();
    storage.setItem(st.linkCacheKey("1MB"), JSON.stringify({ url: "/_blob/o/speedtest/1MB.bin?old", expiresAt: 1_700_000_000_000 + 3600_000 }));
    const net = fakeNet({ clock, mbpsRate: 10, blobStatus: (_n, url) => (url.includes("?old") ? 403 : 206) });
    const r = await runSpeedTest("single", base(net, clock, storage));
    expect(r.bandwidth).toBeCloseTo(10, 0);
    expect(net.linkCalls.filter((u) => u.endsWith("file=1MB")).length).toBe(1);
    expect(net.blobCalls.filter((c) => c.url.includes("?old")).length).toBeGreaterThan(0);
    expect(JSON.parse(storage.getItem(st.linkCacheKey("1MB"))!).url).not.toContain("?old");
  });

  it("fails with URL expired when the retry is refused too, Test file not found on a 404", async () => {
    const clock = { t: 0 };
    const net = fakeNet({ clock, mbpsRate: 10, blobStatus: () => 403 });
    await expect(runSpeedTest("single", base(net, clock))).rejects.toThrow("Test failed: URL expired");
    expect(net.linkCalls.length).toBe(2);
    const net404 = fakeNet({ clock, mbpsRate: 10, blobStatus: () => 404 });
    await expect(runSpeedTest("single", base(net404, clock))).rejects.toThrow("Test failed: Test file not found");
  });

  it("fails with the HTTP status on a 5xx (no retry)", async () => {
    const clock = { t: 0 };
    const net = fakeNet({ clock, mbpsRate: 10, blobStatus: () => 503 });
    await expect(runSpeedTest("single", base(net, clock))).rejects.toThrow("Test failed: HTTP error 503");
    expect(net.linkCalls.length).toBe(1);
  });

  it("fails when the link endpoint answers no URL, 404 or an error", async () => {
    const clock = { t: 0 };
    await expect(runSpeedTest("single", base(fakeNet({ clock, mbpsRate: 10, linkBody: {} }), clock))).rejects.toThrow(
      "Test failed: No presigned URL returned from API",
    );
    await expect(runSpeedTest("single", base(fakeNet({ clock, mbpsRate: 10, linkBody: "<html>" }), clock))).rejects.toThrow(
      "Test failed: No presigned URL returned from API",
    );
    await expect(runSpeedTest("single", base(fakeNet({ clock, mbpsRate: 10, linkStatus: 404 }), clock))).rejects.toThrow(
      "Test failed: Test file not found",
    );
    await expect(runSpeedTest("single", base(fakeNet({ clock, mbpsRate: 10, linkStatus: 500 }), clock))).rejects.toThrow(
      "Test failed: HTTP error 500",
    );
  });

  it("times out after 30000 ms and reports progress every 500 ms", async () => {
    vi.useFakeTimers();
    let aborted = false;
    const stalled = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).startsWith("/resources")) return Response.json({ url: "/_blob/o/speedtest/1MB.bin", expires_in: 60 });
      const body = new ReadableStream<Uint8Array>({
        start(ctrl) {
          ctrl.enqueue(new Uint8Array(1000));
          init?.signal?.addEventListener("abort", () => {
            aborted = true;
            ctrl.error(new DOMException("aborted", "AbortError"));
          });
        },
      });
      return new Response(body, { status: 206 });
    }) as typeof fetch;
    const ticks: number[] = [];
    const p = runSpeedTest("single", {
      linkEndpoint: "/resources/speed-test-link",
      fetch: stalled,
      storage: null,
      onProgress: (x) => ticks.push(x.bytes),
    });
    const caught = p.catch((e: Error) => e);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(aborted).toBe(false);
    expect(ticks.length).toBe(59); // every 500 ms
    await vi.advanceTimersByTimeAsync(1);
    const err = await caught;
    expect(aborted).toBe(true);
    expect((err as Error).message).toBe("Test failed: Download timeout after 30000 ms");
  });

  it("fails with Missing abort controller where AbortController does not exist", async () => {
    const clock = { t: 0 };
    const saved = globalThis.AbortController;
    // @ts-expect-error simulating an old browser
    delete globalThis.AbortController;
    try {
      await expect(runSpeedTest("single", base(fakeNet({ clock, mbpsRate: 10 }), clock))).rejects.toThrow("Test failed: Missing abort controller");
    } finally {
      globalThis.AbortController = saved;
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The test files in the blob store, and the keys the signing call accepts.

describe("speed-test files", () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "aero-speedtest-"));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("streams random bytes in chunks", async () => {
    const chunks: number[] = [];
    for await (const c of randomBytesStream(2_500_000)) chunks.push((c as Buffer).length);
    expect(chunks.reduce((a, b) => a + b, 0)).toBe(2_500_000);
    expect(Math.max(...chunks)).toBeLessThanOrEqual(1024 * 1024);
  });

  it("creates the four files once, incompressible, and repairs a wrong size", async () => {
    const blob = createLocalBlobStore(dir, { secret: "s".repeat(32), blobBaseUrl: "/_blob" });
    expect(await ensureSpeedTestFiles(blob)).toEqual(st.SPEED_TEST_FILES.map(st.fileKey));
    for (const f of st.SPEED_TEST_FILES) expect((await blob.stat(st.fileKey(f)))?.size).toBe(st.FILE_BYTES[f]);
    expect(await ensureSpeedTestFiles(blob)).toEqual([]); // second start: nothing to do
    const one = Buffer.from(await (await blob.read("speedtest/1MB.bin")).arrayBuffer());
    expect(zlib.gzipSync(one).length).toBeGreaterThan(one.length * 0.99);
    await blob.put("speedtest/5MB.bin", new Uint8Array(10));
    await blob.delete("speedtest/10MB.bin");
    expect(await ensureSpeedTestFiles(blob)).toEqual(["speedtest/5MB.bin", "speedtest/10MB.bin"]);
    expect((await blob.stat("speedtest/5MB.bin"))?.size).toBe(5_000_000);
  });

  it("only speed-test keys may be signed", () => {
    expect(speedTestKey("speedtest/1MB.bin")).toBe("speedtest/1MB.bin");
    expect(speedTestKey("/speedtest/50MB.bin")).toBe("speedtest/50MB.bin");
    expect(speedTestKey("records/1/file.pdf")).toBeNull();
    expect(speedTestKey("speedtest/../records/x.pdf")).toBeNull();
    expect(speedTestKey("speedtest/")).toBeNull();
    expect(speedTestKey("speedtestX/1MB.bin")).toBeNull();
  });
});

describe("the automatic test at most once per interval per browser (issue 12)", () => {
  const result = (bandwidth: number): st.BandwidthResult => ({ bandwidth, duration: 2.4, error: null, averageSpeed: bandwidth, runs: 2, file: "5MB" });
  const mem = () => new MemoryStorage();

  it("is due at once on a first visit, then one interval after the last result", () => {
    expect(st.autoTestDelay(null, 1_000_000)).toBe(0);
    expect(st.autoTestDelay(1_000_000, 1_000_000 + 1_000)).toBe(st.AUTO_INTERVAL_MS - 1_000);
    expect(st.autoTestDelay(1_000_000, 1_000_000 + st.AUTO_INTERVAL_MS)).toBe(0);
    expect(st.autoTestDelay(1_000_000, 1_000_000 + st.AUTO_INTERVAL_MS + 5)).toBe(0);
  });

  it("keeps the last result with its time, and ignores malformed or future entries", () => {
    const s = mem();
    expect(st.readStoredResult(s, 5_000)).toBeNull();
    st.storeResult(s, result(31.5), 5_000);
    expect(st.readStoredResult(s, 6_000)).toEqual({ at: 5_000, result: result(31.5) });
    s.setItem(st.LAST_RESULT_KEY, "{not json");
    expect(st.readStoredResult(s, 6_000)).toBeNull();
    s.setItem(st.LAST_RESULT_KEY, JSON.stringify({ at: 10_000_000, result: result(3) }));
    expect(st.readStoredResult(s, 6_000)).toBeNull(); // from the future (a clock that jumped back)
    s.setItem(st.LAST_RESULT_KEY, JSON.stringify({ at: 5_000, result: result(0) }));
    expect(st.readStoredResult(s, 6_000)).toBeNull(); // not a measurement
    expect(st.readStoredResult(null, 6_000)).toBeNull();
  });

  it("counts the interval from the later of the last result and the last automatic start", () => {
    const s = mem();
    expect(st.lastAutoRunAt(s, 10_000)).toBeNull();
    st.noteAutoStarted(s, 5_000); // started, never finished (the page was left)
    expect(st.lastAutoRunAt(s, 10_000)).toBe(5_000);
    expect(st.autoTestDelay(st.lastAutoRunAt(s, 10_000), 10_000)).toBe(st.AUTO_INTERVAL_MS - 5_000);
    st.storeResult(s, result(12), 7_000);
    expect(st.lastAutoRunAt(s, 10_000)).toBe(7_000);
    st.noteAutoStarted(s, 9_000);
    expect(st.lastAutoRunAt(s, 10_000)).toBe(9_000);
    s.setItem(st.AUTO_STARTED_KEY, "garbage");
    expect(st.lastAutoRunAt(s, 10_000)).toBe(7_000);
    expect(st.lastAutoRunAt(null, 10_000)).toBeNull();
  });

  it("lets one tab claim a due run; another tab waits while the claim is fresh", () => {
    const s = mem();
    expect(st.claimAutoRun(s, "tab-a", 1_000)).toBe(true);
    expect(st.claimAutoRun(s, "tab-b", 2_000)).toBe(false); // tab A is testing
    expect(st.claimAutoRun(s, "tab-b", 1_000 + st.AUTO_CLAIM_TTL_MS + 1)).toBe(true); // A's claim went stale
    expect(st.claimAutoRun(s, "tab-a", 1_000 + st.AUTO_CLAIM_TTL_MS + 2)).toBe(false); // now B's
    expect(st.claimAutoRun(null, "tab-a", 1)).toBe(true); // no storage: every page tests, as before
    // A claim given back (run over, or page left) frees the next tab at once; another tab's stays.
    const t = mem();
    expect(st.claimAutoRun(t, "tab-a", 1_000)).toBe(true);
    st.releaseAutoRun(t, "tab-b");
    expect(st.claimAutoRun(t, "tab-b", 1_001)).toBe(false);
    st.releaseAutoRun(t, "tab-a");
    expect(st.claimAutoRun(t, "tab-b", 1_002)).toBe(true);
  });
});
