import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";

// Search at scale (ADR 082).
// - SQLite: the content index gets a prefix index of three characters. Every word of a query is a
//   prefix, and without it a three-letter one ("tur") merged the lists of every word it starts
//   (turbine, turbulence, turnbuckle, …) on each search: its ranking window took 21 ms on 10,000
//   documents, 4 ms with it; the index grows by half (the text itself is unchanged). FTS5 cannot add
//   one to a table, so the table is rebuilt once from itself, its triggers (migration 007) around it.
// - PostgreSQL: the two GIN indexes of the search (names and paths, document texts) write new
//   entries straight into the index instead of a pending list: every query reads the whole pending
//   list (up to gin_pending_list_limit, 4 MB) until a vacuum merges it, so a rare word took 80 ms
//   instead of 0.1 ms after a batch of documents had been extracted. What is pending is merged now.
const triggers = [
  `CREATE TRIGGER file_text_ai AFTER INSERT ON file_text WHEN new.text IS NOT NULL AND new.text <> '' BEGIN
     INSERT INTO file_text_fts (rowid, text, aircraft_id, organization_id) VALUES (new.file_id, new.text, new.aircraft_id, new.organization_id);
   END`,
  `CREATE TRIGGER file_text_au AFTER UPDATE OF text, aircraft_id, organization_id ON file_text BEGIN
     DELETE FROM file_text_fts WHERE rowid = old.file_id;
     INSERT INTO file_text_fts (rowid, text, aircraft_id, organization_id)
       SELECT new.file_id, new.text, new.aircraft_id, new.organization_id WHERE new.text IS NOT NULL AND new.text <> '';
   END`,
  `CREATE TRIGGER file_text_ad AFTER DELETE ON file_text BEGIN
     DELETE FROM file_text_fts WHERE rowid = old.file_id;
   END`,
];

const rebuild = (prefix: string) => [
  "DROP TRIGGER file_text_ai",
  "DROP TRIGGER file_text_au",
  "DROP TRIGGER file_text_ad",
  `CREATE VIRTUAL TABLE file_text_fts_rebuilt USING fts5(
     text, aircraft_id, organization_id,
     tokenize = "unicode61 remove_diacritics 2 tokenchars '-_'"${prefix}
   )`,
  "INSERT INTO file_text_fts_rebuilt (rowid, text, aircraft_id, organization_id) SELECT rowid, text, aircraft_id, organization_id FROM file_text_fts",
  "DROP TABLE file_text_fts",
  "ALTER TABLE file_text_fts_rebuilt RENAME TO file_text_fts",
  ...triggers,
];

const ginIndexes = ["files_fts_doc", "file_text_fts_doc"];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const ix of ginIndexes) {
      await sql.raw(`ALTER INDEX ${ix} SET (fastupdate = off)`).execute(db);
      await sql.raw(`SELECT gin_clean_pending_list('${ix}'::regclass)`).execute(db);
    }
    return;
  }
  for (const stmt of rebuild(", prefix = '3'")) await sql.raw(stmt).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const ix of ginIndexes) await sql.raw(`ALTER INDEX ${ix} RESET (fastupdate)`).execute(db);
    return;
  }
  for (const stmt of rebuild("")) await sql.raw(stmt).execute(db);
}
