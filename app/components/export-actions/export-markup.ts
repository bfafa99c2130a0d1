// An export form that no component handles (form[data-export] in a page's plain HTML): with
// JavaScript the shells' page behaviours (shell/page-behaviours.ts) fetch this module on the first
// export and the file comes in place with the spec's messages, as the component does
// (export-download.ts); without it the form posts and the answer is the file. The messages are the
// portal's snackbar, built here from its classes (no component renders them).
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
