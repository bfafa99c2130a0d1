// The top bar's speed test in the browser (spec 001 §1, §4 "Speed test", §8), on the markup of
// components/speed-test/speed-test.tsx: Loading... until the page has finished loading (checked
// every 1 s), then the automatic test when it is due, again every 600000 ms, and the manual test on
// click (ignored while loading or running). The automatic test runs at most once per 600000 ms per
// browser (issue 12): the last result and its time are kept in localStorage (and its figure in a
// cookie, for the server's markup) and shown at once on the next page, every tab shares them, and a
// background tab waits until it is visible. The network code and the run's bookkeeping
// (speed-test-engine.ts) are imported only when a test runs, so a browser that tested less than
// 10 minutes ago does not fetch them at all.
import type { TestMode } from "~/models/speedtest";
import {
  AUTO_CLAIM_TTL_MS,
  AUTO_INTERVAL_MS,
  LABELS,
  LAST_RESULT_KEY,
  LOAD_CHECK_MS,
  NO_URL_REASON,
  autoTestDelay,
  browserStorage,
  failureMessage,
  formatMbps,
  label,
  meetsThreshold,
  readStoredResult,
  writeLastSpeedCookie,
  type BandwidthResult,
  type SpeedTestState,
} from "~/models/speedtest-display";

type Engine = typeof import("~/components/speed-test/speed-test-engine");
let engine: Promise<Engine> | null = null;
const loadEngine = () => (engine ??= import("~/components/speed-test/speed-test-engine"));

/** Where signed links come from: GET ?file=1MB → {url, expires_in}. */
const LINK_ENDPOINT = "/resources/speed-test-link";

const attr = (n: Element, name: string, v: string | null | undefined) => (v == null ? n.removeAttribute(name) : n.setAttribute(name, v));
const text = (n: Node, v: string) => n.textContent !== v && (n.textContent = v);

export function init(el: HTMLElement) {
  // A hydrated page: React first checks the server's markup (a change before would be a mismatch), then
  // sets <html data-hydrated>; a plain page has it already (page.ts).
  const html = document.documentElement;
  if ("hydrated" in html.dataset) return start(el);
  const wait = new MutationObserver(() => "hydrated" in html.dataset && (wait.disconnect(), start(el)));
  wait.observe(html, { attributeFilter: ["data-hydrated"] });
}

function start(el: HTMLElement) {
  const q = <T extends Element = HTMLElement>(sel: string) => el.querySelector(sel) as T;
  const button = q<HTMLButtonElement>("button");
  const caption = q("[data-js-only]");
  const figure = q("[data-figure]");
  const failureLine = q("[data-failure]");
  q("[data-nojs-only]")?.remove();
  button.disabled = false;

  const storage = browserStorage();
  const stop = new AbortController(); // the element left the page (a hydrated page's navigation)
  const tabId = Math.random().toString(36).slice(2);
  let loaded = false;
  let state: SpeedTestState = "idle";
  let result: BandwidthResult | null = null;
  let failure: string | null = null;
  let live: number | null = null;
  let busy = false;

  function paint() {
    const shown = result && result.bandwidth > 0 ? result : null;
    const words = label(state, result, loaded);
    el.dataset.state = loaded ? state : "loading";
    // A result is never taken back (a failure keeps it): only the cookie's, before any, goes.
    if (shown) Object.assign(el.dataset, { mbps: shown.bandwidth.toFixed(3), average: shown.averageSpeed.toFixed(3), duration: shown.duration.toFixed(3), runs: String(shown.runs) });
    else delete el.dataset.mbps;
    attr(button, "data-tone", words === LABELS.above ? "above" : words === LABELS.below ? "below" : null);
    attr(button, "aria-disabled", !loaded || busy ? "true" : null);
    attr(button, "aria-busy", busy ? "true" : null);
    button.title = !loaded
      ? "The speed test starts when the page has loaded"
      : busy
        ? "Measuring the speed of your connection…"
        : shown
          ? `Measured ${formatMbps(shown.bandwidth)} (${meetsThreshold(shown.bandwidth) ? "meets" : "below"} the recommended 20 Mbps). Click to test again.`
          : "Test the speed of your connection to the portal";
    text(caption, words);
    text(figure, busy ? (live !== null ? formatMbps(live) : "") : shown ? formatMbps(shown.bandwidth) : "");
    failureLine.hidden = !failure;
    failureLine.title = failure ?? "";
    text(failureLine, failure ?? "");
  }

  const showStored = () => {
    const stored = readStoredResult(storage, Date.now());
    if (stored) {
      result = stored.result;
      state = "done";
    }
    return stored;
  };

  async function run(mode: TestMode) {
    if (busy) return; // one test at a time: a click or a timer while running is ignored
    busy = true;
    state = "starting";
    live = failure = null;
    paint();
    let failureOf: Engine["failureOf"] | null = null;
    try {
      const e = await loadEngine();
      failureOf = e.failureOf;
      state = "testing";
      paint();
      const done = await e.runTest(mode, {
        linkEndpoint: LINK_ENDPOINT,
        signal: stop.signal,
        onProgress: (p) => {
          live = p.mbps > 0 ? p.mbps : null;
          paint();
        },
      });
      result = done.result;
      state = "done";
      if (done.autoLite) q("[data-lite-hint]").hidden = false;
    } catch (err) {
      if (stop.signal.aborted) return;
      failure = failureOf ? failureOf(err) : failureMessage(err instanceof Error && err.message ? err.message : NO_URL_REASON);
      state = "failed";
    } finally {
      busy = false;
      live = null;
      paint();
    }
  }

  // The automatic test when it is due for this browser (at once on a first visit), then every
  // 600000 ms; never in a background tab, never twice for two tabs.
  const schedule = (ms: number) => {
    el.dataset.nextAuto = String(Date.now() + ms);
    el.dataset.auto = "scheduled";
    setTimeout(due, ms);
  };
  const onVisible = () => {
    if (document.visibilityState !== "visible") return;
    document.removeEventListener("visibilitychange", onVisible);
    due();
  };
  function due() {
    if (gone()) return;
    const wait = autoTestDelay(readStoredResult(storage, Date.now())?.at ?? null, Date.now());
    if (wait > 0) return schedule(wait);
    if (document.visibilityState !== "visible") {
      el.dataset.auto = "waiting-visible";
      document.addEventListener("visibilitychange", onVisible);
      return;
    }
    // Due: the engine comes now (it holds the claim between tabs and the run).
    void loadEngine()
      .catch(() => null)
      .then((e) => {
        if (gone()) return;
        // Another tab is testing (or this one is): look again when it should be done.
        if (busy || (e && !e.claimAutoRun(storage, tabId, Date.now()))) return schedule(Math.min(AUTO_CLAIM_TTL_MS, 5_000));
        // After a run (failed or not) the next is one interval away.
        el.dataset.auto = "running";
        void run("automatic").finally(() => {
          e?.releaseAutoRun(storage, tabId);
          if (!gone()) schedule(AUTO_INTERVAL_MS);
        });
      });
  }

  // Another tab finished a test: show its result here too.
  const onStorage = (e: StorageEvent) => {
    if (e.key !== LAST_RESULT_KEY || busy || gone()) return;
    if (showStored()) paint();
  };
  const checkLoaded = () => {
    if (gone() || document.readyState !== "complete") return;
    clearInterval(check);
    loaded = true;
    paint();
    due();
  };
  const check = setInterval(checkLoaded, LOAD_CHECK_MS);

  /** True once the element has left the document: a running test is aborted, nothing more is scheduled. */
  function gone() {
    if (el.isConnected) return false;
    stop.abort();
    clearInterval(check);
    return true;
  }

  button.addEventListener("click", () => {
    if (loaded) void run("manual"); // ignored while the page loads (and while running: run)
  });
  // A page left mid-test gives its claim back, so the next page can test at once (a page that never
  // loaded the engine claimed nothing).
  window.addEventListener("pagehide", () => void engine?.then((e) => e.releaseAutoRun(storage, tabId), () => undefined));
  window.addEventListener("storage", onStorage);

  // The browser's last result at once (the server showed the cookie's); the next page's server shows
  // it too (a result kept before the cookie existed, or by another tab since).
  const stored = showStored();
  if (stored) writeLastSpeedCookie({ mbps: stored.result.bandwidth, at: stored.at });
  paint();
}
