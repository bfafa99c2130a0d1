import { sql, type Kysely } from "kysely";
import { runDdl } from "../dialect";

// Issue 15 item 4: alert limits of AeroOIL trends (ADR 048). One upper limit per numeric column of an
// aircraft's oil tab: a row whose value in that column is above the limit has crossed it. Set by a
// Super User (su_write on the aircraft's oil product) or staff. A limit goes with its column or tab
// (ON DELETE CASCADE); a renamed column keeps its limit (it is keyed by the column's id).
const statements = [
  `CREATE TABLE oil_limits (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     tab_id INTEGER NOT NULL REFERENCES tabs(id) ON DELETE CASCADE,
     column_id INTEGER NOT NULL REFERENCES tab_columns(id) ON DELETE CASCADE,
     limit_value REAL NOT NULL,
     set_by INTEGER,
     set_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
   )`,
  "CREATE UNIQUE INDEX oil_limits_column ON oil_limits(column_id)",
  "CREATE INDEX oil_limits_tab ON oil_limits(tab_id)",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runDdl(db, statements);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw("DROP TABLE oil_limits").execute(db);
}
