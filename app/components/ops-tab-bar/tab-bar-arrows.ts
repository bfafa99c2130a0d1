// The bottom tab bar's arrows in server markup (ops-tab-bar.tsx renders them with data-step; CSS
// shows them once the page has hydrated): a click steps the row TAB_BAR_STEP px. One listener in the
// page's route component instead of the bar's component in the bundle (issue 12, ADR 065).
import { useEffect } from "react";

const TAB_BAR_STEP = 300; // ops-tab-bar.tsx's (that module is the server's, not in the bundle)

export function useTabBarArrows() {
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      const b = e.target instanceof Element ? e.target.closest<HTMLElement>("[data-markup] button[data-step]") : null;
      b?.parentElement?.querySelector("[data-testid=tab-row]")?.scrollBy({ left: Number(b.dataset.step) * TAB_BAR_STEP, behavior: "smooth" });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);
}
