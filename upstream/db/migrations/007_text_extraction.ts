import { sql, type Kysely } from "kysely";
import { isPostgres, pgDdl } from "../dialect";

// Issue 17: text from every document (ADR 039).
// - jobs: the durable background queue (claimed with one UPDATE, retried with back-off).
// - file_text: one row per stored file with its extraction state and text (pages separated by a
//   form feed, "\f"); removed with the file (ON DELETE CASCADE).
// - file_text_fts: the content index (rowid = file id), kept in step with file_text by triggers so
//   that every path that deletes a file (delete, replace, aircraft removal) also drops its text.
const statements = [
  `CREATE TABLE jobs (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     kind TEXT NOT NULL,
     payload TEXT NOT NULL DEFAULT '{}',
     dedupe_key TEXT,
     status TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
     attempts INTEGER NOT NULL DEFAULT 0,
     max_attempts INTEGER NOT NULL DEFAULT 5,
     run_after TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
     locked_until TEXT,
     last_error TEXT,
     created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
     updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
   )`,
  "CREATE INDEX jobs_ready ON jobs(status, run_after)",
  // At most one open (queued or running) job per dedupe key: re-enqueueing a file is a no-op.
  "CREATE UNIQUE INDEX jobs_open_dedupe ON jobs(dedupe_key) WHERE dedupe_key IS NOT NULL AND status IN ('queued', 'running')",
  `CREATE TABLE file_text (
     file_id INTEGER PRIMARY KEY REFERENCES storage_items(id) ON DELETE CASCADE,
     aircraft_id INTEGER NOT NULL,
     organization_id INTEGER NOT NULL,
     status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'processing', 'done', 'failed', 'no_text')),
     method TEXT,
     pages INTEGER,
     confidence REAL,
     text TEXT,
     error TEXT,
     extracted_at TEXT,
     updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
   )`,
  "CREATE INDEX file_text_aircraft ON file_text(aircraft_id, status)",
  `CREATE VIRTUAL TABLE file_text_fts USING fts5(
     text, aircraft_id, organization_id,
     tokenize = "unicode61 remove_diacritics 2 tokenchars '-_'"
   )`,
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

/**
 * PostgreSQL (ADR 056): the content index is a table with a tsvector of the text ('simple'
 * configuration: no stemming, no stop words), kept in step with file_text by one trigger function.
 * A text too large for one tsvector (1 MB of distinct words) is indexed from its first 200,000 characters.
 */
const pgContentIndex = [
  `CREATE TABLE file_text_fts (
     id BIGINT PRIMARY KEY,
     aircraft_id BIGINT NOT NULL,
     organization_id BIGINT NOT NULL,
     doc tsvector NOT NULL
   )`,
  "CREATE INDEX file_text_fts_doc ON file_text_fts USING GIN (doc)",
  "CREATE INDEX file_text_fts_aircraft ON file_text_fts(aircraft_id, id)",
  "CREATE INDEX file_text_fts_org ON file_text_fts(organization_id, id)",
  `CREATE OR REPLACE FUNCTION file_text_fts_doc(t TEXT) RETURNS tsvector LANGUAGE plpgsql AS $$
   BEGIN
     RETURN to_tsvector('simple', t);
   EXCEPTION WHEN program_limit_exceeded THEN
     RETURN to_tsvector('simple', left(t, 200000));
   END $$`,
  `CREATE OR REPLACE FUNCTION file_text_fts_keep() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP IN ('UPDATE', 'DELETE') THEN DELETE FROM file_text_fts WHERE id = OLD.file_id; END IF;
     IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.text IS NOT NULL AND NEW.text <> '' THEN
       INSERT INTO file_text_fts (id, aircraft_id, organization_id, doc)
         VALUES (NEW.file_id, NEW.aircraft_id, NEW.organization_id, file_text_fts_doc(NEW.text));
     END IF;
     RETURN NULL;
   END $$`,
  "CREATE TRIGGER file_text_ai AFTER INSERT ON file_text FOR EACH ROW EXECUTE FUNCTION file_text_fts_keep()",
  "CREATE TRIGGER file_text_au AFTER UPDATE OF text, aircraft_id, organization_id ON file_text FOR EACH ROW EXECUTE FUNCTION file_text_fts_keep()",
  "CREATE TRIGGER file_text_ad AFTER DELETE ON file_text FOR EACH ROW EXECUTE FUNCTION file_text_fts_keep()",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const stmt of statements.slice(0, 5)) await sql.raw(pgDdl(stmt)).execute(db);
    for (const stmt of pgContentIndex) await sql.raw(stmt).execute(db);
    return;
  }
  for (const stmt of statements) await sql.raw(stmt).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ["TRIGGER file_text_ad", "TRIGGER file_text_au", "TRIGGER file_text_ai", "TABLE file_text_fts", "TABLE file_text", "TABLE jobs"]) {
    await sql.raw(`DROP ${t}`).execute(db);
  }
}
