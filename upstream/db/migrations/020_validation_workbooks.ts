import { sql, type Kysely } from "kysely";
import { runDdl } from "../dialect";

// The last validation workbook of each user, kept 30 minutes (ADR 079): whose it is, what the tab
// page says of it (the file checked, the rows with errors) and where its bytes are in the blob store.
const statements = [
  `CREATE TABLE validation_workbooks (
     id TEXT PRIMARY KEY,
     user_id INTEGER NOT NULL UNIQUE,
     blob_key TEXT NOT NULL,
     filename TEXT NOT NULL,
     source TEXT NOT NULL,
     errors INTEGER NOT NULL,
     expires_at TEXT NOT NULL
   )`,
  "CREATE INDEX validation_workbooks_expiry ON validation_workbooks(expires_at)",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runDdl(db, statements);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw("DROP TABLE validation_workbooks").execute(db);
}
