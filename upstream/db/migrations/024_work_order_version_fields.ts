import { sql, type Kysely } from "kysely";
import { runDdl } from "../dialect";

// A work order's number, title and status belong to each version as its data does (a version shows
// and compares what it saved). Versions saved before this keep the work order's values of today:
// what they had is not known.
const statements = [
  "ALTER TABLE work_order_versions ADD COLUMN number TEXT",
  "ALTER TABLE work_order_versions ADD COLUMN title TEXT",
  "ALTER TABLE work_order_versions ADD COLUMN status TEXT",
  `UPDATE work_order_versions SET
     number = (SELECT w.number FROM work_orders w WHERE w.id = work_order_versions.work_order_id),
     title = (SELECT w.title FROM work_orders w WHERE w.id = work_order_versions.work_order_id),
     status = (SELECT w.status FROM work_orders w WHERE w.id = work_order_versions.work_order_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runDdl(db, statements);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const c of ["number", "title", "status"]) await sql.raw(`ALTER TABLE work_order_versions DROP COLUMN ${c}`).execute(db);
}
