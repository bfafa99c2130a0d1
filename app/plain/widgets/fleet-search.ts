// The side navigation's fleet tree in the browser (components/shell/fleet-tree.tsx): the list follows
// what is typed in "Search aircraft with MSN" (500 ms after the last key, at once on Enter), and an
// aircraft's folders load when its disclosure opens, both without reloading the page: HTML the server
// renders with the tree's own components (/resources/fleet, from the URLs the markup names). A search
// that fails on Enter falls back to the form's own GET; folders that fail leave "Show folders".
import { FLEET_SEARCH_DEBOUNCE_MS, LOADING_FOLDERS } from "~/components/shell/fleet";
import { afterHydration } from "../hydration";

/** The HTML at `url`, once the page may change (afterHydration). */
const html = (url: string) =>
  fetch(url)
    .then((r) => (r.ok && !r.redirected ? r.text() : Promise.reject(r.status)))
    .then((h) => new Promise<string>((done) => afterHydration(() => done(h))));

export function init(el: HTMLElement) {
  const form = el.querySelector("form")!;
  const input = form.querySelector<HTMLInputElement>("input[type=search]")!;
  const busy = el.querySelector<HTMLElement>("[role=status]")!;
  const results = el.querySelector<HTMLElement>("[data-results]")!;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last = 0;

  const search = (submitOnFailure = false) => {
    clearTimeout(timer);
    const n = ++last;
    busy.hidden = false;
    html(`${el.dataset.src}&fleet=${encodeURIComponent(input.value.trim())}`)
      .then(
        (h) => {
          if (n !== last) return;
          results.innerHTML = h;
          results.querySelectorAll("details[open]").forEach(folders);
        },
        () => submitOnFailure && form.submit(),
      )
      .finally(() => n === last && (busy.hidden = true));
  };

  const folders = (d: Element) =>
    afterHydration(() => {
      const li = d.querySelector<HTMLElement>("[data-folders]");
      if (!(d as HTMLDetailsElement).open || !li || li.hasAttribute("role")) return;
      const link = li.innerHTML;
      li.setAttribute("role", "status");
      li.textContent = LOADING_FOLDERS;
      html(li.dataset.folders!).then(
        (h) => (li.outerHTML = h),
        () => {
          li.removeAttribute("role");
          li.innerHTML = link;
        },
      );
    });

  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(search, FLEET_SEARCH_DEBOUNCE_MS);
  });
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    search(true);
  });
  // "toggle" does not bubble: heard on its way down.
  el.addEventListener("toggle", (e) => folders(e.target as Element), true);

  // Typed before this code came, or opened without its folders.
  if (input.value !== input.defaultValue) search();
  el.querySelectorAll("details[open]").forEach(folders);
}
