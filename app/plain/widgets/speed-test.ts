// The top bar's speed test in the browser (spec 001 §1, §4 "Speed test", §8), on the markup of
// components/speed-test/speed-test.tsx: Loading... until the page has finished loading (checked
// every 1 s), then the automatic test when it is due, again every 600000 ms, and the manual test on
// click (ignored while loading or running). The automatic test runs at most once per 600000 ms per
// browser: the last result and its time are kept in localStorage (and its figure in a
// cookie, for the server's markup) and shown at once on the next page, every tab shares them, a tab
// claims a due run first, and a background tab waits until it is visible. An automatic run's start
// is kept too: one cut short (the page left mid-test on a thin link) counts as that interval's run. A thin link's result turns
// Lite mode on for the next pages, unless the user chose. The network side is speed-test-engine.ts;
// both are in the page script's own file (app/plain/widgets.ts says why: ADR 073's budget).
import { runSpeedTest } from "~/components/speed-test/speed-test-engine";
import { LITE_COOKIE, LITE_COOKIE_MAX_AGE_S, liteChoice, shouldAutoLite } from "~/models/lite-mode";
import type { TestMode } from "~/models/speedtest-run";
import {
  AUTO_INTERVAL_MS,
  LABELS,
  LAST_RESULT_KEY,
  LOAD_CHECK_MS,
  autoTestDelay,
  browserStorage,
  claimAutoRun,
  formatMbps,
  label,
  lastAutoRunAt,
  noteAutoStarted,
  meetsThreshold,
  readStoredResult,
  releaseAutoRun,
  setCookie,
  storeResult,
  writeLastSpeedCookie,
  type BandwidthResult,
  type SpeedTestState,
} from "~/models/speedtest-display";

/** Where signed links come from: GET ?file=1MB → {url, expires_in}. */
const LINK_ENDPOINT = "/resources/speed-test-link";

const attr = (n: Element, name: string, on: unknown) => (on ? n.setAttribute(name, String(on)) : n.removeAttribute(name));
const text = (n: Node, v: string) => n.textContent !== v && (n.textContent = v);

/** Runs once page.ts has seen the element, after React's hydration on a page that hydrates. */
export function init(el: HTMLElement) {
  const q = <T extends Element = HTMLElement>(sel: string) => el.querySelector(sel) as T;
  const button = q<HTMLButtonElement>("button");
  const caption = q("[data-js-only]");
  const figure = q("[data-figure]");
  const failureLine = q("[data-failure]");
  q("[data-nojs-only]")?.remove();
  button.disabled = false;
  button.removeAttribute("title"); // "The speed test needs JavaScript"

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
    // A result is never taken back (a failure keeps it): only the cookie's, before any, goes. (The
    // figure as the cookie has it; the test's seconds and runs for the end-to-end tests and the bench.)
    if (shown) Object.assign(el.dataset, { mbps: shown.bandwidth.toFixed(3), duration: String(shown.duration), runs: String(shown.runs) });
    else delete el.dataset.mbps;
    attr(button, "data-tone", words === LABELS.above ? "above" : words === LABELS.below && "below");
    attr(button, "aria-disabled", !loaded || busy);
    attr(button, "aria-busy", busy);
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
    state = "testing";
    live = failure = null;
    paint();
    try {
      result = await runSpeedTest(mode, {
        linkEndpoint: LINK_ENDPOINT,
        storage,
        signal: stop.signal,
        onProgress: (p) => {
          live = p.mbps > 0 ? p.mbps : null;
          paint();
        },
      });
      state = "done";
      // Kept for the next pages and the other tabs (and the figure for the server's markup).
      const at = Date.now();
      storeResult(storage, result, at);
      if (result.bandwidth > 0) writeLastSpeedCookie({ mbps: result.bandwidth, at });
      // A thin link and no choice made yet: the next pages load without scripts (Lite mode).
      if (shouldAutoLite(result.bandwidth, liteChoice(document.cookie))) {
        setCookie(LITE_COOKIE, "auto", LITE_COOKIE_MAX_AGE_S);
        q("[data-lite-hint]").hidden = false;
      }
    } catch (err) {
      if (stop.signal.aborted) return;
      failure = (err as Error).message; // a SpeedTestError: "Test failed: {reason}"
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
    const wait = autoTestDelay(lastAutoRunAt(storage, Date.now()), Date.now());
    if (wait > 0) return schedule(wait);
    if (document.visibilityState !== "visible") {
      el.dataset.auto = "waiting-visible";
      document.addEventListener("visibilitychange", onVisible);
      return;
    }
    // Another tab is testing (or this one is): look again when it may be done.
    if (busy || !claimAutoRun(storage, tabId, Date.now())) return schedule(5_000);
    // After a run (failed, or cut short by leaving the page, or not) the next is one interval away.
    el.dataset.auto = "running";
    noteAutoStarted(storage, Date.now());
    void run("automatic").finally(() => {
      releaseAutoRun(storage, tabId);
      if (!gone()) schedule(AUTO_INTERVAL_MS);
    });
  }

  // Another tab finished a test: show its result here too.
  const onStorage = (e: StorageEvent) => {
    if (e.key !== LAST_RESULT_KEY || busy || gone()) return;
    if (showStored()) paint();
  };
  const check = setInterval(() => {
    if (gone() || document.readyState !== "complete") return;
    clearInterval(check);
    loaded = true;
    paint();
    due();
  }, LOAD_CHECK_MS);

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
  // A page left mid-test gives its claim back, so the next page can test at once.
  window.addEventListener("pagehide", () => releaseAutoRun(storage, tabId));
  window.addEventListener("storage", onStorage);

  // The browser's last result at once (the server showed the cookie's); the next page's server shows
  // it too (a result kept before the cookie existed, or by another tab since).
  const stored = showStored();
  if (stored) writeLastSpeedCookie({ mbps: stored.result.bandwidth, at: stored.at });
  paint();
}
