// The network speed test's rules (spec 001 §4 "Speed test", §8, §9), for the server, the upstream (the
// test files) and the unit tests: the rules of a run (speedtest-run.ts, what the browser's engine
// loads when a test runs), the top bar's display and schedule (speedtest-display.ts, what its widget
// loads with the page), and the blob store's keys of the test files.
import { SPEED_TEST_FILES } from "./speedtest-run";
import type { SpeedTestFile } from "./speedtest-display";

export * from "./speedtest-run";
export * from "./speedtest-display";

/** Where each file lives in the blob store. Only keys under this prefix may be signed for the test. */
export const SPEED_TEST_PREFIX = "speedtest/";
export const fileKey = (file: SpeedTestFile) => `${SPEED_TEST_PREFIX}${file}.bin`;
export const isSpeedTestFile = (v: unknown): v is SpeedTestFile => typeof v === "string" && (SPEED_TEST_FILES as readonly string[]).includes(v);
