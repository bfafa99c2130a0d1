// Navigation for the plain modules: through Remix's router when the page is hydrated (a client-side
// navigation, as a <Link> makes), else the browser's own.

interface RouterState {
  location: { key: string };
  navigation: { state: "idle" | "loading" | "submitting" };
  fetchers: Map<string, { state: string }>;
}
interface Router {
  state: RouterState;
  navigate(to: string, opts?: { replace?: boolean; preventScrollReset?: boolean }): Promise<void>;
  subscribe(fn: (s: RouterState) => void): () => void;
  revalidate(): void;
}

/** True on a page that ships Remix's scripts (it hydrates). */
export const hydrated = () => "__remixContext" in window;
/** The hydrated page's router (set by Remix's entry), if any yet. */
export const router = () => (window as { __remixRouter?: Router }).__remixRouter;

export function go(href: string, opts: { replace?: boolean } = {}) {
  const r = router();
  if (r) void r.navigate(href, { preventScrollReset: true, replace: opts.replace });
  else if (opts.replace) location.replace(href);
  else location.assign(href);
}

/**
 * On a hydrated page: `moved` after each client-side navigation to a new location, `settled` each
 * time the router's state changes (a plain page's every navigation is a new document).
 */
export function onNavigated(moved: () => void, settled: () => void) {
  if (!hydrated()) return;
  const attach = () => {
    const r = router();
    if (!r) return false;
    let key = r.state.location.key;
    r.subscribe((s) => {
      if (s.location.key !== key) {
        key = s.location.key;
        moved();
      }
      settled();
    });
    return true;
  };
  // Remix's entry makes the router after this module ran (Remix imports its entry dynamically): look
  // again until it is there.
  let tries = 0;
  const poll = () => attach() || (++tries < 600 && setTimeout(poll, 50));
  poll();
}
