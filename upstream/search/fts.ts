// The file-search index on SQLite FTS5 (table files_fts, rowid = storage_items.id).
// Queries are built from the user's words only: each word becomes a quoted prefix term, so FTS syntax
// (quotes, NEAR, column filters, *, ^, AND/OR/NOT) typed by a user is matched as text, never run.
import type Database from "better-sqlite3";
import type { SearchHit, SearchIndex } from "../context";
import type { SqlReader } from "../db/sql-reader";
import { RANK_WINDOW, decodeCursor, pageOf, type Group, type Ranked } from "./window";

/** Name matches count ten times a path match in bm25. */
const NAME_WEIGHT = 10;
const PATH_WEIGHT = 1;
const MAX_TERMS = 12;
/** Aircraft scopes up to this size go into the MATCH expression (indexed); longer lists filter rows. */
const MATCH_AIRCRAFT_MAX = 500;

/** The words of a text as the unicode61 tokenizer (remove_diacritics 2, tokenchars "-_") splits them. */
export function searchTerms(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/[^\p{L}\p{N}\p{Co}_-]+/u)) {
    const t = fold(raw);
    if (t && !out.includes(t)) out.push(t);
    if (out.length >= MAX_TERMS) break;
  }
  return out;
}

const fold = (s: string) => s.normalize("NFD").replace(/\p{M}+/gu, "").toLowerCase();

/** FTS5 MATCH expression: every term as a quoted prefix, all required, in the name or the path. */
export function buildMatch(terms: string[], columns = "{name path}"): string {
  return `${columns} : (${terms.map((t) => `"${t.replace(/"/g, '""')}"*`).join(" AND ")})`;
}

/**
 * The tokenizer keeps "-" and "_" inside words ("task_card" is one token), and sanitized names are
 * full of "_" ("Report (final).pdf" is filed as "Report _final_.pdf"). So that a search for "final"
 * or "card" finds them, the indexed text gets a second line with those words split at "-" and "_".
 * The first line is always the text itself.
 */
export function searchableText(text: string): string {
  const extra = (text.match(/[\p{L}\p{N}\p{M}\p{Co}_-]+/gu) ?? [])
    .filter((w) => /[_-]/.test(w))
    .map((w) => w.split(/[_-]+/).filter(Boolean).join(" "))
    .filter(Boolean);
  return extra.length ? `${text}\n${extra.join(" ")}` : text;
}

const firstLine = (s: string) => {
  const i = s.indexOf("\n");
  return i < 0 ? s : s.slice(0, i);
};

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * HTML-escaped name with <mark>…</mark> around every word that starts with one of the terms (or,
 * inside a word joined by "-" or "_", around the part that does).
 */
export function highlightName(name: string, terms: string[]): string {
  if (!terms.length) return escapeHtml(name);
  const hits = (w: string) => {
    const folded = fold(w);
    return terms.some((t) => folded.startsWith(t));
  };
  const marks: [number, number][] = [];
  for (const m of name.matchAll(/[\p{L}\p{N}\p{M}\p{Co}_-]+/gu)) {
    const start = m.index ?? 0;
    if (hits(m[0])) {
      marks.push([start, start + m[0].length]);
      continue;
    }
    for (const part of m[0].matchAll(/[^_-]+/g)) {
      const ps = start + (part.index ?? 0);
      if (hits(part[0])) marks.push([ps, ps + part[0].length]);
    }
  }
  let out = "";
  let last = 0;
  for (const [a, b] of marks) {
    out += `${escapeHtml(name.slice(last, a))}<mark>${escapeHtml(name.slice(a, b))}</mark>`;
    last = b;
  }
  return out + escapeHtml(name.slice(last));
}

const WORD = /[\p{L}\p{N}\p{M}\p{Co}_-]+/gu;

/** [start, end) of every word (or "-"/"_"-joined part of a word) that starts with one of the terms. */
export function matchRanges(text: string, terms: string[], first = false): [number, number][] {
  const out: [number, number][] = [];
  const hits = (w: string) => {
    const folded = fold(w);
    return terms.some((t) => folded.startsWith(t));
  };
  for (const m of text.matchAll(WORD)) {
    const start = m.index ?? 0;
    if (hits(m[0])) out.push([start, start + m[0].length]);
    else if (/[_-]/.test(m[0])) {
      for (const part of m[0].matchAll(/[^_-]+/g)) {
        const ps = start + (part.index ?? 0);
        if (hits(part[0])) out.push([ps, ps + part[0].length]);
      }
    }
    if (first && out.length) break;
  }
  return out;
}

const SNIPPET_BEFORE = 60;
const SNIPPET_AFTER = 140;

/**
 * A short plain-text excerpt around the first match in a file's text (pages separated by "\f"):
 * the text, the [start, end) offsets of the matched words inside it, and the 1-based page.
 * Plain text only: the portal marks the ranges itself (never as HTML).
 */
export function snippetOf(text: string, terms: string[]): { text: string; marks: [number, number][]; page: number } | null {
  const first = matchRanges(text, terms, true)[0];
  if (!first) return null;
  const at = first[0];
  let page = 1;
  for (let i = text.indexOf("\f"); i >= 0 && i < at; i = text.indexOf("\f", i + 1)) page++;
  const pageStart = text.lastIndexOf("\f", at - 1) + 1;
  const pageEndRaw = text.indexOf("\f", at);
  const pageEnd = pageEndRaw < 0 ? text.length : pageEndRaw;
  let start = Math.max(pageStart, at - SNIPPET_BEFORE);
  let end = Math.min(pageEnd, first[1] + SNIPPET_AFTER);
  if (start > pageStart) {
    const sp = text.slice(start, at).search(/\s/);
    if (sp >= 0) start += sp + 1;
  }
  if (end < pageEnd) {
    const sp = text.slice(first[1], end).search(/\s\S*$/);
    if (sp >= 0) end = first[1] + sp;
  }
  let out = text.slice(start, end).replace(/\s+/g, " ").trim();
  if (start > pageStart) out = `… ${out}`;
  if (end < pageEnd) out = `${out} …`;
  return { text: out, marks: matchRanges(out, terms), page };
}

/**
 * Whether a file's text has every term (the content index's rule, all words required): for a hit
 * found by its name, whose text was not matched by the content index. Stops at the last term found.
 */
export function hasEveryTerm(text: string, terms: string[]): boolean {
  const missing = new Set(terms);
  for (const m of text.matchAll(WORD)) {
    const words = [m[0], ...(/[_-]/.test(m[0]) ? m[0].split(/[_-]+/) : [])].map(fold);
    for (const t of missing) if (words.some((w) => w.startsWith(t))) missing.delete(t);
    if (!missing.size) return true;
  }
  return false;
}

type Row = { id: number; name: string; path: string; aircraft_id: number; organization_id: number };

/**
 * The hits of a page, in its order: the name highlighted, and a snippet from the text of a hit
 * found by its text, or of a hit found by its name whose text has every word too.
 */
export function hitsOf(page: (Ranked & { group: Group })[], rows: Map<number, Row>, texts: Map<number, string>, terms: string[]): SearchHit[] {
  const hits: SearchHit[] = [];
  for (const { id, rank, group } of page) {
    const r = rows.get(id);
    if (!r) continue;
    const name = firstLine(r.name);
    const text = texts.get(id);
    const snip = text && (group === "content" || hasEveryTerm(text, terms)) ? snippetOf(text, terms) : null;
    hits.push({
      id,
      name,
      path: firstLine(r.path),
      aircraft_id: Number(r.aircraft_id),
      organization_id: Number(r.organization_id),
      highlight: highlightName(name, terms),
      rank: Number(rank),
      match: group,
      snippet: snip?.text ?? null,
      snippet_marks: snip?.marks ?? [],
      match_page: snip?.page ?? null,
    });
  }
  return hits;
}

/**
 * The index on the main connection for writes; its reads (searches, counts, the rebuild's sweep)
 * go through `reader` (sql-reader.ts), which may run them off the main thread.
 */
export function createFtsSearch(sqlite: Database.Database, reader: SqlReader): SearchIndex {
  const del = sqlite.prepare("DELETE FROM files_fts WHERE rowid = ?");
  const ins = sqlite.prepare("INSERT INTO files_fts (rowid, name, path, aircraft_id, organization_id) VALUES (?, ?, ?, ?, ?)");
  const delMany = sqlite.prepare("DELETE FROM files_fts WHERE rowid IN (SELECT value FROM json_each(?))");
  // The path column may carry a second line (searchableText): compare its first line.
  const delPrefix = sqlite.prepare(
    `DELETE FROM files_fts WHERE aircraft_id = @aircraft AND (
       path = @prefix OR substr(path, 1, length(@prefix) + 1) = @prefix || char(10) OR substr(path, 1, length(@prefix) + 1) = @prefix || '/')`,
  );
  const delAircraft = sqlite.prepare("DELETE FROM files_fts WHERE aircraft_id = ?");
  const indexMany = sqlite.transaction((items: Parameters<SearchIndex["index"]>[0]) => {
    for (const it of items) {
      del.run(it.id);
      ins.run(it.id, searchableText(it.name), searchableText(it.path), it.aircraft_id, it.organization_id);
    }
  });

  // The two ranking windows (window.ts): the newest RANK_WINDOW + 1 matches of a group, read from
  // the index in rowid order (no sort), each scored as it is read; the organization and up to
  // MATCH_AIRCRAFT_MAX aircraft are part of the MATCH expression (indexed columns, migration 006);
  // a folder, or a longer aircraft list, is a filter on the matching rows.
  const bm25 = `bm25(files_fts, ${NAME_WEIGHT}, ${PATH_WEIGHT}, 0, 0)`;
  function nameWindowSql(filterAircraft: boolean, scopeFolder: boolean) {
    const where = ["files_fts MATCH @match"];
    if (filterAircraft) where.push("aircraft_id IN (SELECT value FROM json_each(@aircraft))");
    if (scopeFolder) where.push("substr(path, 1, length(@folder)) = @folder");
    return `SELECT rowid AS id, ${bm25} AS rank FROM files_fts WHERE ${where.join(" AND ")} ORDER BY rowid DESC LIMIT ${RANK_WINDOW + 1}`;
  }
  // The content index (file_text_fts, migration 007): the same scope rules; a folder scope is a
  // filter through storage_items (the content index has no path). The files of the name window are
  // left out (they are listed above); nothing else is read from the name index.
  function contentWindowSql(filterAircraft: boolean, scopeFolder: boolean) {
    const where = ["file_text_fts MATCH @cmatch", "rowid NOT IN (SELECT value FROM json_each(@named))"];
    if (filterAircraft) where.push("aircraft_id IN (SELECT value FROM json_each(@aircraft))");
    if (scopeFolder) where.push("rowid IN (SELECT id FROM storage_items WHERE aircraft_id = @folderAircraft AND substr(path, 1, length(@folder)) = @folder)");
    return `SELECT rowid AS id, bm25(file_text_fts, 1, 0, 0) AS rank FROM file_text_fts WHERE ${where.join(" AND ")} ORDER BY rowid DESC LIMIT ${RANK_WINDOW + 1}`;
  }
  const ROWS_BY_ID = "SELECT rowid AS id, name, path, aircraft_id, organization_id FROM files_fts WHERE rowid IN (SELECT value FROM json_each(?))";
  const TEXTS_BY_ID = "SELECT file_id AS id, text FROM file_text WHERE file_id IN (SELECT value FROM json_each(?)) AND text IS NOT NULL";

  /** The MATCH expression of a query: the words (in name or path) and the indexed part of the scope. */
  function matchOf(terms: string[], q: { aircraftIds: number[] | "all"; organizationId?: number | null }, columns = "{name path}") {
    const parts = [buildMatch(terms, columns)];
    if (q.organizationId != null) parts.push(`{organization_id} : "${Math.floor(Number(q.organizationId))}"`);
    if (q.aircraftIds !== "all" && q.aircraftIds.length <= MATCH_AIRCRAFT_MAX) {
      parts.push(`{aircraft_id} : (${q.aircraftIds.map((id) => `"${Math.floor(Number(id))}"`).join(" OR ")})`);
    }
    return parts.join(" AND ");
  }

  return {
    async index(items) {
      if (items.length) indexMany(items);
    },
    async remove(ids) {
      for (let i = 0; i < ids.length; i += 5000) delMany.run(JSON.stringify(ids.slice(i, i + 5000)));
    },
    async removeAircraftPrefix(aircraftId, pathPrefix) {
      const prefix = pathPrefix.replace(/\/+$/, "");
      if (!prefix) {
        delAircraft.run(aircraftId);
        return;
      }
      delPrefix.run({ aircraft: aircraftId, prefix });
    },
    async search(q) {
      const none = { total: 0, totalExact: true, hits: [], next: null };
      const terms = searchTerms(q.text);
      if (!terms.length) return none;
      if (q.aircraftIds !== "all" && q.aircraftIds.length === 0) return none;
      const folder = q.folderPath && q.folderPath !== "/" ? `${q.folderPath.replace(/\/+$/, "")}/` : null;
      const filterAircraft = q.aircraftIds !== "all" && q.aircraftIds.length > MATCH_AIRCRAFT_MAX;
      const filters: Record<string, unknown> = {};
      if (filterAircraft) filters.aircraft = JSON.stringify(q.aircraftIds);
      if (folder) filters.folder = folder;
      const name = await reader.all<Ranked>(nameWindowSql(filterAircraft, !!folder), { ...filters, match: matchOf(terms, q) });
      // Files found by their text only (issue 17): after every name or path match (ADR 039).
      const cfilters: Record<string, unknown> = { ...filters, cmatch: matchOf(terms, q, "{text}"), named: JSON.stringify(name.slice(0, RANK_WINDOW).map((r) => r.id)) };
      if (folder) cfilters.folderAircraft = (q.aircraftIds as number[])[0];
      const content = await reader.all<Ranked>(contentWindowSql(filterAircraft, !!folder), cfilters);
      const { total, totalExact, page, next } = pageOf(name, content, { limit: q.limit, offset: q.offset, after: decodeCursor(q.after) });
      if (!page.length) return { total, totalExact, hits: [], next };
      // Only the page's files are read: their names and paths, and their texts for the snippets.
      const idsJson = JSON.stringify(page.map((r) => r.id));
      const rows = new Map((await reader.all<Row>(ROWS_BY_ID, [idsJson])).map((r) => [r.id, r]));
      const texts = new Map((await reader.all<{ id: number; text: string }>(TEXTS_BY_ID, [idsJson])).map((r) => [r.id, r.text]));
      return { total, totalExact, hits: hitsOf(page, rows, texts, terms), next };
    },
    async ids(q) {
      const params = { after: q.afterId, upTo: q.upToId ?? Number.MAX_SAFE_INTEGER, limit: Math.max(1, Math.floor(q.limit)) };
      const rows =
        q.organizationId != null
          ? await reader.all<{ id: number }>(
              "SELECT rowid AS id FROM files_fts WHERE rowid > @after AND rowid <= @upTo AND organization_id = @org ORDER BY rowid LIMIT @limit",
              { ...params, org: q.organizationId },
            )
          : await reader.all<{ id: number }>("SELECT rowid AS id FROM files_fts WHERE rowid > @after AND rowid <= @upTo ORDER BY rowid LIMIT @limit", params);
      return rows.map((r) => r.id);
    },
    async countByOrganization() {
      const rows = await reader.all<{ org: number; n: number }>("SELECT organization_id AS org, count(*) AS n FROM files_fts GROUP BY organization_id");
      return new Map(rows.map((r) => [Number(r.org), r.n]));
    },
    async count(organizationId) {
      const row =
        organizationId != null
          ? await reader.get<{ n: number }>("SELECT count(*) AS n FROM files_fts WHERE files_fts MATCH ?", [`{organization_id} : "${Math.floor(Number(organizationId))}"`])
          : await reader.get<{ n: number }>("SELECT count(*) AS n FROM files_fts");
      return row?.n ?? 0;
    },
  };
}
