// Links and forms inside server markup behave as Remix's <Link>, <NavLink> and <Form> do (issue 12,
// ADR 031): a plain click on a same-site link navigates without reloading the page, a form submits
// through Remix, and the link to the current page is marked (aria-current="page", class "active")
// after every navigation. Without JavaScript they are the plain links and forms the server sent.
import { useLocation, useNavigate, useSubmit } from "@remix-run/react";
import { useEffect, useRef, type RefObject } from "react";

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

export function useMarkupLinks(root: RefObject<HTMLElement>) {
  const navigate = useNavigate();
  const submit = useSubmit();
  const location = useLocation();
  const here = useRef(location);
  here.current = location;

  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const inMarkup = (t: EventTarget | null) => t instanceof Element && t.closest("[data-markup]") !== null && el.contains(t);
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
      // Links as <Link> renders them (data-discover); plain anchors (#sections, mailto:) stay the browser's.
      const a = e.target instanceof Element ? e.target.closest("a[data-discover]") : null;
      if (!(a instanceof HTMLAnchorElement) || !inMarkup(a) || (a.target && a.target !== "_self") || a.hasAttribute("download") || a.origin !== window.location.origin) return;
      e.preventDefault();
      const to = a.pathname + a.search + a.hash;
      const now = here.current;
      navigate(to, { replace: now.pathname + now.search + now.hash === to });
    };
    const onSubmit = (e: SubmitEvent) => {
      // Forms as <Form> renders them (data-discover).
      const form = e.target;
      if (e.defaultPrevented || !(form instanceof HTMLFormElement) || !form.hasAttribute("data-discover") || !inMarkup(form)) return;
      e.preventDefault();
      // Where to come back to: the page as it is now (the markup may be older than the last navigation).
      const now = here.current;
      form.querySelectorAll<HTMLInputElement>("input[data-here]").forEach((i) => (i.value = now.pathname + now.search));
      const by = e.submitter;
      submit(by instanceof HTMLButtonElement || by instanceof HTMLInputElement ? by : form);
    };
    el.addEventListener("click", onClick);
    el.addEventListener("submit", onSubmit);
    return () => {
      el.removeEventListener("click", onClick);
      el.removeEventListener("submit", onSubmit);
    };
  }, [root, navigate, submit]);

  useEffect(() => {
    if (root.current) markCurrent(root.current, location.pathname);
  });
}
