import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";

// Issue 12: search that stays fast on short prefixes. The organization and aircraft of an indexed
// file become indexed FTS5 columns, so a search's scope is part of the MATCH (read from the index)
// instead of a filter that reads every matching row's content: a three-letter prefix matching all
// 100,000 files of an organization was counted in 120 ms, now in a few. The table is rebuilt once.
const statements = [
  `CREATE VIRTUAL TABLE files_fts_scoped USING fts5(
     name, path, aircraft_id, organization_id,
     tokenize = "unicode61 remove_diacritics 2 tokenchars '-_'"
   )`,
  "INSERT INTO files_fts_scoped (rowid, name, path, aircraft_id, organization_id) SELECT rowid, name, path, aircraft_id, organization_id FROM files_fts",
  "DROP TABLE files_fts",
  "ALTER TABLE files_fts_scoped RENAME TO files_fts",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // PostgreSQL: the search table of 001 has its scope columns indexed from the start (ADR 056).
  if (isPostgres(db)) return;
  for (const stmt of statements) await sql.raw(stmt).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`CREATE VIRTUAL TABLE files_fts_unscoped USING fts5(
     name, path, aircraft_id UNINDEXED, organization_id UNINDEXED,
     tokenize = "unicode61 remove_diacritics 2 tokenchars '-_'"
   )`).execute(db);
  await sql.raw("INSERT INTO files_fts_unscoped (rowid, name, path, aircraft_id, organization_id) SELECT rowid, name, path, aircraft_id, organization_id FROM files_fts").execute(db);
  await sql.raw("DROP TABLE files_fts").execute(db);
  await sql.raw("ALTER TABLE files_fts_unscoped RENAME TO files_fts").execute(db);
}
