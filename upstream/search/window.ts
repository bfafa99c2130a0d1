// One page of search results out of the ranking windows (ADR 082), the same on both engines.
// A search has two groups, in this order: files found by their name or folder path, then files
// found only by their text. Each group is read from its index newest first and stops after
// RANK_WINDOW matches, so only those are scored (bm25 / ts_rank) and counted: a word in every
// document costs what a rarer one does. A group with more matches than that is ranked within its
// window and the total becomes a lower bound ("more than …").
// A page starts at an offset (`?page=N`) or after a cursor: the last hit's group, rank and id, which
// the next link carries, so the next page follows that hit even when files were added meanwhile.
import { SEARCH_CURSOR_PATTERN } from "../../app/models/search-query";

/** Matches of a group that are ranked and counted exactly; more than this and the count is a lower bound. */
export const RANK_WINDOW = 1000;

export type Group = "name" | "content";
export interface Ranked {
  id: number;
  /** bm25 (or minus ts_rank): lower is better. */
  rank: number;
}
export interface Cursor {
  group: Group;
  rank: number;
  id: number;
}

const GROUP_ORDER: Record<Group, number> = { name: 0, content: 1 };
const byRank = (a: Ranked, b: Ranked) => a.rank - b.rank || a.id - b.id;

/** "n_-1.25_42": group, rank, id. Ranks are doubles written as JavaScript does (exact round trip). */
export function encodeCursor(c: Cursor): string {
  return `${c.group === "name" ? "n" : "c"}_${c.rank}_${c.id}`;
}

export function decodeCursor(s: string | null | undefined): Cursor | null {
  if (!s || !SEARCH_CURSOR_PATTERN.test(s)) return null;
  const [g, rank, id] = s.split("_");
  const r = Number(rank);
  const i = Number(id);
  if (!Number.isFinite(r) || !Number.isSafeInteger(i)) return null;
  return { group: g === "n" ? "name" : "content", rank: r, id: i };
}

const after = (g: Group, h: Ranked, c: Cursor) =>
  GROUP_ORDER[g] > GROUP_ORDER[c.group] || (g === c.group && (h.rank > c.rank || (h.rank === c.rank && h.id > c.id)));

/**
 * The page out of the two windows (each read newest first, up to RANK_WINDOW + 1 rows: one more
 * than kept tells that the group has more). Ranks each window, then takes `limit` hits from the
 * offset or after the cursor.
 */
export function pageOf(
  name: Ranked[],
  content: Ranked[],
  q: { limit: number; offset: number; after?: Cursor | null },
): { total: number; totalExact: boolean; page: (Ranked & { group: Group })[]; next: string | null } {
  const totalExact = name.length <= RANK_WINDOW && content.length <= RANK_WINDOW;
  const all = [
    ...name.slice(0, RANK_WINDOW).sort(byRank).map((h) => ({ ...h, group: "name" as const })),
    ...content.slice(0, RANK_WINDOW).sort(byRank).map((h) => ({ ...h, group: "content" as const })),
  ];
  const limit = Math.max(0, Math.floor(q.limit));
  let start = Math.max(0, Math.floor(q.offset));
  if (q.after) {
    // Right after the cursor's hit while it is still ranked (ranks move a little when files are
    // added or removed: bm25 and ts_rank weigh a word by how many files hold it); else after its
    // place by group, rank and id.
    const c = q.after;
    const at = all.findIndex((h) => h.group === c.group && h.id === c.id);
    start = at >= 0 ? at + 1 : all.findIndex((h) => after(h.group, h, c));
    if (start < 0) start = all.length;
  }
  const page = all.slice(start, start + limit);
  const last = page[page.length - 1];
  const next = last && start + limit < all.length ? encodeCursor({ group: last.group, rank: last.rank, id: last.id }) : null;
  return { total: all.length, totalExact, page, next };
}
