// The speed-test island of the top bar (spec 001 §1, §4 "Speed test", §8).
//
// Server-rendered, it is a disabled button that says why: "The speed test needs JavaScript" (title,
// plus a visible hint in <noscript>). Hydrated, it shows Loading... until the page has finished
// loading (checked every 1 s), runs the automatic test, repeats it every 600000 ms, and runs the
// manual test on click. The network code (speed-test-engine.ts) is imported only then, so the page's
// first JavaScript carries this small component and the rules it needs, nothing more.
import { useCallback, useEffect, useId, useRef, useState } from "react";
import {
  AUTO_INTERVAL_MS,
  LABELS,
  LOAD_CHECK_MS,
  NO_JS_HINT,
  REASONS,
  SpeedTestError,
  failureMessage,
  formatMbps,
  label,
  meetsThreshold,
  type BandwidthResult,
  type SpeedTestState,
  type TestMode,
} from "~/models/speedtest";
import * as s from "./speed-test.css";

type Engine = typeof import("./speed-test-engine");
let engine: Promise<Engine> | null = null;
const loadEngine = () => (engine ??= import("./speed-test-engine"));

export interface SpeedTestProps {
  /** Where signed links come from: GET {linkEndpoint}?file=1MB → {url, expires_in}. */
  linkEndpoint?: string;
}

export function SpeedTest({ linkEndpoint = "/resources/speed-test-link" }: SpeedTestProps) {
  const [hydrated, setHydrated] = useState(false);
  const [pageLoaded, setPageLoaded] = useState(false);
  const [state, setState] = useState<SpeedTestState>("idle");
  const [result, setResult] = useState<BandwidthResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [live, setLive] = useState<number | null>(null);
  const busy = useRef(false);
  const unmount = useRef<AbortController | null>(null);
  const statusId = useId();

  const run = useCallback(
    async (mode: TestMode) => {
      if (busy.current) return; // one test at a time: a click or a timer while running is ignored
      busy.current = true;
      setState("starting");
      setLive(null);
      setFailure(null);
      try {
        const { runSpeedTest } = await loadEngine();
        setState("testing");
        const r = await runSpeedTest(mode, {
          linkEndpoint,
          signal: unmount.current?.signal,
          onProgress: (p) => setLive(p.mbps > 0 ? p.mbps : null),
        });
        setResult(r);
        setState("done");
      } catch (err) {
        if (unmount.current?.signal.aborted) return;
        const message =
          err instanceof SpeedTestError ? err.message : failureMessage(err instanceof Error && err.message ? err.message : REASONS.noUrl);
        setFailure(message);
        setState("failed");
      } finally {
        busy.current = false;
        setLive(null);
      }
    },
    [linkEndpoint],
  );

  // Hydrated: wait for the page to finish loading (checked every 1 s).
  useEffect(() => {
    unmount.current = new AbortController();
    setHydrated(true);
    const check = setInterval(() => {
      if (document.readyState === "complete") {
        clearInterval(check);
        setPageLoaded(true);
      }
    }, LOAD_CHECK_MS);
    return () => {
      clearInterval(check);
      unmount.current?.abort();
    };
  }, []);

  // Loaded: the automatic test now, then every 600000 ms.
  useEffect(() => {
    if (!pageLoaded) return;
    void run("automatic");
    const again = setInterval(() => void run("automatic"), AUTO_INTERVAL_MS);
    return () => clearInterval(again);
  }, [pageLoaded, run]);

  const running = state === "starting" || state === "testing";
  const text = hydrated ? label(state, result, pageLoaded) : LABELS.test;
  const tone = text === LABELS.above ? "above" : text === LABELS.below ? "below" : "neutral";
  const shown = result && result.bandwidth > 0 ? result : null;
  const title = !hydrated
    ? NO_JS_HINT
    : !pageLoaded
      ? "The speed test starts when the page has loaded"
      : running
        ? "Measuring the speed of your connection…"
        : shown
          ? `Measured ${formatMbps(shown.bandwidth)} (${meetsThreshold(shown.bandwidth) ? "meets" : "below"} the recommended 20 Mbps). Click to test again.`
          : "Test the speed of your connection to the portal";

  return (
    <div
      className={s.root}
      data-speed-test=""
      data-state={hydrated ? (pageLoaded ? state : "loading") : "static"}
      data-mbps={shown ? shown.bandwidth.toFixed(3) : undefined}
      data-average={shown ? shown.averageSpeed.toFixed(3) : undefined}
      data-duration={shown ? shown.duration.toFixed(3) : undefined}
      data-runs={shown ? shown.runs : undefined}
    >
      <button
        type="button"
        className={s.button[tone]}
        disabled={!hydrated}
        aria-disabled={hydrated && (!pageLoaded || running) ? true : undefined}
        aria-busy={running || undefined}
        aria-describedby={statusId}
        title={title}
        onClick={() => {
          if (!pageLoaded || running) return; // ignored while loading or running
          void run("manual");
        }}
      >
        <GaugeIcon spinning={hydrated && (running || !pageLoaded)} />
        {text}
      </button>
      <span id={statusId} className={s.figure} role="status" aria-live="polite">
        {!hydrated ? "" : running ? (live !== null ? formatMbps(live) : "") : shown ? formatMbps(shown.bandwidth) : ""}
      </span>
      {failure ? (
        <span className={s.error} role="alert" title={failure}>
          {failure}
        </span>
      ) : null}
      <noscript>
        <span className={s.hint}>{NO_JS_HINT}</span>
      </noscript>
    </div>
  );
}

export default SpeedTest;

function GaugeIcon({ spinning }: { spinning: boolean }) {
  return (
    <svg className={spinning ? `${s.icon} ${s.spinning}` : s.icon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      {spinning ? (
        <path d="M8 1.5a6.5 6.5 0 1 1-6.5 6.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      ) : (
        <>
          <path d="M2 11a6 6 0 1 1 12 0" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
          <path d="M8 11l3-4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </>
      )}
    </svg>
  );
}
