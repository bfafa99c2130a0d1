// The file-search index on SQLite FTS5 (table files_fts, rowid = storage_items.id).
// Queries are built from the user's words only: each word becomes a quoted prefix term, so FTS syntax
// (quotes, NEAR, column filters, *, ^, AND/OR/NOT) typed by a user is matched as text, never run.
import type Database from "better-sqlite3";
import type { SearchHit, SearchIndex } from "../context";

/** Name matches count ten times a path match in bm25. */
const NAME_WEIGHT = 10;
const PATH_WEIGHT = 1;
const MAX_TERMS = 12;
/** Matches up to this many are all scored (bm25) and sorted by score; broader ones are not (ADR 029). */
export const RANK_ALL_MAX = 5000;
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

export function createFtsSearch(sqlite: Database.Database): SearchIndex {
  const del = sqlite.prepare("DELETE FROM files_fts WHERE rowid = ?");
  const ins = sqlite.prepare("INSERT INTO files_fts (rowid, name, path, aircraft_id, organization_id) VALUES (?, ?, ?, ?, ?)");
  const delMany = sqlite.prepare("DELETE FROM files_fts WHERE rowid IN (SELECT value FROM json_each(?))");
  // The path column may carry a second line (searchableText): compare its first line.
  const delPrefix = sqlite.prepare(
    `DELETE FROM files_fts WHERE aircraft_id = @aircraft AND (
       path = @prefix OR substr(path, 1, length(@prefix) + 1) = @prefix || char(10) OR substr(path, 1, length(@prefix) + 1) = @prefix || '/')`,
  );
  const delAircraft = sqlite.prepare("DELETE FROM files_fts WHERE aircraft_id = ?");
  const countAll = sqlite.prepare("SELECT count(*) AS n FROM files_fts");
  const idsAll = sqlite.prepare("SELECT rowid AS id FROM files_fts WHERE rowid > @after AND rowid <= @upTo ORDER BY rowid LIMIT @limit");
  const idsOrg = sqlite.prepare(
    "SELECT rowid AS id FROM files_fts WHERE rowid > @after AND rowid <= @upTo AND organization_id = @org ORDER BY rowid LIMIT @limit",
  );
  const countGrouped = sqlite.prepare("SELECT organization_id AS org, count(*) AS n FROM files_fts GROUP BY organization_id");
  const countOrgMatch = sqlite.prepare("SELECT count(*) AS n FROM files_fts WHERE files_fts MATCH ?");
  const countOrg = { get: (org: number) => countOrgMatch.get(`{organization_id} : "${Math.floor(Number(org))}"`) };

  const indexMany = sqlite.transaction((items: Parameters<SearchIndex["index"]>[0]) => {
    for (const it of items) {
      del.run(it.id);
      ins.run(it.id, searchableText(it.name), searchableText(it.path), it.aircraft_id, it.organization_id);
    }
  });

  const rowsById = sqlite.prepare(
    "SELECT rowid AS id, name, path, aircraft_id, organization_id FROM files_fts WHERE rowid IN (SELECT value FROM json_each(?))",
  );
  // Statements per scope shape: the organization and up to MATCH_AIRCRAFT_MAX aircraft are part of
  // the MATCH expression (indexed columns, migration 006); a folder, or a longer aircraft list, is a
  // filter on the matching rows.
  const queryCache = new Map<string, { count: Database.Statement; ranked: Database.Statement; newest: Database.Statement}>();
  function statements(filterAircraft: boolean, scopeFolder: boolean) {
    const k = `${+filterAircraft}${+scopeFolder}`;
    let s = queryCache.get(k);
    if (!s) {
      const where = ["files_fts MATCH @match"];
      if (filterAircraft) where.push("aircraft_id IN (SELECT value FROM json_each(@aircraft))");
      if (scopeFolder) where.push("substr(path, 1, length(@folder)) = @folder");
      const w = where.join(" AND ");
      const bm25 = `bm25(files_fts, ${NAME_WEIGHT}, ${PATH_WEIGHT}, 0, 0)`;
      s = {
        count: sqlite.prepare(`SELECT count(*) AS n FROM files_fts WHERE ${w}`),
        // Only rowid and rank are sorted (reading every match's columns would double the cost on
        // broad queries); the page's columns are fetched by rowid afterwards.
        ranked: sqlite.prepare(`SELECT rowid AS id, ${bm25} AS rank FROM files_fts WHERE ${w} ORDER BY rank, rowid LIMIT @limit OFFSET @offset`),
        // A broad match: straight from the index, newest first (no score to compute for every row).
        newest: sqlite.prepare(`SELECT rowid AS id FROM files_fts WHERE ${w} ORDER BY rowid DESC LIMIT @limit OFFSET @offset`)
      };
      queryCache.set(k, s);
    }
    return s;
  }

  // The content index (file_text_fts, migration 007): the same scope rules; a folder scope is a
  // filter through storage_items (the content index has no path). Files that match by name or path
  // are left out here: they are already listed above.
  const contentCache = new Map<string, { count: Database.Statement; ranked: Database.Statement }>();
  function contentStatements(filterAircraft: boolean, scopeFolder: boolean) {
    const k = `${+filterAircraft}${+scopeFolder}`;
    let s = contentCache.get(k);
    if (!s) {
      const where = ["file_text_fts MATCH @cmatch", "rowid NOT IN (SELECT rowid FROM files_fts WHERE files_fts MATCH @match)"];
      if (filterAircraft) where.push("aircraft_id IN (SELECT value FROM json_each(@aircraft))");
      if (scopeFolder) where.push("rowid IN (SELECT id FROM storage_items WHERE aircraft_id = @folderAircraft AND substr(path, 1, length(@folder)) = @folder)");
      const w = where.join(" AND ");
      s = {
        count: sqlite.prepare(`SELECT count(*) AS n FROM file_text_fts WHERE ${w}`),
        ranked: sqlite.prepare(`SELECT rowid AS id, bm25(file_text_fts, 1, 0, 0) AS rank FROM file_text_fts WHERE ${w} ORDER BY rank, rowid LIMIT @limit OFFSET @offset`),
      };
      contentCache.set(k, s);
    }
    return s;
  }
  const textsMatching = sqlite.prepare(
    `SELECT file_id AS id, text FROM file_text WHERE file_id IN (SELECT value FROM json_each(@ids))
       AND file_id IN (SELECT rowid FROM file_text_fts WHERE file_text_fts MATCH @cmatch AND rowid IN (SELECT value FROM json_each(@ids)))`,
  );

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
      const terms = searchTerms(q.text);
      if (!terms.length) return { total: 0, hits: [] };
      if (q.aircraftIds !== "all" && q.aircraftIds.length === 0) return { total: 0, hits: [] };
      const folder = q.folderPath && q.folderPath !== "/" ? `${q.folderPath.replace(/\/+$/, "")}/` : null;
      const filterAircraft = q.aircraftIds !== "all" && q.aircraftIds.length > MATCH_AIRCRAFT_MAX;
      const filters: Record<string, unknown> = {};
      if (filterAircraft) filters.aircraft = JSON.stringify(q.aircraftIds);
      if (folder) filters.folder = folder;
      const st = statements(filterAircraft, !!folder);
      const match = matchOf(terms, q);
      const nameTotal = (st.count.get({ ...filters, match }) as { n: number }).n;
      // Files found by their text only (issue 17): after every name or path match (ADR 039).
      const cst = contentStatements(filterAircraft, !!folder);
      const cfilters: Record<string, unknown> = { ...filters, cmatch: matchOf(terms, q, "{text}"), match };
      if (folder) cfilters.folderAircraft = (q.aircraftIds as number[])[0];
      const contentTotal = (cst.count.get(cfilters) as { n: number }).n;
      const total = nameTotal + contentTotal;
      const limit = Math.max(0, Math.floor(q.limit));
      const offset = Math.max(0, Math.floor(q.offset));
      if (!total || offset >= total) return { total, hits: [] };
      let ranked: { id: number; rank: number | null; content?: boolean }[] = [];
      if (offset < nameTotal) {
        if (nameTotal <= RANK_ALL_MAX) {
          ranked = st.ranked.all({ ...filters, match, limit, offset }) as { id: number; rank: number }[];
        } else {
          // Too broad to score every match (a short prefix matching most of the index): files whose
          // name matches come first, then those matched by their folder path only, newest first in
          // each; no score (ADR 029).
          const byName = matchOf(terms, q, "{name}");
          const byNameTotal = (st.count.get({ ...filters, match: byName }) as { n: number }).n;
          const ids: number[] = [];
          if (offset < byNameTotal) ids.push(...(st.newest.all({ ...filters, match: byName, limit, offset }) as { id: number }[]).map((r) => r.id));
          if (ids.length < limit) {
            const pathOnly = `(${match}) NOT (${buildMatch(terms, "{name}")})`;
            const rest = st.newest.all({ ...filters, match: pathOnly, limit: limit - ids.length, offset: Math.max(0, offset - byNameTotal) }) as { id: number }[];
            ids.push(...rest.map((r) => r.id));
          }
          ranked = ids.map((id) => ({ id, rank: null }));
        }
      }
      if (ranked.length < limit && contentTotal) {
        const rest = cst.ranked.all({ ...cfilters, limit: limit - ranked.length, offset: Math.max(0, offset - nameTotal) }) as { id: number; rank: number }[];
        ranked.push(...rest.map((r) => ({ ...r, content: true })));
      }
      const idsJson = JSON.stringify(ranked.map((r) => r.id));
      const byId = new Map(
        (rowsById.all(idsJson) as { id: number; name: string; path: string; aircraft_id: number; organization_id: number }[]).map((r) => [r.id, r]),
      );
      // A snippet for every hit whose text matches (a name match may match inside too).
      const texts = new Map((textsMatching.all({ ids: idsJson, cmatch: buildMatch(terms, "{text}") }) as { id: number; text: string }[]).map((r) => [r.id, r.text]));
      const hits: SearchHit[] = [];
      for (const { id, rank, content } of ranked) {
        const r = byId.get(id);
        if (!r) continue;
        const name = firstLine(r.name);
        const text = texts.get(id);
        const snip = text ? snippetOf(text, terms) : null;
        hits.push({
          id,
          name,
          path: firstLine(r.path),
          aircraft_id: Number(r.aircraft_id),
          organization_id: Number(r.organization_id),
          highlight: highlightName(name, terms),
          rank,
          match: content ? "content" : "name",
          snippet: snip?.text ?? null,
          snippet_marks: snip?.marks ?? [],
          match_page: snip?.page ?? null,
        });
      }
      return { total, hits };
    },
    async ids(q) {
      const params = { after: q.afterId, upTo: q.upToId ?? Number.MAX_SAFE_INTEGER, limit: Math.max(1, Math.floor(q.limit)) };
      const rows = q.organizationId != null ? idsOrg.all({ ...params, org: q.organizationId }) : idsAll.all(params);
      return rows.map((r) => (r as { id: number }).id);
    },
    async countByOrganization() {
      const rows = countGrouped.all() as { org: number; n: number }[];
      return new Map(rows.map((r) => [Number(r.org), r.n]));
    },
    async count(organizationId) {
      const row = (organizationId != null ? countOrg.get(organizationId) : countAll.get()) as { n: number };
      return row.n;
    },
  };
}
