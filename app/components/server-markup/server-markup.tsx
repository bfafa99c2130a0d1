// Server markup (issue 12, ADR 031): parts of a page that need no script (the side navigation's
// links, the notifications list, the product switcher…) are rendered to HTML on the server, and the
// browser keeps that HTML instead of shipping the components that made it.
//
// - The server render gets the HTML from the load context (a loader's `pageMarkup`, provided by
//   entry.server), so a document carries it once, as markup.
// - Hydrating, React leaves the element's content as the server sent it (an element with
//   dangerouslySetInnerHTML is not diffed while hydrating, and its "" never changes after).
// - Each region carries the hash of its HTML (data-h; the current link left out, useMarkupLinks marks
//   it in the browser). A client-side navigation's loader data carries a region's new HTML
//   (`__markup`) only when its hash differs from the one the page holds (the shell sends them in an
//   X-Markup header, shell.tsx), and the new HTML then replaces the old.
// The wrapper is `display: contents`, so the markup lays out as if it were the parent's own children.
import { useActionData, useLoaderData, useLocation, useNavigate, useNavigation, useSubmit, type ShouldRevalidateFunction } from "@remix-run/react";
import { createContext, useContext, useEffect, useLayoutEffect, useRef, type CSSProperties, type RefObject } from "react";
// One chunk with the error boundary and the icons' frame, which every page loads too (see boundary.tsx).
import "~/components/error-page/boundary";
import "~/components/icons/svg";

/** Region id → its HTML and the hash of it (without the current link's marks). */
export type Markup = Record<string, { h: string; html: string }>;
/** The key of a route's loader data that carries markup on client-side navigations. */
export const MARKUP_KEY = "__markup";
export type WithMarkup = { [MARKUP_KEY]?: Markup };

/** The markup of this response's loaders, for the server render (entry.server provides it). */
export const MarkupContext = createContext<Markup | null>(null);

const CONTENTS: CSSProperties = { display: "contents" };
const KEEP = { __html: "" };
const useBrowserLayoutEffect = typeof document === "undefined" ? () => undefined : useLayoutEffect;

export function ServerMarkup({ id, html, children }: { id: string; html?: { h: string; html: string } | null; children?: React.ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const rendered = useContext(MarkupContext)?.[id];
  useBrowserLayoutEffect(() => {
    const el = ref.current;
    if (!el || !html || el.dataset.h === html.h) return;
    el.innerHTML = html.html;
    el.dataset.h = html.h;
  }, [html]);
  // `children`: a server-only render (from a *.server import, absent in the browser bundle).
  if (children != null) {
    return (
      <div id={id} ref={ref} data-markup="" style={CONTENTS}>
        {children}
      </div>
    );
  }
  return (
    <div
      id={id}
      ref={ref}
      data-markup=""
      data-h={rendered?.h}
      style={CONTENTS}
      suppressHydrationWarning
      dangerouslySetInnerHTML={rendered ? { __html: rendered.html } : KEEP}
    />
  );
}

/**
 * A markup page's shouldRevalidate: after a refused form (the action answered 4xx with the page
 * rendered again, routeActionMarkup) the page's loader does not run again, nothing having changed;
 * otherwise Remix's default. Without it a refusal cost the page's HTML twice on the wire.
 */
export const markupShouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) => !(actionStatus && actionStatus >= 400) && defaultShouldRevalidate;

/** A page whose content is server markup: its loader rendered it (app/utils/page-markup.server.tsx). */
export function PageMarkup({ id }: { id: string }) {
  // After a form's answer with errors, the action's render (routeActionMarkup) until the next navigation.
  const acted = useActionData<WithMarkup>()?.[MARKUP_KEY];
  const loaded = useLoaderData<WithMarkup>()?.[MARKUP_KEY];
  return <ServerMarkup id={id} html={(acted ?? loaded)?.[id]} />;
}

// ---------------------------------------------------------------------------------------------
// Links and forms inside server markup behave as Remix's <Link>, <NavLink> and <Form> do (issue 12,
// ADR 031): a plain click on a same-site link navigates without reloading the page, a form submits
// through Remix, and the link to the current page is marked (aria-current="page", class "active")
// after every navigation. Without JavaScript they are the plain links and forms the server sent.
// (One module with the regions above: a module of its own cost every page with server markup a
// chunk, issue 12.)
// ---------------------------------------------------------------------------------------------

/** NavLink's rule (react-router 6): the same path, or below it unless `end`; case-insensitive. */
export function isNavActive(locationPathname: string, toPathname: string, end = false): boolean {
  const here = locationPathname.toLowerCase();
  const to = toPathname.toLowerCase();
  const slashAt = to !== "/" && to.endsWith("/") ? to.length - 1 : to.length;
  return here === to || (!end && here.startsWith(to) && here.charAt(slashAt) === "/");
}

/** Marks the links of `root` that carry data-nav (data-end: match exactly) for the page at `pathname`. */
export function markCurrent(root: ParentNode, pathname: string) {
  root.querySelectorAll<HTMLAnchorElement>("a[data-nav]").forEach((a) => {
    const on = isNavActive(pathname, a.pathname, a.hasAttribute("data-end"));
    if (on) a.setAttribute("aria-current", "page");
    else a.removeAttribute("aria-current");
    a.classList.toggle("active", on);
  });
}

// A dialog in server markup (the portal's one modal, app/components/modal-dialog) gets its focus
// rules from the module the component uses, fetched when such a dialog first shows (issue 12: not
// in every page's shell).
type DialogFocus = typeof import("~/components/modal-dialog/dialog-focus");
let dialogFocus: DialogFocus | null = null;
const withDialogFocus = (then: (m: DialogFocus) => void) =>
  void import("~/components/modal-dialog/dialog-focus").then((m) => {
    dialogFocus = m;
    then(m);
  });

/** Shows a copy of the snackbar in <template id={id}> (the one shown before goes). */
function showToast(id: string) {
  const t = document.getElementById(id);
  const n = t instanceof HTMLTemplateElement ? t.content.firstElementChild?.cloneNode(true) : null;
  if (!(n instanceof Element)) return;
  document.querySelector("[data-client-toast]")?.remove();
  n.setAttribute("data-client-toast", "");
  t!.after(n);
}

export function useMarkupLinks(root: RefObject<HTMLElement>) {
  const navigate = useNavigate();
  const submit = useSubmit();
  const location = useLocation();
  const here = useRef(location);
  here.current = location;
  /** The href of the markup link clicked last (outside a dialog), and the markup dialog open now. */
  const opener = useRef<string | null>(null);
  const dialogOpen = useRef<Element | null>(null);

  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const inMarkup = (t: EventTarget | null) => t instanceof Element && t.closest("[data-markup]") !== null && el.contains(t);
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
      // A scroll arrow (the tab bar's, ops-tab-bar.tsx): steps its row by data-step px.
      const arrow = e.target instanceof Element ? e.target.closest<HTMLElement>("button[data-step]") : null;
      if (arrow && inMarkup(arrow)) return arrow.parentElement?.querySelector("[data-scroll-row]")?.scrollBy({ left: Number(arrow.dataset.step), behavior: "smooth" });
      // A download link that names a toast in the markup (<template id>): "Download has started".
      const dl = e.target instanceof Element ? e.target.closest("a[download][data-toast]") : null;
      if (dl instanceof HTMLElement && inMarkup(dl)) return showToast(dl.dataset.toast!);
      // Links as <Link> renders them (data-discover); plain anchors (#sections, mailto:) stay the browser's.
      const a = e.target instanceof Element ? e.target.closest("a[data-discover]") : null;
      if (!(a instanceof HTMLAnchorElement) || !inMarkup(a) || (a.target && a.target !== "_self") || a.hasAttribute("download") || a.origin !== window.location.origin) return;
      e.preventDefault();
      const to = a.pathname + a.search + a.hash;
      const now = here.current;
      if (!a.closest("dialog")) opener.current = a.getAttribute("href");
      // data-keep-scroll: <Link preventScrollReset> (a sort link keeps the table in view); data-replace: <Link replace>.
      navigate(to, { replace: a.hasAttribute("data-replace") || now.pathname + now.search + now.hash === to, preventScrollReset: a.hasAttribute("data-keep-scroll") });
    };
    const onSubmit = (e: SubmitEvent) => {
      const form = e.target;
      // An export form (export-actions.tsx): the file fetched in place with the spec's messages.
      if (form instanceof HTMLFormElement && form.dataset.export && !e.defaultPrevented && inMarkup(form)) {
        e.preventDefault();
        // (If its code cannot come, on a link that has just dropped, the form posts as without JavaScript.)
        return void import("~/components/export-actions/export-markup").then(
          (m) => m.exportInPlace(form),
          () => form.submit(),
        );
      }
      // Forms as <Form> renders them (data-discover).
      if (e.defaultPrevented || !(form instanceof HTMLFormElement) || !form.hasAttribute("data-discover") || !inMarkup(form)) return;
      e.preventDefault();
      // Where to come back to: the page as it is now (the markup may be older than the last navigation).
      const now = here.current;
      form.querySelectorAll<HTMLInputElement>("input[data-here]").forEach((i) => (i.value = now.pathname + now.search));
      const by = e.submitter;
      // data-keep-scroll: <Form preventScrollReset> (a toggle in a long list keeps it in view).
      submit(by instanceof HTMLButtonElement || by instanceof HTMLInputElement ? by : form, { preventScrollReset: form.hasAttribute("data-keep-scroll") });
      // One submission at a time: the form's buttons wait for the answer (enabled again when it is in);
      // the one pressed shows it is on its way (data-busy="sent": a spinner, ui.css).
      form.querySelectorAll<HTMLButtonElement>("button:not([disabled])").forEach((b) => {
        b.disabled = true;
        b.dataset.busy = b === by ? "sent" : "";
      });
      form.setAttribute("aria-busy", "true");
    };
    // A dialog in server markup (the one modal): Escape closes it, Tab stays inside it.
    const onKey = (e: KeyboardEvent) => {
      const dialog = el.querySelector<HTMLElement>("[data-markup] dialog[data-dialog]");
      if (dialog && dialogFocus?.dialogKey(dialog, e) && dialog.dataset.close) navigate(dialog.dataset.close, { preventScrollReset: true, replace: dialog.hasAttribute("data-replace") });
    };
    el.addEventListener("click", onClick);
    el.addEventListener("submit", onSubmit);
    window.addEventListener("keydown", onKey);
    return () => {
      el.removeEventListener("click", onClick);
      el.removeEventListener("submit", onSubmit);
      window.removeEventListener("keydown", onKey);
    };
  }, [root, navigate, submit]);

  const idle = useNavigation().state === "idle";
  useEffect(() => {
    if (!idle || !root.current) return;
    root.current.querySelectorAll<HTMLButtonElement>("button[data-busy]").forEach((b) => {
      b.disabled = false;
      delete b.dataset.busy;
      b.closest("form")?.removeAttribute("aria-busy");
    });
  }, [root, idle]);

  // A dialog in server markup that has just opened (or come back with the server's errors) gets the
  // focus; once it closes, the link that opened it gets it back (the page's HTML is new by then).
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    markCurrent(el, location.pathname);
    const dialog = el.querySelector<HTMLElement>("[data-markup] dialog[data-dialog]");
    if (dialog === dialogOpen.current) return;
    // (Not if the user is already in it: the rules' module may come after they have started typing.)
    if (dialog) withDialogFocus((m) => dialog.isConnected && !dialog.contains(document.activeElement) && m.focusDialog(dialog));
    else if (opener.current) [...el.querySelectorAll<HTMLElement>("[data-markup] a[href]")].find((a) => a.getAttribute("href") === opener.current)?.focus({ preventScroll: true });
    dialogOpen.current = dialog;
  });
}
