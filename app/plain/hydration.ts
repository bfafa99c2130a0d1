// For widgets that change markup React renders: on a page that hydrates, React must find the server's
// HTML as it was sent, so such changes wait until it has hydrated (root.tsx then sets <html
// data-hydrated>; page.ts sets it at once on a page that does not hydrate).
export function afterHydration(fn: () => void) {
  if ("hydrated" in document.documentElement.dataset) fn();
  else setTimeout(afterHydration, 50, fn);
}
