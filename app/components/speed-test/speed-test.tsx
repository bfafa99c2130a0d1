// The speed test of the top bar (spec 001 §1, §4 "Speed test", §8): its markup, as the server knows
// it. The browser's part is the plain widget app/plain/widgets/speed-test.ts (data-plain), which
// takes this markup over: it enables the button (without the no-JS title), keeps the label, the
// figure and the data attributes up to date, and shows the hidden failure and Lite-mode lines when
// they apply.
//
// Before the widget has run the button is disabled and says Loading... (the script is on its way),
// or the last result when the browser's cookie has one (the layout's loader reads it). Without
// JavaScript it says "Test Speed" and why it is disabled: "The speed test needs JavaScript" (its
// title, and a visible hint in <noscript>).
import { memo } from "react";
import { LABELS, NO_JS_HINT, formatMbps, label, meetsThreshold, type LastSpeed } from "~/models/speedtest-display";
import * as s from "./speed-test.css";

/** The status line's id (one speed test per page, in the top bar). */
const STATUS_ID = "speed-test-status";

function SpeedTestMarkup({ last }: { last: LastSpeed | null }) {
  const known = last && last.mbps > 0 ? last : null;
  return (
    <div className={s.root} data-speed-test="" data-plain="speed-test" data-state="static" data-mbps={known?.mbps.toFixed(3)}>
      <button
        type="button"
        className={s.button}
        data-tone={known ? (meetsThreshold(known.mbps) ? "above" : "below") : undefined}
        disabled
        title={NO_JS_HINT}
        aria-describedby={STATUS_ID}
      >
        <svg className={s.icon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path className={s.gauge} d="M2 11a6 6 0 1 1 12 0M8 11l3-4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
          <path className={s.arc} d="M8 1.5a6.5 6.5 0 1 1-6.5 6.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
        {/* The widget keeps the first label and removes the second; without JavaScript the <noscript>
            style below shows the second instead. */}
        <span data-js-only="">{known ? label("done", { bandwidth: known.mbps, error: null }) : LABELS.loading}</span>
        <span data-nojs-only="">{LABELS.test}</span>
      </button>
      <span id={STATUS_ID} className={s.figure} role="status" aria-live="polite" data-figure="">
        {known ? <span data-js-only="">{formatMbps(known.mbps)}</span> : null}
      </span>
      <span className={s.hint} role="status" data-lite-hint="" hidden>
        Thin link: the next pages open in Lite mode, without scripts. <a href="/user/settings">Change it in Settings</a>
      </span>
      <span className={s.error} role="alert" data-failure="" hidden />
      <noscript>
        <style>{"[data-js-only]{display:none!important}[data-nojs-only]{display:inline!important}"}</style>
        <span className={s.hint}>{NO_JS_HINT}</span>
      </noscript>
    </div>
  );
}

/**
 * Rendered once: on a hydrated page the widget owns this markup after hydration, so React never
 * renders it again (a new last result in the layout's data would otherwise undo the widget's work).
 */
export const SpeedTest = memo(SpeedTestMarkup, () => true);
