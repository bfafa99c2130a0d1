// Report Issue in the top bar: a disclosure (opens without JavaScript) with the form that sends a
// description with the page's address to the admins (report-issue.tsx). The form's code, and the
// form-state code it needs, is fetched when the user comes near the menu (pointer, touch, focus, or
// opening it); until then the form is the server's markup, which works as a plain form. A typed
// description carries over to the live form.
import { useLocation } from "@remix-run/react";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { BugIcon } from "~/components/icons/icons";
import { ServerMarkup } from "~/components/server-markup/server-markup";
import * as s from "./shell.css";
import { ReportIssueForm as ServerForm } from "./report-issue.server";

type FormModule = typeof import("./report-issue");
let loaded: FormModule | null = null;
let loading: Promise<FormModule> | null = null;
const load = () => (loading ??= import("./report-issue").then((m) => (loaded = m)));

const MARKUP_ID = "shell-report-issue";
const useBrowserLayoutEffect = typeof document === "undefined" ? () => undefined : useLayoutEffect;

export function ReportIssueMenu() {
  const location = useLocation();
  const here = location.pathname + location.search;
  const [form, setForm] = useState<FormModule | null>(loaded);
  // Mounted by a client-side navigation there is no server markup to show: fetch the form at once.
  const [now] = useState(() => typeof document !== "undefined" && !document.getElementById(MARKUP_ID));
  const panel = useRef<HTMLDivElement>(null);
  const carry = useRef<{ text: string; focused: boolean; start: number; end: number } | null>(null);

  const fetchForm = useCallback(() => {
    if (form) return;
    void load().then((m) => {
      const typed = panel.current?.querySelector("textarea");
      if (typed?.value) carry.current = { text: typed.value, focused: document.activeElement === typed, start: typed.selectionStart, end: typed.selectionEnd };
      setForm(m);
    });
  }, [form]);

  useEffect(() => {
    if (now) fetchForm();
  }, [now, fetchForm]);

  useBrowserLayoutEffect(() => {
    const c = carry.current;
    const box = panel.current?.querySelector("textarea");
    if (!form || !c || !box) return;
    carry.current = null;
    box.value = c.text;
    if (c.focused) {
      box.focus();
      box.setSelectionRange(c.start, c.end);
    }
  }, [form]);

  return (
    <details className={s.menu} data-menu="" onPointerEnter={fetchForm} onTouchStart={fetchForm} onFocus={fetchForm} onToggle={fetchForm}>
      <summary className={s.menuSummary} aria-label="Report Issue" title="Report Issue">
        <BugIcon />
      </summary>
      <div className={s.menuPanel}>
        <div className={s.menuHead}>Report Issue</div>
        <div className={s.menuBody} ref={panel}>
          {form ? <form.ReportIssueForm url={here} /> : <ServerMarkup id={MARKUP_ID}>{ServerForm ? <ServerForm url={here} /> : null}</ServerMarkup>}
        </div>
      </div>
    </details>
  );
}
