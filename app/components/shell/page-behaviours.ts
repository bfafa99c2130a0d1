// What the shell does in the browser for every page inside it, on the page's plain HTML (data
// attributes the server renders), so no page needs a component of its own for it:
// - the portal's one pending idiom: a <Form> posting on its way disables its buttons and marks the
//   one pressed (data-busy="sent": a spinner, ui.css) and the form (aria-busy) until the answer is in;
// - a scroll arrow (button[data-step], the tab bar's) steps its row by data-step px;
// - a download link that names a toast (a[download][data-toast], a <template id>) shows "Download
//   has started";
// - an export form (form[data-export]) that no component handles fetches its file in place with the
//   spec's messages (export-markup.ts); if that code cannot come, the form posts as without JavaScript.
// Without JavaScript all of these are plain forms, links and buttons.
import { useNavigation } from "@remix-run/react";
import { useEffect, useRef, type RefObject } from "react";

/** Shows a copy of the snackbar in <template id={id}> (the one shown before goes). */
function showToast(id: string) {
  const t = document.getElementById(id);
  const n = t instanceof HTMLTemplateElement ? t.content.firstElementChild?.cloneNode(true) : null;
  if (!(n instanceof Element)) return;
  document.querySelector("[data-client-toast]")?.remove();
  n.setAttribute("data-client-toast", "");
  t!.after(n);
}

/** Marks `form` as on its way: its buttons wait for the answer, the one pressed shows it. */
function markBusy(form: HTMLFormElement, by: Element | null) {
  form.querySelectorAll<HTMLButtonElement>("button:not([disabled])").forEach((b) => {
    b.disabled = true;
    b.dataset.busy = b === by ? "sent" : "";
  });
  form.setAttribute("aria-busy", "true");
}

function clearBusy(root: ParentNode) {
  root.querySelectorAll<HTMLButtonElement>("button[data-busy]").forEach((b) => {
    b.disabled = false;
    delete b.dataset.busy;
    b.closest("form")?.removeAttribute("aria-busy");
  });
}

export function usePageBehaviours(root: RefObject<HTMLElement>) {
  const navigation = useNavigation();
  const state = useRef(navigation.state);
  state.current = navigation.state;

  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
      const target = e.target instanceof Element ? e.target : null;
      const arrow = target?.closest<HTMLElement>("button[data-step]");
      if (arrow && el.contains(arrow)) return arrow.parentElement?.querySelector("[data-scroll-row]")?.scrollBy({ left: Number(arrow.dataset.step), behavior: "smooth" });
      const dl = target?.closest<HTMLElement>("a[download][data-toast]");
      if (dl && el.contains(dl)) showToast(dl.dataset.toast!);
    };
    // The window hears a submit after React's handlers (on the document): by then a <Form> Remix
    // submits itself, or a component's own handler, has taken it (defaultPrevented).
    const onSubmit = (e: SubmitEvent) => {
      const form = e.target;
      if (!(form instanceof HTMLFormElement) || !el.contains(form)) return;
      if (form.dataset.export) {
        if (e.defaultPrevented) return;
        e.preventDefault();
        return void import("~/components/export-actions/export-markup").then(
          (m) => m.exportInPlace(form),
          () => form.submit(),
        );
      }
      // Remix's <Form> posts (data-discover): a GET form (a search, a filter) shows the new page soon
      // enough, and a plain form is the browser's own (a download answers it: no navigation follows).
      if (form.method.toLowerCase() !== "post" || !form.hasAttribute("data-discover")) return;
      markBusy(form, e.submitter);
      // A <Form> whose submission was cancelled (a component's check said no) starts no navigation:
      // still idle a moment later, its buttons come back.
      setTimeout(() => state.current === "idle" && clearBusy(form), 600);
    };
    el.addEventListener("click", onClick);
    window.addEventListener("submit", onSubmit);
    return () => {
      el.removeEventListener("click", onClick);
      window.removeEventListener("submit", onSubmit);
    };
  }, [root]);

  const idle = navigation.state === "idle";
  useEffect(() => {
    if (idle && root.current) clearBusy(root.current);
  }, [root, idle]);
}
