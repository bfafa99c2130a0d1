// Navigation for the plain modules: through Remix's router when the page is hydrated (a client-side
// navigation, as a <Link> makes), else the browser's own. (page.ts has its own one-line `hydrated`:
// importing this module would make it a chunk every page loads besides page.ts.)

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
