// The module's bottom tab bar (spec 001 §2): the aircraft's tabs in tab_position order (static tabs
// first, then the work-order tabs, then the dynamic ones, as the API lists them), the current one
// marked, with left and right arrows that step the row 300 px. Without JavaScript the row scrolls by
// hand and the arrows are not shown (CSS: until the page has hydrated). With JavaScript its widget
// (app/plain/widgets/tab-bar.ts) steps the row by the arrow's data-step (px).
import { Link } from "@remix-run/react";
import * as ui from "~/components/ui/ui.css";
import * as s from "./ops-tab-bar.css";

export const TAB_BAR_STEP = 300;

export function OpsTabBar({ tabs, current, hrefFor }: { tabs: { id: string; name: string }[]; current: string; hrefFor: (id: string) => string }) {
  return (
    <nav aria-label="Tabs" className={s.bar} data-plain="tab-bar">
      <button type="button" className={s.arrow} aria-label="Scroll the tabs left" title="Scroll left" data-step={-TAB_BAR_STEP}>
        ‹
      </button>
      <div className={s.row} data-testid="tab-row" data-scroll-row="">
        {tabs.map((t) => (
          <Link
            key={t.id}
            to={hrefFor(t.id)}
            aria-current={t.id === current ? "page" : undefined}
            className={`${t.id === current ? ui.button.primary : ui.button.ghost} ${ui.buttonSmall}`}
          >
            {t.name}
          </Link>
        ))}
      </div>
      <button type="button" className={s.arrow} aria-label="Scroll the tabs right" title="Scroll right" data-step={TAB_BAR_STEP}>
        ›
      </button>
    </nav>
  );
}
