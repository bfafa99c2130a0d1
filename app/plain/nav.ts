// Navigation for the plain modules: through Remix's router when the page is hydrated (a client-side
// navigation, as a <Link> makes), else the browser's own. (page.ts itself has no use for it: it is
// the lazily loaded modules', so their chunks share it.)

export interface RouterState {
  location: { key: string };
  navigation: { state: "idle" | "loading" | "submitting" };
  fetchers: Map<string, { state: string }>;
}
export interface Router {
  state: RouterState;
  navigate(to: string, opts?: { replace?: boolean; preventScrollReset?: boolean }): Promise<void>;
  subscribe(fn: (s: RouterState) => void): () => void;
  revalidate(): void;
}

/** The hydrated page's router (set by Remix's entry), if any yet. */
export const router = () => (window as { __remixRouter?: Router }).__remixRouter;

export function go(href: string, opts: { replace?: boolean } = {}) {
  const r = router();
  if (r) void r.navigate(href, { preventScrollReset: true, replace: opts.replace });
  else if (opts.replace) location.replace(href);
  else location.assign(href);
}
