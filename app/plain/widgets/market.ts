// The marketplace pages with a script (data-plain="market" on the page's root: the Contractor
// Dashboard, Saved, a consultant's profile, its documents tab hydrated or not), as listeners on the
// root that the plain HTML's attributes steer:
// - a choice in a select of a form with data-auto-submit applies the filters at once (the form's own
//   submit: the browser's GET, or Remix's <Form> on a hydrated page);
// - the like toggle (a submit button with data-toggle) flips its aria-pressed as it is sent (spec §5
//   "Like and unlike toggle a local flag and call the server"); the server's answer sets it;
// - a date with data-min-for gives the named date of its form its minimum as it is chosen (the
//   availability's end not before its start).
// Without JavaScript the markup is plain forms and links, which the server answers the same way.
export function init(root: HTMLElement) {
  root.addEventListener("change", (e) => {
    const form = e.target instanceof HTMLSelectElement ? e.target.form : null;
    if (!form?.hasAttribute("data-auto-submit")) return;
    if (form.requestSubmit) form.requestSubmit();
    else form.submit();
  });
  root.addEventListener("input", (e) => {
    const t = e.target;
    const end = t instanceof HTMLInputElement && t.dataset.minFor ? t.form?.elements.namedItem(t.dataset.minFor) : null;
    if (end instanceof HTMLInputElement) end.min = (t as HTMLInputElement).value || (end.dataset.min ?? "");
  });
  root.addEventListener("submit", (e) => {
    const b = (e as SubmitEvent).submitter;
    if (b?.hasAttribute("data-toggle")) b.setAttribute("aria-pressed", String(b.getAttribute("aria-pressed") !== "true"));
  });
}
