// An export form in server markup (the top bar's ScreenActions of a markup page, the import panel's
// data file; ADR 065, 066): with JavaScript the layouts' markup runtime (useMarkupLinks) fetches this
// module on the first export and the file comes in place with the spec's messages, as the component
// does (export-download.ts); without it the form posts and the answer is the file. The messages are
// the portal's snackbar, built here from its classes (the page has no component to render it).
import * as css from "~/components/toast/toast.css";
import { runExport } from "./export-download";

export function exportInPlace(form: HTMLFormElement) {
  return runExport(form, (type, description, duration = 5000) => {
    document.querySelector("[data-client-toast]")?.remove();
    const el = document.createElement("div");
    el.className = `${css.snackbar} ${css.kind[type]}`;
    el.setAttribute("role", type === "error" ? "alert" : "status");
    el.dataset.toast = type;
    el.dataset.clientToast = "";
    el.style.animationDuration = `${duration}ms`;
    el.textContent = description;
    document.body.append(el);
  });
}
