// What the marketplace pages' plain HTML (the cards, the filters, the consultant dialogs) does with a
// script, as one listener set that the page's route component mounts:
// - a choice in a select of a form with data-auto-submit applies the filters at once;
// - the like toggle (a submit button with data-toggle) flips its aria-pressed as it is sent (spec
//   §5 "Like and unlike toggle a local flag and call the server"); the server's answer sets it;
// - "Resume not uploaded" (a resume link with data-resume="no") shows in place, hidden again after
//   ALERT_HIDE_MS, instead of the link's round trip;
// - a date with data-min-for gives the named date of its form its minimum as it is chosen (the
//   availability's end not before its start).
// Without JavaScript the markup is plain forms and links, which the server answers the same way. The
// listings (dashboard, saved) and a profile's tabs (its documents tab included) mount it.
import { useSubmit } from "@remix-run/react";
import { useEffect } from "react";
import { ALERT_HIDE_MS } from "./alert-hide";

export function useMarketMarkup() {
  const submit = useSubmit();
  useEffect(() => {
    let timer = 0;
    const onChange = (e: Event) => {
      const t = e.target;
      if (t instanceof HTMLSelectElement && t.form?.hasAttribute("data-auto-submit")) submit(t.form, { preventScrollReset: true });
    };
    const onInput = (e: Event) => {
      const t = e.target;
      const end = t instanceof HTMLInputElement && t.dataset.minFor ? t.form?.elements.namedItem(t.dataset.minFor) : null;
      if (end instanceof HTMLInputElement) end.min = (t as HTMLInputElement).value || (end.dataset.min ?? "");
    };
    const onSubmit = (e: SubmitEvent) => {
      const b = e.submitter;
      if (b?.hasAttribute("data-toggle")) b.setAttribute("aria-pressed", String(b.getAttribute("aria-pressed") !== "true"));
    };
    const onClick = (e: MouseEvent) => {
      const a = e.target instanceof Element ? e.target.closest("a[data-resume=no]") : null;
      const alert = a?.nextElementSibling;
      if (!(alert instanceof HTMLElement)) return;
      e.preventDefault();
      alert.hidden = false;
      clearTimeout(timer);
      timer = window.setTimeout(() => (alert.hidden = true), ALERT_HIDE_MS);
    };
    document.addEventListener("change", onChange);
    document.addEventListener("input", onInput);
    document.addEventListener("submit", onSubmit);
    document.addEventListener("click", onClick);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("change", onChange);
      document.removeEventListener("input", onInput);
      document.removeEventListener("submit", onSubmit);
      document.removeEventListener("click", onClick);
    };
  }, [submit]);
}
