// Links between AeroOIL and AeroOPS rows for the tab pages (issue 15 item 5): an oil row and the ops
// rows of the same aircraft that share its Serial No or Part No (the ops API's link calls). Each link
// opens the other product's tab filtered on the shared value, at the row (#row-<id>). The API answers
// no links when the user may not read the other product, and the pages then show no column.
import type { TabPageAnswer } from "./schemas/ops";

export interface RowLink {
  /** The other tab's name. */
  label: string;
  /** What the rows share, e.g. "Serial No 577412". */
  title: string;
  href: string;
}
/** Links by row id; null when there are none to show. */
export type RowLinks = Record<string, RowLink[]> | null;

/** The most links one row shows (a Part No can be shared by many rows). */
export const ROW_LINKS_MAX = 5;

function tabHref(product: "ops" | "oil", orgMsnId: number, tabId: string, value: string, rowId: number) {
  const q = new URLSearchParams({ org_msn_id: String(orgMsnId), aerotype: product === "ops" ? "Aeroops" : "Aerooil", filter: value });
  return `/client/${product === "ops" ? "Aeroops" : "Aerooil"}/${encodeURIComponent(tabId)}?${q}#row-${rowId}`;
}

function group<L>(links: L[], key: (l: L) => number, make: (l: L) => RowLink & { other: number }): RowLinks {
  const out: Record<string, (RowLink & { other: number })[]> = {};
  for (const l of links) {
    const list = (out[String(key(l))] ??= []);
    const link = make(l);
    if (list.length < ROW_LINKS_MAX && !list.some((x) => x.other === link.other)) list.push(link);
  }
  const entries = Object.entries(out);
  return entries.length ? Object.fromEntries(entries.map(([k, v]) => [k, v.map(({ other: _other, ...rest }) => rest)])) : null;
}

/** An oil tab's rows → their ops rows, from the links a tab page's one call answered (get_tab_page's `links`). */
export function oilRowLinksOf(answer: TabPageAnswer["links"], orgMsnId: number): RowLinks {
  if (!answer || !answer.ops_access || answer.links.length === 0) return null;
  return group(
    answer.links,
    (l) => l.oil_row_id,
    (l) => ({ other: l.ops_row_id, label: l.ops_tab_name, title: `${l.match_column} ${l.value}`, href: tabHref("ops", orgMsnId, l.ops_tab_id, l.value, l.ops_row_id) })
  );
}

/** An ops tab's rows → their oil rows, from the links a tab page's one call answered (get_tab_page's `links`). */
export function opsRowLinksOf(answer: TabPageAnswer["links"], orgMsnId: number): RowLinks {
  if (!answer || !answer.oil_access || answer.links.length === 0) return null;
  return group(
    answer.links,
    (l) => l.ops_row_id,
    (l) => ({ other: l.oil_row_id, label: answer.tab_names[l.oil_tab_id] ?? l.oil_tab_id, title: `${l.match_column} ${l.value}`, href: tabHref("oil", orgMsnId, l.oil_tab_id, l.value, l.oil_row_id) })
  );
}
