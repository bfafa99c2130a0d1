import { sql, type Kysely } from "kysely";
import { isPostgres, pgDdl } from "../dialect";

// Issue 12: server work per page.
// - The default folder sorts (folders first, then by name without case; by size; by date) each read an
//   index in order, so a page of a 5,000-file folder reads its 50 rows instead of sorting the folder.
// - The files total on /admin/analytics comes from a row that triggers keep in step with
//   storage_items, instead of summing the whole table on every view.
const statements = [
  "CREATE INDEX IF NOT EXISTS storage_items_parent_name ON storage_items(parent_id, is_folder DESC, name COLLATE NOCASE, id)",
  "CREATE INDEX IF NOT EXISTS storage_items_parent_size ON storage_items(parent_id, is_folder DESC, size, name COLLATE NOCASE, id)",
  "CREATE INDEX IF NOT EXISTS storage_items_parent_date ON storage_items(parent_id, is_folder DESC, updated_at DESC, name COLLATE NOCASE, id)",
  `CREATE TABLE IF NOT EXISTS storage_totals (
     id INTEGER PRIMARY KEY CHECK (id = 1),
     files INTEGER NOT NULL,
     bytes INTEGER NOT NULL
   )`,
  `INSERT OR REPLACE INTO storage_totals (id, files, bytes)
     SELECT 1, count(*), coalesce(sum(size), 0) FROM storage_items WHERE is_folder = 0`,
  `CREATE TRIGGER IF NOT EXISTS storage_totals_insert AFTER INSERT ON storage_items WHEN NEW.is_folder = 0
     BEGIN UPDATE storage_totals SET files = files + 1, bytes = bytes + NEW.size WHERE id = 1; END`,
  `CREATE TRIGGER IF NOT EXISTS storage_totals_delete AFTER DELETE ON storage_items WHEN OLD.is_folder = 0
     BEGIN UPDATE storage_totals SET files = files - 1, bytes = bytes - OLD.size WHERE id = 1; END`,
  `CREATE TRIGGER IF NOT EXISTS storage_totals_update AFTER UPDATE OF size, is_folder ON storage_items
     BEGIN
       UPDATE storage_totals SET
         files = files - (OLD.is_folder = 0) + (NEW.is_folder = 0),
         bytes = bytes - (CASE WHEN OLD.is_folder = 0 THEN OLD.size ELSE 0 END) + (CASE WHEN NEW.is_folder = 0 THEN NEW.size ELSE 0 END)
       WHERE id = 1;
     END`,
];

/** PostgreSQL (ADR 056): the same totals, kept by one row-level trigger function. */
const pgTotals = [
  `INSERT INTO storage_totals (id, files, bytes)
     SELECT 1, count(*), coalesce(sum(size), 0) FROM storage_items WHERE is_folder = 0
     ON CONFLICT (id) DO UPDATE SET files = excluded.files, bytes = excluded.bytes`,
  `CREATE OR REPLACE FUNCTION storage_totals_keep() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.is_folder = 0 THEN
       UPDATE storage_totals SET files = files - 1, bytes = bytes - OLD.size WHERE id = 1;
     END IF;
     IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.is_folder = 0 THEN
       UPDATE storage_totals SET files = files + 1, bytes = bytes + NEW.size WHERE id = 1;
     END IF;
     RETURN NULL;
   END $$`,
  `CREATE OR REPLACE TRIGGER storage_totals_insert AFTER INSERT ON storage_items FOR EACH ROW EXECUTE FUNCTION storage_totals_keep()`,
  `CREATE OR REPLACE TRIGGER storage_totals_delete AFTER DELETE ON storage_items FOR EACH ROW EXECUTE FUNCTION storage_totals_keep()`,
  `CREATE OR REPLACE TRIGGER storage_totals_update AFTER UPDATE OF size, is_folder ON storage_items FOR EACH ROW EXECUTE FUNCTION storage_totals_keep()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const stmt of statements.slice(0, 4)) await sql.raw(pgDdl(stmt)).execute(db);
    for (const stmt of pgTotals) await sql.raw(stmt).execute(db);
    return;
  }
  for (const stmt of statements) await sql.raw(stmt).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ["storage_totals_insert", "storage_totals_delete", "storage_totals_update"]) await sql.raw(`DROP TRIGGER IF EXISTS ${t}`).execute(db);
  await sql.raw("DROP TABLE IF EXISTS storage_totals").execute(db);
  for (const i of ["storage_items_parent_name", "storage_items_parent_size", "storage_items_parent_date"]) await sql.raw(`DROP INDEX IF EXISTS ${i}`).execute(db);
}
