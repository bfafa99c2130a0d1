import { sql, type Kysely } from "kysely";
import { runDdl } from "../dialect";

// Issue 17 item 5: linked documents (ADR 047). A stored file linked to an AeroOPS / AeroOIL tab row
// or to a work order of the same aircraft. status: 'linked' (a user linked it or accepted a
// suggestion), 'suggested' (found in the file's extracted text, waiting for a user), 'rejected'
// (a user turned the suggestion down: never suggested again). One row per file and target. Links go
// with their row or work order (ON DELETE CASCADE); with their file they go into the trash (no foreign
// key: the file's row leaves storage_items while it is there, and comes back with the same id) and
// are deleted when the trash job empties it.
const statements = [
  `CREATE TABLE document_links (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     aircraft_id INTEGER NOT NULL REFERENCES aircraft(id) ON DELETE CASCADE,
     file_id INTEGER NOT NULL,
     row_id INTEGER REFERENCES tab_rows(id) ON DELETE CASCADE,
     work_order_id INTEGER REFERENCES work_orders(id) ON DELETE CASCADE,
     status TEXT NOT NULL CHECK (status IN ('linked', 'suggested', 'rejected')),
     reason TEXT,
     page INTEGER,
     created_by INTEGER,
     created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
     decided_by INTEGER,
     decided_at TEXT,
     CHECK ((row_id IS NULL) <> (work_order_id IS NULL))
   )`,
  "CREATE UNIQUE INDEX document_links_file_row ON document_links(file_id, row_id) WHERE row_id IS NOT NULL",
  "CREATE UNIQUE INDEX document_links_file_wo ON document_links(file_id, work_order_id) WHERE work_order_id IS NOT NULL",
  "CREATE INDEX document_links_aircraft ON document_links(aircraft_id, status)",
  "CREATE INDEX document_links_row ON document_links(row_id) WHERE row_id IS NOT NULL",
  "CREATE INDEX document_links_wo ON document_links(work_order_id) WHERE work_order_id IS NOT NULL",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runDdl(db, statements);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw("DROP TABLE document_links").execute(db);
}
