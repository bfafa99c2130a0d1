// The file-search index on PostgreSQL full-text search (DATABASE_URL, ADR 056), behind the same
// interface and with the same rules as the FTS5 index (search/fts.ts):
// - files_fts (migration 001 on PostgreSQL): one row per file with a tsvector built here from the
//   same words FTS5 would index (unicode61, diacritics removed, "-" and "_" inside words, the
//   searchableText second line): the name's words weighted A, the path's B; a GIN index.
// - a query is every word as a prefix (`'word':*`), all required, in the name or the path (weights
//   AB) or the name only (A); the tsquery is built from the words only, so nothing a user types is
//   run as query syntax (the words hold only letters, digits, "-" and "_").
// - ranking: ts_rank with the name ten times the path (as bm25's weights), up to RANK_ALL_MAX
//   matches; broader ones name matches first, then path-only, newest first (ADR 029).
// - contents: file_text_fts (migration 007 on PostgreSQL), to_tsvector('simple', text), kept by a
//   trigger; snippets and highlights are made by the same code as on SQLite (plain text + ranges).
import { sql, type RawBuilder } from "kysely";
import type { DB } from "../db";
import type { SearchHit, SearchIndex } from "../context";
import { RANK_ALL_MAX, highlightName, searchTerms, searchableText, snippetOf } from "./fts";

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

const firstLine = (s: string) => {
  const i = s.indexOf("\n");
  return i < 0 ? s : s.slice(0, i);
};

type Q = Parameters<SearchIndex["search"]>[0];

export function createPgSearch(db: DB): SearchIndex {
  const rows = async <T>(q: RawBuilder<unknown>) => (await q.execute(db)).rows as T[];

  /** The scope of a query on a search table (alias t): organization, aircraft, folder. */
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
    return parts.length ? sql`AND ${sql.join(parts, sql` AND `)}` : sql``;
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
      const terms = searchTerms(q.text);
      if (!terms.length) return { total: 0, hits: [] };
      if (q.aircraftIds !== "all" && q.aircraftIds.length === 0) return { total: 0, hits: [] };
      const folder = q.folderPath && q.folderPath !== "/" ? `${q.folderPath.replace(/\/+$/, "")}/` : null;
      const where = scope(q, folder, "files");
      const cwhere = scope(q, folder, "content");
      const match = nameQuery(terms, "AB");
      const byName = nameQuery(terms, "A");
      const cmatch = contentQuery(terms);
      const countOf = async (tsq: string, extra: RawBuilder<unknown> = sql``) =>
        (await rows<{ n: number }>(sql`SELECT count(*) AS n FROM files_fts t WHERE t.doc @@ ${tsq}::tsquery ${where} ${extra}`))[0]!.n;
      const nameTotal = await countOf(match);
      const contentTotal = cmatch
        ? (
            await rows<{ n: number }>(sql`SELECT count(*) AS n FROM file_text_fts t WHERE t.doc @@ to_tsquery('simple', ${cmatch}) ${cwhere}
              AND NOT EXISTS (SELECT 1 FROM files_fts f WHERE f.id = t.id AND f.doc @@ ${match}::tsquery)`)
          )[0]!.n
        : 0;
      const total = nameTotal + contentTotal;
      const limit = Math.max(0, Math.floor(q.limit));
      const offset = Math.max(0, Math.floor(q.offset));
      if (!total || offset >= total) return { total, hits: [] };
      let ranked: { id: number; rank: number | null; content?: boolean }[] = [];
      if (offset < nameTotal) {
        if (nameTotal <= RANK_ALL_MAX) {
          ranked = await rows<{ id: number; rank: number }>(sql`SELECT t.id, -ts_rank(${`{0,0,${PATH_WEIGHT},${NAME_WEIGHT}}`}::float4[], t.doc, ${match}::tsquery) AS rank
            FROM files_fts t WHERE t.doc @@ ${match}::tsquery ${where} ORDER BY rank, t.id LIMIT ${limit} OFFSET ${offset}`);
        } else {
          // Too broad to score every match: name matches first, then path-only ones, newest first (ADR 029).
          const byNameTotal = await countOf(byName);
          const ids: number[] = [];
          if (offset < byNameTotal) {
            ids.push(...(await rows<{ id: number }>(sql`SELECT t.id FROM files_fts t WHERE t.doc @@ ${byName}::tsquery ${where} ORDER BY t.id DESC LIMIT ${limit} OFFSET ${offset}`)).map((r) => r.id));
          }
          if (ids.length < limit) {
            const rest = await rows<{ id: number }>(sql`SELECT t.id FROM files_fts t WHERE t.doc @@ ${match}::tsquery AND NOT (t.doc @@ ${byName}::tsquery) ${where}
              ORDER BY t.id DESC LIMIT ${limit - ids.length} OFFSET ${Math.max(0, offset - byNameTotal)}`);
            ids.push(...rest.map((r) => r.id));
          }
          ranked = ids.map((id) => ({ id, rank: null }));
        }
      }
      if (ranked.length < limit && contentTotal) {
        const rest = await rows<{ id: number; rank: number }>(sql`SELECT t.id, -ts_rank(t.doc, to_tsquery('simple', ${cmatch})) AS rank
          FROM file_text_fts t WHERE t.doc @@ to_tsquery('simple', ${cmatch}) ${cwhere}
            AND NOT EXISTS (SELECT 1 FROM files_fts f WHERE f.id = t.id AND f.doc @@ ${match}::tsquery)
          ORDER BY rank, t.id LIMIT ${limit - ranked.length} OFFSET ${Math.max(0, offset - nameTotal)}`);
        ranked.push(...rest.map((r) => ({ ...r, content: true })));
      }
      const ids = ranked.map((r) => r.id);
      const byId = new Map(
        (await rows<{ id: number; name: string; path: string; aircraft_id: number; organization_id: number }>(
          sql`SELECT id, name, path, aircraft_id, organization_id FROM files_fts WHERE id = ANY(${ids}::bigint[])`,
        )).map((r) => [r.id, r]),
      );
      // A snippet for every hit whose text matches (a name match may match inside too).
      const texts = new Map(
        cmatch
          ? (
              await rows<{ id: number; text: string }>(sql`SELECT ft.file_id AS id, ft.text FROM file_text ft JOIN file_text_fts x ON x.id = ft.file_id
                WHERE ft.file_id = ANY(${ids}::bigint[]) AND x.doc @@ to_tsquery('simple', ${cmatch})`)
            ).map((r) => [r.id, r.text])
          : [],
      );
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
          rank: rank == null ? null : Number(rank),
          match: content ? "content" : "name",
          snippet: snip?.text ?? null,
          snippet_marks: snip?.marks ?? [],
          match_page: snip?.page ?? null,
        });
      }
      return { total, hits };
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
