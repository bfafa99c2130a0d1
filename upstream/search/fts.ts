// The file-search index on SQLite FTS5 (table files_fts, rowid = storage_items.id).
// Queries are built from the user's words only: each word becomes a quoted prefix term, so FTS syntax
// (quotes, NEAR, column filters, *, ^, AND/OR/NOT) typed by a user is matched as text, never run.
import type Database from "better-sqlite3";
import type { SearchHit, SearchIndex } from "../context";

/** Name matches count ten times a path match in bm25. */
const NAME_WEIGHT = 10;
const PATH_WEIGHT = 1;
const MAX_TERMS = 12;

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
export function buildMatch(terms: string[]): string {
  return `{name path} : (${terms.map((t) => `"${t.replace(/"/g, '""')}"*`).join(" AND ")})`;
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
  const countOrg = sqlite.prepare("SELECT count(*) AS n FROM files_fts WHERE organization_id = ?");

  const indexMany = sqlite.transaction((items: Parameters<SearchIndex["index"]>[0]) => {
    for (const it of items) {
      del.run(it.id);
      ins.run(it.id, searchableText(it.name), searchableText(it.path), it.aircraft_id, it.organization_id);
    }
  });

  const rowsById = sqlite.prepare(
    "SELECT rowid AS id, name, path, aircraft_id, organization_id FROM files_fts WHERE rowid IN (SELECT value FROM json_each(?))",
  );
  const queryCache = new Map<string, { count: Database.Statement; page: Database.Statement }>();
  function statements(scopeAircraft: boolean, scopeOrg: boolean, scopeFolder: boolean) {
    const k = `${+scopeAircraft}${+scopeOrg}${+scopeFolder}`;
    let s = queryCache.get(k);
    if (!s) {
      const where = ["files_fts MATCH @match"];
      if (scopeAircraft) where.push("aircraft_id IN (SELECT value FROM json_each(@aircraft))");
      if (scopeOrg) where.push("organization_id = @org");
      if (scopeFolder) where.push("substr(path, 1, length(@folder)) = @folder");
      const w = where.join(" AND ");
      s = {
        count: sqlite.prepare(`SELECT count(*) AS n FROM files_fts WHERE ${w}`),
        // Only rowid and rank are sorted (reading every match's columns would double the cost on
        // broad queries); the page's columns are fetched by rowid afterwards.
        page: sqlite.prepare(
          `SELECT rowid AS id, bm25(files_fts, ${NAME_WEIGHT}, ${PATH_WEIGHT}) AS rank
           FROM files_fts WHERE ${w} ORDER BY rank, rowid LIMIT @limit OFFSET @offset`,
        ),
      };
      queryCache.set(k, s);
    }
    return s;
  }

  return {
    index(items) {
      if (items.length) indexMany(items);
    },
    remove(ids) {
      for (let i = 0; i < ids.length; i += 5000) delMany.run(JSON.stringify(ids.slice(i, i + 5000)));
    },
    removeAircraftPrefix(aircraftId, pathPrefix) {
      const prefix = pathPrefix.replace(/\/+$/, "");
      if (!prefix) {
        delAircraft.run(aircraftId);
        return;
      }
      delPrefix.run({ aircraft: aircraftId, prefix });
    },
    search(q) {
      const terms = searchTerms(q.text);
      if (!terms.length) return { total: 0, hits: [] };
      if (q.aircraftIds !== "all" && q.aircraftIds.length === 0) return { total: 0, hits: [] };
      const folder = q.folderPath && q.folderPath !== "/" ? `${q.folderPath.replace(/\/+$/, "")}/` : null;
      const params: Record<string, unknown> = { match: buildMatch(terms) };
      if (q.aircraftIds !== "all") params.aircraft = JSON.stringify(q.aircraftIds);
      if (q.organizationId != null) params.org = q.organizationId;
      if (folder) {
        params.folder = folder;
      }
      const st = statements(q.aircraftIds !== "all", q.organizationId != null, !!folder);
      const total = (st.count.get(params) as { n: number }).n;
      if (!total || q.offset >= total) return { total, hits: [] };
      const ranked = st.page.all({ ...params, limit: Math.max(0, Math.floor(q.limit)), offset: Math.max(0, Math.floor(q.offset)) }) as {
        id: number;
        rank: number;
      }[];
      const byId = new Map(
        (rowsById.all(JSON.stringify(ranked.map((r) => r.id))) as { id: number; name: string; path: string; aircraft_id: number; organization_id: number }[]).map(
          (r) => [r.id, r],
        ),
      );
      const hits: SearchHit[] = [];
      for (const { id, rank } of ranked) {
        const r = byId.get(id);
        if (!r) continue;
        const name = firstLine(r.name);
        hits.push({
          id,
          name,
          path: firstLine(r.path),
          aircraft_id: Number(r.aircraft_id),
          organization_id: Number(r.organization_id),
          highlight: highlightName(name, terms),
          rank,
        });
      }
      return { total, hits };
    },
    ids(q) {
      const params = { after: q.afterId, upTo: q.upToId ?? Number.MAX_SAFE_INTEGER, limit: Math.max(1, Math.floor(q.limit)) };
      const rows = q.organizationId != null ? idsOrg.all({ ...params, org: q.organizationId }) : idsAll.all(params);
      return rows.map((r) => (r as { id: number }).id);
    },
    countByOrganization() {
      const rows = countGrouped.all() as { org: number; n: number }[];
      return new Map(rows.map((r) => [Number(r.org), r.n]));
    },
    count(organizationId) {
      const row = (organizationId != null ? countOrg.get(organizationId) : countAll.get()) as { n: number };
      return row.n;
    },
  };
}
