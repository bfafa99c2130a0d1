// A screen's export and share buttons (spec 001 §2 "Top bar"; issue 13 item 5, ADR 051). Pages put
// them in the top bar's actions slot through their route `handle` (`actions: <ScreenActions …/>`),
// so they hide with the top bar in full-screen mode. Each export is a POST form to
// /resources/ops-export: without JavaScript the answer is the file (a refusal comes back as a toast);
// with JavaScript the page script (app/plain/page.ts, form[data-export]) fetches the file in place so
// the page can say "download has initiated" and show a refusal for 15 seconds (spec 001 §8). Share is a link that opens the page's share dialog (in the
// URL). A screen with several exports lists them in an "Export" disclosure (a <details data-menu>,
// which opens without JavaScript and closes like the shell's other menus); one export is a button.
import { Link } from "@remix-run/react";
import { createContext, useContext, type ReactNode } from "react";
import { ChevronDownIcon } from "~/components/icons/chevron-down";
import { DownloadIcon } from "~/components/icons/download";
import { ShareIcon } from "~/components/icons/share";
import * as ui from "~/components/ui/ui.css";
import * as s from "./export-actions.css";

export type DownloadKind = "pdf" | "excel" | "dfp" | "binder-current" | "binder-full" | "general-pdf" | "general-excel" | "notifications-excel" | "full-excel" | "wo-pdf" | "wo-excel" | "logbook-pdf";

type ExportContextValue = { fields: Record<string, string>; back: string; look: "button" | "item" | "top" };
const ExportContext = createContext<ExportContextValue>({ fields: {}, back: "/", look: "button" });

/** Export buttons in a row inside a page (e.g. the data file of the Excel import panel). */
export function ExportBar({ fields, back, children }: { fields: Record<string, string>; back: string; children: ReactNode }) {
  return (
    <div className={ui.row} role="group" aria-label="Downloads">
      <ExportContext.Provider value={{ fields, back, look: "button" }}>{children}</ExportContext.Provider>
    </div>
  );
}

/**
 * The screen's exports and share for the top bar: Share (when `shareHref` is given), then the exports,
 * in an "Export" menu when there are several, else as one button.
 */
export function ScreenActions({ fields, back, shareHref, children }: { fields: Record<string, string>; back: string; shareHref?: string; children: ReactNode }) {
  const exports = (Array.isArray(children) ? children : [children]).flat().filter(Boolean);
  const menu = exports.length > 1;
  return (
    <div className={s.group} role="group" aria-label="Export and share" data-screen-actions="">
      {shareHref ? (
        <Link
          to={shareHref}
          preventScrollReset
          className={`${ui.button.secondary} ${ui.buttonSmall} ${s.button} ${s.iconOnlyNarrow} ${menu ? s.notOnPhones : ""}`}
          title="Share this screen by e-mail"
        >
          <ShareIcon size={16} />
          <span className={s.wordsNarrow}>Share</span>
        </Link>
      ) : null}
      {menu ? (
        <details className={s.menu} data-menu="">
          <summary className={`${ui.button.secondary} ${ui.buttonSmall} ${s.button} ${s.summary} ${s.iconOnlyNarrow}`} title={shareHref ? "Download or share this screen" : "Download this screen as PDF or Excel"}>
            <DownloadIcon size={16} />
            <span className={s.wordsNarrow}>Export</span>
            <ChevronDownIcon size={14} className={s.chevron} />
          </summary>
          <div className={s.panel}>
            <p className={s.panelHint}>Files of this screen, as it is sorted.</p>
            <ExportContext.Provider value={{ fields, back, look: "item" }}>{exports}</ExportContext.Provider>
            {shareHref ? (
              <Link to={shareHref} preventScrollReset className={`${s.item} ${s.onPhonesOnly}`}>
                <ShareIcon size={16} />
                Share by e-mail
              </Link>
            ) : null}
          </div>
        </details>
      ) : (
        <ExportContext.Provider value={{ fields, back, look: "top" }}>{exports}</ExportContext.Provider>
      )}
    </div>
  );
}

/** One export (inside ExportBar or ScreenActions). */
export function ExportButton({ kind, children, extra }: { kind: DownloadKind; children: ReactNode; extra?: Record<string, string> }) {
  const { fields, back, look } = useContext(ExportContext);
  const className =
    look === "item" ? s.item : look === "top" ? `${ui.button.secondary} ${ui.buttonSmall} ${s.button} ${s.iconOnlyOnPhones}` : `${ui.button.secondary} ${ui.buttonSmall}`;
  return (
    <form method="post" action="/resources/ops-export" data-export={kind}>
      {Object.entries({ ...fields, ...extra }).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="back" value={back} />
      <button type="submit" className={className}>
        {look === "button" ? (
          children
        ) : (
          <>
            <DownloadIcon size={16} />
            {look === "top" ? <span className={s.words}>{children}</span> : children}
          </>
        )}
      </button>
    </form>
  );
}
