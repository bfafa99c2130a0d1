// Export forms in server markup (the top bar's ScreenActions of a markup page, ADR 065): with
// JavaScript the file is fetched in place with the spec's messages, as the component does
// (export-download.ts, fetched on the first export); without it the form posts and the answer is the
// file. The messages are the portal's snackbar, built here from its classes (the page has no
// component to render it).
import { useEffect } from "react";

export function useExportMarkup() {
  useEffect(() => {
    const onSubmit = (e: SubmitEvent) => {
      const form = e.target;
      if (!(form instanceof HTMLFormElement) || !form.dataset.export || !form.closest("[data-markup]")) return;
      e.preventDefault();
      void Promise.all([import("./export-download"), import("~/components/toast/toast.css")]).then(([m, css]) =>
        m.runExport(form, (type, description, duration = 5000) => {
          document.querySelector("[data-client-toast]")?.remove();
          const el = document.createElement("div");
          el.className = `${css.snackbar} ${css.kind[type]}`;
          el.setAttribute("role", type === "error" ? "alert" : "status");
          el.dataset.toast = type;
          el.dataset.clientToast = "";
          el.style.animationDuration = `${duration}ms`;
          el.textContent = description;
          document.body.append(el);
        }),
      );
    };
    document.addEventListener("submit", onSubmit);
    return () => document.removeEventListener("submit", onSubmit);
  }, []);
}
