// The module's tab bar (components/ops-tab-bar/ops-tab-bar.tsx): its arrows step the row of tabs by
// their data-step (px). Without JavaScript the arrows are hidden and the row scrolls by hand.
export function init(bar: HTMLElement) {
  bar.addEventListener("click", (e) => {
    const arrow = e.target instanceof Element ? e.target.closest<HTMLElement>("button[data-step]") : null;
    if (arrow) bar.querySelector("[data-scroll-row]")?.scrollBy({ left: Number(arrow.dataset.step), behavior: "smooth" });
  });
}
