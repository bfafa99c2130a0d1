// Which page links a pager shows (spec 000 §9: pageRangeDisplayed 5, margin pages 2). Pure and
// browser-safe; the same algorithm as react-paginate, which the original product used, so the pager
// looks the same: the first and last `margin` pages, `range` pages around the current one, and one
// break ("…") for every gap.

export const PAGE_RANGE_DISPLAYED = 5;
export const MARGIN_PAGES_DISPLAYED = 2;

export type PageItem = { type: "page"; page: number; current: boolean } | { type: "break"; key: string };

/**
 * @param page      the current page, 1-based (clamped into 1..pageCount)
 * @param pageCount how many pages there are (0 or 1: no pager is needed)
 */
export function pageItems(
  page: number,
  pageCount: number,
  { range = PAGE_RANGE_DISPLAYED, margin = MARGIN_PAGES_DISPLAYED }: { range?: number; margin?: number } = {},
): PageItem[] {
  const count = Math.max(0, Math.floor(pageCount));
  if (count === 0) return [];
  const selected = Math.min(Math.max(1, Math.floor(page) || 1), count) - 1; // 0-based, as react-paginate
  const pageItem = (index: number): PageItem => ({ type: "page", page: index + 1, current: index === selected });
  if (count <= range) return Array.from({ length: count }, (_, i) => pageItem(i));

  let leftSide = range / 2;
  let rightSide = range - leftSide;
  if (selected > count - range / 2) {
    rightSide = count - selected;
    leftSide = range - rightSide;
  } else if (selected < range / 2) {
    leftSide = selected;
    rightSide = range - leftSide;
  }

  const items: PageItem[] = [];
  for (let index = 0; index < count; index++) {
    const p = index + 1;
    const inLeftMargin = p <= margin;
    const inRightMargin = p > count - margin;
    const upper = selected === 0 && range > 1 ? rightSide - 1 : rightSide;
    const inRange = index >= selected - leftSide && index <= selected + upper;
    if (inLeftMargin || inRightMargin || inRange) {
      items.push(pageItem(index));
    } else if (items.length > 0 && items[items.length - 1].type !== "break") {
      items.push({ type: "break", key: `break-${index}` });
    }
  }
  return items;
}

/** Pages needed for `total` rows at `perPage` rows each. */
export function pageCountOf(total: number, perPage: number): number {
  if (!(perPage > 0)) return 0;
  return Math.ceil(Math.max(0, total) / perPage);
}
