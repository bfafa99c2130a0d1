import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";

// A tab filter's index on SQLite (ADR 081): `LIKE '%word%'` over tab_row_text read every row of the
// tab (10-40 ms for 100,000 rows, whatever the matches). An FTS5 table with the trigram tokenizer
// over tab_row_text (external content: it keeps the index, not a second copy of the text) finds the
// rows holding a word of 3 characters or more from the index; SQLite still checks the LIKE on each
// candidate (a row holding "val alv lve" is no match for "valve"). `tab_tag` ("t176t", a generated
// column) is indexed with the text, so that a second LIKE narrows the index's rows to one tab: a
// word common in the fleet's other tabs does not walk their rows. Triggers keep the index in step
// with tab_row_text (which migration 021's triggers keep in step with tab_rows). PostgreSQL has its
// trigram index since 021 (pg_trgm).
const sqlite = [
  `ALTER TABLE tab_row_text ADD COLUMN tab_tag TEXT GENERATED ALWAYS AS ('t' || tab_id || 't') VIRTUAL`,
  `CREATE VIRTUAL TABLE tab_row_trigrams USING fts5(text, tab_tag, content='tab_row_text', content_rowid='row_id', tokenize='trigram', detail='none')`,
  `INSERT INTO tab_row_trigrams(tab_row_trigrams) VALUES ('rebuild')`,
  `CREATE TRIGGER tab_row_text_trigrams_insert AFTER INSERT ON tab_row_text BEGIN
     INSERT INTO tab_row_trigrams (rowid, text, tab_tag) VALUES (NEW.row_id, NEW.text, NEW.tab_tag);
   END`,
  `CREATE TRIGGER tab_row_text_trigrams_delete AFTER DELETE ON tab_row_text BEGIN
     INSERT INTO tab_row_trigrams (tab_row_trigrams, rowid, text, tab_tag) VALUES ('delete', OLD.row_id, OLD.text, OLD.tab_tag);
   END`,
  `CREATE TRIGGER tab_row_text_trigrams_update AFTER UPDATE OF text, tab_id ON tab_row_text BEGIN
     INSERT INTO tab_row_trigrams (tab_row_trigrams, rowid, text, tab_tag) VALUES ('delete', OLD.row_id, OLD.text, OLD.tab_tag);
     INSERT INTO tab_row_trigrams (rowid, text, tab_tag) VALUES (NEW.row_id, NEW.text, NEW.tab_tag);
   END`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  for (const s of sqlite) await sql.raw(s).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  for (const s of [
    "DROP TRIGGER tab_row_text_trigrams_insert",
    "DROP TRIGGER tab_row_text_trigrams_delete",
    "DROP TRIGGER tab_row_text_trigrams_update",
    "DROP TABLE tab_row_trigrams",
    "ALTER TABLE tab_row_text DROP COLUMN tab_tag",
  ])
    await sql.raw(s).execute(db);
}
