import { sql, type Kysely } from "kysely";
import { runDdl } from "../dialect";

// Keyset paging of folders (ADR 084): a page is read from a key, per folder / file segment, in the
// listing's order. 005_speed has the orders whose columns all run one way (name either way, size
// ascending, date newest first); these two are the mixed ones: size descending and date oldest first,
// each with name ascending and id after them (read backwards: ascending, descending, descending).
const statements = [
  "CREATE INDEX storage_items_parent_size_desc ON storage_items(parent_id, is_folder DESC, size DESC, name COLLATE NOCASE, id)",
  "CREATE INDEX storage_items_parent_date_asc ON storage_items(parent_id, is_folder DESC, updated_at, name COLLATE NOCASE, id)",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runDdl(db, statements);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const i of ["storage_items_parent_size_desc", "storage_items_parent_date_asc"]) await sql.raw(`DROP INDEX IF EXISTS ${i}`).execute(db);
}
