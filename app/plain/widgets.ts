// The widgets a page's HTML can name (data-plain="name" on their root element): each is its own
// chunk, loaded the first time a page shows one; its init(el) runs once per element.
export interface Widget {
  init(el: HTMLElement): void;
}

export const WIDGETS: Record<string, () => Promise<Widget>> = {
  "speed-test": () => import("./widgets/speed-test"),
  market: () => import("./widgets/market"),
  live: () => import("./widgets/live"),
  "fleet-search": () => import("./widgets/fleet-search"),
  "file-search": () => import("./widgets/file-search"),
};
