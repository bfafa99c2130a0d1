// The file-search index on PostgreSQL full-text search (DATABASE_URL, ADR 056), behind the same
// interface and with the same rules as the FTS5 index (search/fts.ts):
// - files_fts (migration 001 on PostgreSQL): one row per file with a tsvector built here from the
//   same words FTS5 would index (unicode61, diacritics removed, "-" and "_" inside words, the
//   searchableText second line): the name's words weighted A, the path's B; a GIN index.
// - a query is every word as a prefix (`'word':*`), all required, in the name or the path (weights
//   AB) or the name only (A); the tsquery is built from the words only, so nothing a user types is
//   run as query syntax (the words hold only letters, digits, "-" and "_").
// - ranking: ts_rank with the name ten times the path (as bm25's weights), within the ranking
//   windows of window.ts (the newest 1,000 matches of each group, ADR 082).
// - contents: file_text_fts (migration 007 on PostgreSQL), to_tsvector('simple', text), kept by a
//   trigger; snippets and highlights are made by the same code as on SQLite (plain text + ranges),
//   for the hits of the page only.
import { sql, type RawBuilder } from "kysely";
import type { DB } from "../db";
import type { SearchIndex } from "../context";
import { hitsOf, searchTerms, searchableText } from "./fts";
import { RANK_WINDOW, decodeCursor, pageOf, type Ranked } from "./window";

const NAME_WEIGHT = 1.0;
const PATH_WEIGHT = 0.1;

const fold = (s: string) => s.normalize("NFD").replace(/\p{M}+/gu, "").toLowerCase();

/** Every distinct word of a text as the FTS5 tokenizer of the SQLite index gives them. */
export function indexWords(text: string): string[] {
  const out = new Set<string>();
  for (const raw of text.split(/[^\p{L}\p{N}\p{Co}_-]+/u)) {
    const t = fold(raw);
    if (t) out.add(t);
  }
  return [...out];
}

/** tsquery text: every term a prefix, all required, restricted to the weights given ("AB": name or path, "A": name). */
export function nameQuery(terms: string[], weights: "AB" | "A"): string {
  return terms.map((t) => `'${t.replace(/['\\]/g, "")}':*${weights}`).join(" & ");
}

/**
 * tsquery text over to_tsvector('simple', text): PostgreSQL's parser splits at "_" and gives the
 * parts of a "-" word as separate words too, so a term joined by them is a phrase of its parts.
 */
export function contentQuery(terms: string[]): string {
  return terms
    .map((t) => {
      const parts = t.split(/[-_]+/).filter(Boolean).map((p) => p.replace(/['\\]/g, ""));
      if (!parts.length) return null;
      return parts.length === 1 ? `'${parts[0]}':*` : `(${parts.map((p, i) => (i === parts.length - 1 ? `'${p}':*` : `'${p}'`)).join(" <-> ")})`;
    })
    .filter((x): x is string => !!x)
    .join(" & ");
}

type Q = Parameters<SearchIndex["search"]>[0];

export function createPgSearch(db: DB): SearchIndex {
  const rows = async <T>(q: RawBuilder<unknown>) => (await q.execute(db)).rows as T[];

  /**
   * The scope of a query on a search table (alias t): organization, aircraft, folder, each followed
   * by AND. Written before the match: PostgreSQL tests a row's filters in the order written (at equal
   * cost), and the scope is read from the row while the match reads its tsvector.
   */
  function scope(q: Q, folder: string | null, table: "files" | "content"): RawBuilder<unknown> {
    const parts: RawBuilder<unknown>[] = [];
    if (q.organizationId != null) parts.push(sql`t.organization_id = ${Math.floor(Number(q.organizationId))}`);
    if (q.aircraftIds !== "all") parts.push(sql`t.aircraft_id = ANY(${q.aircraftIds.map((id) => Math.floor(Number(id)))}::bigint[])`);
    if (folder) {
      parts.push(
        table === "files"
          ? sql`starts_with(t.path, ${folder})`
          : sql`t.id IN (SELECT id FROM storage_items WHERE aircraft_id = ${(q.aircraftIds as number[])[0] ?? 0} AND starts_with(path, ${folder}))`,
      );
    }
    return parts.length ? sql`${sql.join(parts, sql` AND `)} AND` : sql``;
  }

  return {
    async index(items) {
      if (!items.length) return;
      for (let i = 0; i < items.length; i += 1000) {
        const chunk = items.slice(i, i + 1000);
        const values = chunk.map((it) => {
          const name = searchableText(it.name);
          const path = searchableText(it.path);
          return sql`(${it.id}::bigint, ${name}, ${path}, ${it.aircraft_id}::bigint, ${it.organization_id}::bigint,
            setweight(array_to_tsvector(${indexWords(name)}::text[]), 'A') || setweight(array_to_tsvector(${indexWords(path)}::text[]), 'B'))`;
        });
        await sql`INSERT INTO files_fts (id, name, path, aircraft_id, organization_id, doc) VALUES ${sql.join(values)}
          ON CONFLICT (id) DO UPDATE SET name = excluded.name, path = excluded.path, aircraft_id = excluded.aircraft_id,
            organization_id = excluded.organization_id, doc = excluded.doc`.execute(db);
      }
    },
    async remove(ids) {
      for (let i = 0; i < ids.length; i += 5000) await sql`DELETE FROM files_fts WHERE id = ANY(${ids.slice(i, i + 5000)}::bigint[])`.execute(db);
    },
    async removeAircraftPrefix(aircraftId, pathPrefix) {
      const prefix = pathPrefix.replace(/\/+$/, "");
      if (!prefix) {
        await sql`DELETE FROM files_fts WHERE aircraft_id = ${aircraftId}`.execute(db);
        return;
      }
      // The path column may carry a second line (searchableText): compare its first line.
      await sql`DELETE FROM files_fts WHERE aircraft_id = ${aircraftId}
        AND (path = ${prefix} OR starts_with(path, ${prefix + "\n"}) OR starts_with(path, ${prefix + "/"}))`.execute(db);
    },
    async search(q) {
      const none = { total: 0, totalExact: true, hits: [], next: null };
      const terms = searchTerms(q.text);
      if (!terms.length) return none;
      if (q.aircraftIds !== "all" && q.aircraftIds.length === 0) return none;
      const folder = q.folderPath && q.folderPath !== "/" ? `${q.folderPath.replace(/\/+$/, "")}/` : null;
      const match = nameQuery(terms, "AB");
      const cmatch = contentQuery(terms);
      // The ranking windows (window.ts): the newest RANK_WINDOW + 1 matches' ids first (from the GIN
      // index, or the primary key backwards for a common word: the planner's choice), then ts_rank of
      // those only, not of every match.
      const name = await rows<Ranked>(sql`SELECT t.id, -ts_rank(${`{0,0,${PATH_WEIGHT},${NAME_WEIGHT}}`}::float4[], t.doc, ${match}::tsquery) AS rank
        FROM (SELECT t.id FROM files_fts t WHERE ${scope(q, folder, "files")} t.doc @@ ${match}::tsquery ORDER BY t.id DESC LIMIT ${RANK_WINDOW + 1}) w
        JOIN files_fts t ON t.id = w.id`);
      // Files found by their text only (after the name window's, which are left out).
      const named = name.slice(0, RANK_WINDOW).map((r) => Number(r.id));
      // The text window: every match's id from the GIN index first (MATERIALIZED), then the newest
      // RANK_WINDOW + 1 of them, ranked. Left to itself the planner walks the primary key backwards
      // for a common word, reading (and decompressing) each text's tsvector on the way until the
      // window is full (10 ms for "corrosion" in 10,000 texts, and more the rarer the word, up to
      // every text), or, for a word in most texts, scans them all (30 ms); from the index the cost
      // follows the number of matches only (4-7 ms for any of them). Its cost model does not see
      // the tsvector's size, hence enable_seqscan off for this one query (SET LOCAL: its transaction).
      const window = sql`WITH m AS MATERIALIZED (SELECT t.id FROM file_text_fts t WHERE ${scope(q, folder, "content")} t.doc @@ to_tsquery('simple', ${cmatch})
          AND NOT (t.id = ANY(${named}::bigint[]))),
        w AS (SELECT id FROM m ORDER BY id DESC LIMIT ${RANK_WINDOW + 1})
        SELECT t.id, -ts_rank(t.doc, to_tsquery('simple', ${cmatch})) AS rank FROM w JOIN file_text_fts t ON t.id = w.id`;
      const content = cmatch
        ? await db.transaction().execute(async (trx) => {
            await sql`SET LOCAL enable_seqscan = off`.execute(trx);
            return (await window.execute(trx)).rows as Ranked[];
          })
        : [];
      const num = (r: Ranked) => ({ id: Number(r.id), rank: Number(r.rank) });
      const { total, totalExact, page, next } = pageOf(name.map(num), content.map(num), { limit: q.limit, offset: q.offset, after: decodeCursor(q.after) });
      if (!page.length) return { total, totalExact, hits: [], next };
      // Only the page's files are read, in one query: their names and paths, and their texts for the snippets.
      const ids = page.map((r) => r.id);
      const read = await rows<{ id: number; name: string; path: string; aircraft_id: number; organization_id: number; text: string | null }>(
        sql`SELECT f.id, f.name, f.path, f.aircraft_id, f.organization_id, ft.text
          FROM files_fts f LEFT JOIN file_text ft ON ft.file_id = f.id WHERE f.id = ANY(${ids}::bigint[])`,
      );
      const byId = new Map(read.map((r) => [Number(r.id), r]));
      const texts = new Map(read.filter((r) => r.text != null).map((r) => [Number(r.id), r.text!]));
      return { total, totalExact, hits: hitsOf(page, byId, texts, terms), next };
    },
    async ids(q) {
      const upTo = q.upToId ?? Number.MAX_SAFE_INTEGER;
      const org = q.organizationId != null ? sql`AND organization_id = ${q.organizationId}` : sql``;
      const r = await rows<{ id: number }>(
        sql`SELECT id FROM files_fts WHERE id > ${q.afterId} AND id <= ${upTo} ${org} ORDER BY id LIMIT ${Math.max(1, Math.floor(q.limit))}`,
      );
      return r.map((x) => Number(x.id));
    },
    async countByOrganization() {
      const r = await rows<{ org: number; n: number }>(sql`SELECT organization_id AS org, count(*) AS n FROM files_fts GROUP BY organization_id`);
      return new Map(r.map((x) => [Number(x.org), Number(x.n)]));
    },
    async count(organizationId) {
      const r = await rows<{ n: number }>(
        organizationId != null
          ? sql`SELECT count(*) AS n FROM files_fts WHERE organization_id = ${Math.floor(Number(organizationId))}`
          : sql`SELECT count(*) AS n FROM files_fts`,
      );
      return Number(r[0]!.n);
    },
  };
}
