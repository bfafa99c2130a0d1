// The widgets a page's HTML can name (data-plain="name" on their root element): each is its own
// chunk, loaded the first time a page shows one (or, for those of ON_FIRST_USE, is first used); its
// init(el) runs once per element.
//
// One exception: the speed test is in page.ts's own chunk. Every signed-in page shows it (the top
// bar), and in one file with page.ts it costs about 200 bytes gzip less than in a chunk of its own,
// which the pages with a widget of their own need to stay within 6 KiB (ADR 073); a page without it
// (the sign-in page, AeroBOX) carries its code unused, cached with page.ts.
import { init as speedTest } from "./widgets/speed-test";

export interface Widget {
  init(el: HTMLElement): void;
}

export const WIDGETS: Record<string, () => Promise<Widget>> = {
  "speed-test": async () => ({ init: speedTest }),
  market: () => import("./widgets/market"),
  live: () => import("./widgets/live"),
  "fleet-search": () => import("./widgets/fleet-search"),
  "file-search": () => import("./widgets/file-search"),
  "tab-bar": () => import("./widgets/tab-bar"),
};

/**
 * Widgets whose code waits for the first focus or press inside their element, so that a page without
 * an island stays within its JavaScript budget (ADR 073): until it comes their markup works as plain
 * HTML (the fleet tree's search form and links, the file search's form with its HTML constraints), and
 * their init catches up with what was typed or opened before.
 */
export const ON_FIRST_USE: ReadonlySet<string> = new Set(["fleet-search", "file-search"]);
