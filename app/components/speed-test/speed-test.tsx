// The speed-test island of the top bar (spec 001 §1, §4 "Speed test", §8).
//
// Server-rendered (speed-test-island.tsx places it as a lazy island, ADR 063), it is a disabled
// button saying Loading... (the script is on its way), or the last result when the browser's cookie
// has one; without JavaScript it says "Test Speed" and why it is disabled: "The speed test needs
// JavaScript" (title, plus a visible hint in <noscript>). The browser fetches this code after the
// page's load event; live, it shows Loading... until the page has finished loading (checked every
// 1 s), runs the automatic test, repeats it every 600000 ms, and runs the manual test on click. The
// automatic test runs at most once per 600000 ms per browser (issue 12): the last result and its time
// are kept in localStorage (and its figure in a cookie, for the server's markup) and shown at once on
// the next page, every tab shares them, and a background tab waits until it is visible. The network
// code and the run's bookkeeping (speed-test-engine.ts) are imported only when a test runs.
import { Link } from "@remix-run/react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import {
  AUTO_CLAIM_TTL_MS,
  AUTO_INTERVAL_MS,
  LABELS,
  LAST_RESULT_KEY,
  LOAD_CHECK_MS,
  NO_JS_HINT,
  NO_URL_REASON,
  autoTestDelay,
  failureMessage,
  formatMbps,
  label,
  meetsThreshold,
  readStoredResult,
  writeLastSpeedCookie,
  type BandwidthResult,
  type LastSpeed,
  type SpeedTestState,
} from "~/models/speedtest-display";
import type { TestMode } from "~/models/speedtest";
import * as s from "./speed-test.css";

type Engine = typeof import("./speed-test-engine");
let engine: Promise<Engine> | null = null;
const loadEngine = () => (engine ??= import("./speed-test-engine"));

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // disabled by privacy settings: every page tests, as before
  }
}

export interface SpeedTestProps {
  /** Where signed links come from: GET {linkEndpoint}?file=1MB → {url, expires_in}. */
  linkEndpoint?: string;
  /** The last result from the browser's cookie (the layout's loader): shown before this code runs. */
  last?: LastSpeed | null;
}

export function SpeedTest({ linkEndpoint = "/resources/speed-test-link", last = null }: SpeedTestProps) {
  const [hydrated, setHydrated] = useState(false);
  const [pageLoaded, setPageLoaded] = useState(false);
  const [state, setState] = useState<SpeedTestState>("idle");
  const [result, setResult] = useState<BandwidthResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [live, setLive] = useState<number | null>(null);
  const [autoLite, setAutoLite] = useState(false);
  /** When the next automatic test is due (ms since the epoch), once it is scheduled: data-next-auto. */
  const [nextAuto, setNextAuto] = useState<number | null>(null);
  /** Where the automatic test stands: data-auto (scheduled, waiting for the tab to be visible, running). */
  const [autoState, setAutoState] = useState<"scheduled" | "waiting-visible" | "running" | null>(null);
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
      let failureOf: Engine["failureOf"] | null = null;
      try {
        const e = await loadEngine();
        failureOf = e.failureOf;
        setState("testing");
        const { result: r, autoLite: lite } = await e.runTest(mode, {
          linkEndpoint,
          signal: unmount.current?.signal,
          onProgress: (p) => setLive(p.mbps > 0 ? p.mbps : null),
        });
        setResult(r);
        setState("done");
        if (lite) setAutoLite(true);
      } catch (err) {
        if (unmount.current?.signal.aborted) return;
        setFailure(failureOf ? failureOf(err) : failureMessage(err instanceof Error && err.message ? err.message : NO_URL_REASON));
        setState("failed");
      } finally {
        busy.current = false;
        setLive(null);
      }
    },
    [linkEndpoint],
  );

  // Hydrated: show the browser's last result at once, then wait for the page to finish loading
  // (checked every 1 s).
  useEffect(() => {
    unmount.current = new AbortController();
    setHydrated(true);
    const stored = readStoredResult(browserStorage(), Date.now());
    if (stored) {
      setResult(stored.result);
      setState("done");
      // The next page's server shows it at once (a result kept before the cookie existed, too).
      if (!last || last.at !== stored.at) writeLastSpeedCookie({ mbps: stored.result.bandwidth, at: stored.at });
    }
    const check = setInterval(() => {
      if (document.readyState === "complete") {
        clearInterval(check);
        setPageLoaded(true);
      }
    }, LOAD_CHECK_MS);
    // Another tab finished a test: show its result here too.
    const onStorage = (e: StorageEvent) => {
      if (e.key !== LAST_RESULT_KEY || busy.current) return;
      const latest = readStoredResult(browserStorage(), Date.now());
      if (latest) {
        setResult(latest.result);
        setState("done");
      }
    };
    window.addEventListener("storage", onStorage);
    return () => {
      clearInterval(check);
      window.removeEventListener("storage", onStorage);
      unmount.current?.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount: `last` is the first page's
  }, []);

  // Loaded: the automatic test when it is due for this browser (at once on a first visit), then
  // every 600000 ms; never in a background tab, never twice for two tabs.
  useEffect(() => {
    if (!pageLoaded) return;
    const tabId = Math.random().toString(36).slice(2);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const schedule = (ms: number) => {
      if (stopped) return;
      setNextAuto(Date.now() + ms);
      setAutoState("scheduled");
      timer = setTimeout(due, ms);
    };
    const onVisible = () => {
      if (document.visibilityState !== "visible") return;
      document.removeEventListener("visibilitychange", onVisible);
      due();
    };
    function due() {
      if (stopped) return;
      const wait = autoTestDelay(readStoredResult(browserStorage(), Date.now())?.at ?? null, Date.now());
      if (wait > 0) return schedule(wait);
      if (document.visibilityState !== "visible") {
        setAutoState("waiting-visible");
        document.addEventListener("visibilitychange", onVisible);
        return;
      }
      // Due: the engine comes now (it holds the claim between tabs and the run).
      void loadEngine()
        .catch(() => null)
        .then((e) => {
          if (stopped) return;
          if (busy.current || (e && !e.claimAutoRun(browserStorage(), tabId, Date.now()))) {
            // Another tab is testing (or this one is): look again when it should be done.
            return schedule(Math.min(AUTO_CLAIM_TTL_MS, 5_000));
          }
          // After a run (failed or not) the next is one interval away.
          setAutoState("running");
          void run("automatic").finally(() => {
            e?.releaseAutoRun(browserStorage(), tabId);
            schedule(AUTO_INTERVAL_MS);
          });
        });
    }
    // A page left mid-test gives its claim back, so the next page can test at once (a page that never
    // loaded the engine claimed nothing).
    const onHide = () => void engine?.then((e) => e.releaseAutoRun(browserStorage(), tabId), () => undefined);
    window.addEventListener("pagehide", onHide);
    due();
    return () => {
      stopped = true;
      clearTimeout(timer);
      onHide();
      window.removeEventListener("pagehide", onHide);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [pageLoaded, run]);

  const running = state === "starting" || state === "testing";
  // Before the live state: the cookie's last result, if any (the server's markup shows it at once).
  const known = last && last.mbps > 0 ? last : null;
  const text = hydrated ? label(state, result, pageLoaded) : known ? label("done", { bandwidth: known.mbps, error: null }) : LABELS.test;
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
      data-mbps={shown ? shown.bandwidth.toFixed(3) : !hydrated && known ? known.mbps.toFixed(3) : undefined}
      data-average={shown ? shown.averageSpeed.toFixed(3) : undefined}
      data-duration={shown ? shown.duration.toFixed(3) : undefined}
      data-runs={shown ? shown.runs : undefined}
      data-next-auto={nextAuto ?? undefined}
      data-auto={autoState ?? undefined}
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
        {hydrated ? (
          text
        ) : (
          // Before the script has come: Loading... (it is on its way); without JavaScript, the <noscript>
          // style below shows "Test Speed" instead, beside the hint that it needs JavaScript.
          <>
            <span data-js-only="">{known ? text : LABELS.loading}</span>
            <span data-nojs-only="">{LABELS.test}</span>
          </>
        )}
      </button>
      <span id={statusId} className={s.figure} role="status" aria-live="polite">
        {!hydrated ? (known ? <span data-js-only="">{formatMbps(known.mbps)}</span> : "") : running ? (live !== null ? formatMbps(live) : "") : shown ? formatMbps(shown.bandwidth) : ""}
      </span>
      {autoLite ? (
        <span className={s.hint} role="status">
          Thin link: the next pages open in Lite mode, without scripts. <Link to="/user/settings">Change it in Settings</Link>
        </span>
      ) : null}
      {failure ? (
        <span className={s.error} role="alert" title={failure}>
          {failure}
        </span>
      ) : null}
      <noscript>
        <style>{"[data-js-only]{display:none!important}[data-nojs-only]{display:inline!important}"}</style>
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
