// The portal's snackbar shown by a plain module (a download started, an export's answer): a copy of
// the root's <template id="snackbar-template"> (root.tsx renders it with the Snackbar's own classes),
// so no stylesheet module is needed here.
export type SnackbarKind = "success" | "error" | "info";

export function showSnackbar(kind: SnackbarKind, text: string, duration = 5000) {
  const t = document.getElementById(`snackbar-${kind}`);
  const n = t instanceof HTMLTemplateElement ? t.content.firstElementChild?.cloneNode(true) : null;
  if (!(n instanceof HTMLElement)) return;
  document.querySelector("[data-client-toast]")?.remove();
  n.dataset.clientToast = "";
  n.style.animationDuration = `${duration}ms`;
  (n.querySelector("[data-text]") ?? n).textContent = text;
  document.body.append(n);
}
