import { sql, type Kysely } from "kysely";
import { isPostgres } from "../dialect";

// Typed keys of tab rows (ADR 081), so that a page of a 100,000-row tab, sorted by any column and
// filtered, reads the rows of that page and not every row's JSON:
// - tab_cells: one row per cell of a stored row (every column of its tab): the cell's sort key,
//   `num_key` for a non-empty cell of a number column (as CAST(… AS REAL) read it), else `text_key`:
//   its lowercased text ('' when the cell is empty). Two partial indexes give the tab's order on one
//   column, with position and id after the key, in either direction; the empties ('') apart.
// - tab_row_text: one row per row: its position and watched flag, and its cells' values joined by
//   U+001F, which the filter's LIKE '%word%' (ILIKE on PostgreSQL) reads instead of the JSON;
//   PostgreSQL indexes it by trigrams (pg_trgm) when the extension can be created.
// Triggers keep both in step with tab_rows and tab_columns, whatever writes them (a row added, a cell
// changed, an import, a copy, a column renamed, retyped or deleted, the seed); a deleted row takes its
// keys along (ON DELETE CASCADE).

/** SQLite: the cells of row `r` (a tab_rows row or NEW) for the columns of its tab. */
const sqliteCells = (r: string) => `
  SELECT ${r}.id, col, ${r}.tab_id, ${r}.position,
         CASE WHEN type = 'number' AND NOT (v IS NULL OR v = '') THEN CAST(v AS REAL) END,
         CASE WHEN v IS NULL OR v = '' THEN '' WHEN type = 'number' THEN NULL ELSE lower(CAST(v AS TEXT)) END
  FROM (SELECT c.name AS col, c.type AS type, json_extract(${r}.data, '$."' || c.name || '"') AS v
        FROM tab_columns c WHERE c.tab_id = ${r}.tab_id)`;
/** SQLite: the cells of column `c` (a tab_columns row or NEW) for every row of its tab. */
const sqliteColumnCells = (c: string) => `
  SELECT id, ${c}.name, tab_id, position,
         CASE WHEN ${c}.type = 'number' AND NOT (v IS NULL OR v = '') THEN CAST(v AS REAL) END,
         CASE WHEN v IS NULL OR v = '' THEN '' WHEN ${c}.type = 'number' THEN NULL ELSE lower(CAST(v AS TEXT)) END
  FROM (SELECT r.id, r.tab_id, r.position, json_extract(r.data, '$."' || ${c}.name || '"') AS v FROM tab_rows r WHERE r.tab_id = ${c}.tab_id)`;
const sqliteText = (r: string) => `coalesce((SELECT group_concat(CAST(value AS TEXT), char(31)) FROM json_each(${r}.data)), '')`;
const CELL_COLUMNS = "(row_id, col, tab_id, position, num_key, text_key)";

const sqlite = [
  `CREATE TABLE tab_cells (
     row_id INTEGER NOT NULL REFERENCES tab_rows(id) ON DELETE CASCADE,
     col TEXT NOT NULL,
     tab_id INTEGER NOT NULL,
     position INTEGER NOT NULL,
     num_key REAL,
     text_key TEXT,
     PRIMARY KEY (row_id, col)
   ) WITHOUT ROWID`,
  "CREATE INDEX tab_cells_text ON tab_cells(tab_id, col, text_key, position, row_id) WHERE num_key IS NULL",
  "CREATE INDEX tab_cells_num ON tab_cells(tab_id, col, num_key, position, row_id) WHERE num_key IS NOT NULL",
  `CREATE TABLE tab_row_text (
     row_id INTEGER PRIMARY KEY REFERENCES tab_rows(id) ON DELETE CASCADE,
     tab_id INTEGER NOT NULL,
     position INTEGER NOT NULL,
     watched INTEGER NOT NULL,
     text TEXT NOT NULL
   )`,
  "CREATE INDEX tab_row_text_order ON tab_row_text(tab_id, position, row_id)",
  `INSERT INTO tab_cells ${CELL_COLUMNS} SELECT id, col, tab_id, position,
     CASE WHEN type = 'number' AND NOT (v IS NULL OR v = '') THEN CAST(v AS REAL) END,
     CASE WHEN v IS NULL OR v = '' THEN '' WHEN type = 'number' THEN NULL ELSE lower(CAST(v AS TEXT)) END
   FROM (SELECT r.id, r.tab_id, r.position, c.name AS col, c.type AS type, json_extract(r.data, '$."' || c.name || '"') AS v
         FROM tab_rows r JOIN tab_columns c ON c.tab_id = r.tab_id)`,
  `INSERT INTO tab_row_text (row_id, tab_id, position, watched, text) SELECT r.id, r.tab_id, r.position, r.watched, ${sqliteText("r")} FROM tab_rows r`,
  `CREATE TRIGGER tab_rows_keys_insert AFTER INSERT ON tab_rows BEGIN
     INSERT INTO tab_cells ${CELL_COLUMNS} ${sqliteCells("NEW")};
     INSERT INTO tab_row_text (row_id, tab_id, position, watched, text) VALUES (NEW.id, NEW.tab_id, NEW.position, NEW.watched, ${sqliteText("NEW")});
   END`,
  `CREATE TRIGGER tab_rows_keys_update AFTER UPDATE OF tab_id, position, data ON tab_rows BEGIN
     DELETE FROM tab_cells WHERE row_id = OLD.id;
     INSERT INTO tab_cells ${CELL_COLUMNS} ${sqliteCells("NEW")};
     UPDATE tab_row_text SET tab_id = NEW.tab_id, position = NEW.position, text = ${sqliteText("NEW")} WHERE row_id = NEW.id;
   END`,
  `CREATE TRIGGER tab_rows_keys_watched AFTER UPDATE OF watched ON tab_rows BEGIN
     UPDATE tab_row_text SET watched = NEW.watched WHERE row_id = NEW.id;
   END`,
  // A column's cells go with its name, unless another column of the tab has that name by now (renames
  // that swap two names run one column after the other).
  `CREATE TRIGGER tab_columns_keys_insert AFTER INSERT ON tab_columns BEGIN
     INSERT OR REPLACE INTO tab_cells ${CELL_COLUMNS} ${sqliteColumnCells("NEW")};
   END`,
  `CREATE TRIGGER tab_columns_keys_update AFTER UPDATE OF tab_id, name, type ON tab_columns BEGIN
     DELETE FROM tab_cells WHERE tab_id = OLD.tab_id AND col = OLD.name
       AND NOT EXISTS (SELECT 1 FROM tab_columns o WHERE o.tab_id = OLD.tab_id AND o.name = OLD.name AND o.id <> OLD.id);
     INSERT OR REPLACE INTO tab_cells ${CELL_COLUMNS} ${sqliteColumnCells("NEW")};
   END`,
  `CREATE TRIGGER tab_columns_keys_delete AFTER DELETE ON tab_columns BEGIN
     DELETE FROM tab_cells WHERE tab_id = OLD.tab_id AND col = OLD.name
       AND NOT EXISTS (SELECT 1 FROM tab_columns o WHERE o.tab_id = OLD.tab_id AND o.name = OLD.name);
   END`,
];

// PostgreSQL: the same keys as the old query's expressions (a number as SQLite's CAST reads it: text
// that is no number is 0; text as lower(->>); the filter's values as jsonb_each_text gives them).
const PG_NUMBER = `'^\\s*[-+]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][-+]?[0-9]+)?\\s*$'`;
/** PostgreSQL: cells of the rows `rows` (alias r) × columns (alias c), v = the cell's text. */
const pgCellsSelect = (from: string) => `
  SELECT id, col, tab_id, position,
         CASE WHEN type = 'number' AND coalesce(v, '') <> '' THEN (CASE WHEN v ~ ${PG_NUMBER} THEN v::float8 ELSE 0 END) END AS num_key,
         CASE WHEN coalesce(v, '') = '' THEN '' WHEN type = 'number' THEN NULL ELSE lower(v) END AS text_key
  FROM (SELECT r.id, r.tab_id, r.position, c.name AS col, c.type, r.data::jsonb ->> c.name AS v ${from}) s`;
/** An updated row (r) whose keys change: its data, position or tab (o: the row before). */
const PG_CHANGED = "(r.data IS DISTINCT FROM o.data OR r.position IS DISTINCT FROM o.position OR r.tab_id IS DISTINCT FROM o.tab_id)";
const pgText = (r: string) => `coalesce((SELECT string_agg(value, chr(31)) FROM jsonb_each_text(${r}.data::jsonb)), '')`;

const pg = [
  `CREATE TABLE tab_cells (
     row_id BIGINT NOT NULL REFERENCES tab_rows(id) ON DELETE CASCADE,
     col TEXT NOT NULL,
     tab_id BIGINT NOT NULL,
     position BIGINT NOT NULL,
     num_key DOUBLE PRECISION,
     text_key TEXT,
     PRIMARY KEY (row_id, col)
   )`,
  "CREATE INDEX tab_cells_text ON tab_cells(tab_id, col, text_key, position, row_id) WHERE num_key IS NULL",
  "CREATE INDEX tab_cells_num ON tab_cells(tab_id, col, num_key, position, row_id) WHERE num_key IS NOT NULL",
  `CREATE TABLE tab_row_text (
     row_id BIGINT PRIMARY KEY REFERENCES tab_rows(id) ON DELETE CASCADE,
     tab_id BIGINT NOT NULL,
     position BIGINT NOT NULL,
     watched BIGINT NOT NULL,
     text TEXT NOT NULL
   )`,
  "CREATE INDEX tab_row_text_order ON tab_row_text(tab_id, position, row_id)",
  `INSERT INTO tab_cells ${CELL_COLUMNS} ${pgCellsSelect("FROM tab_rows r JOIN tab_columns c ON c.tab_id = r.tab_id")}`,
  `INSERT INTO tab_row_text (row_id, tab_id, position, watched, text) SELECT r.id, r.tab_id, r.position, r.watched, ${pgText("r")} FROM tab_rows r`,
  // Statement triggers with transition tables: an import of 200,000 rows runs one INSERT … SELECT
  // per statement, not a function call per row.
  `CREATE FUNCTION tab_rows_keys_insert() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO tab_cells ${CELL_COLUMNS} ${pgCellsSelect("FROM new_rows r JOIN tab_columns c ON c.tab_id = r.tab_id")};
     INSERT INTO tab_row_text (row_id, tab_id, position, watched, text) SELECT r.id, r.tab_id, r.position, r.watched, ${pgText("r")} FROM new_rows r;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER tab_rows_keys_insert AFTER INSERT ON tab_rows REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tab_rows_keys_insert()`,
  `CREATE FUNCTION tab_rows_keys_update() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     DELETE FROM tab_cells c USING new_rows r JOIN old_rows o ON o.id = r.id WHERE c.row_id = r.id AND ${PG_CHANGED};
     INSERT INTO tab_cells ${CELL_COLUMNS} ${pgCellsSelect(`FROM new_rows r JOIN old_rows o ON o.id = r.id JOIN tab_columns c ON c.tab_id = r.tab_id WHERE ${PG_CHANGED}`)};
     UPDATE tab_row_text t SET tab_id = r.tab_id, position = r.position, text = ${pgText("r")}
       FROM new_rows r JOIN old_rows o ON o.id = r.id WHERE t.row_id = r.id AND ${PG_CHANGED};
     UPDATE tab_row_text t SET watched = n.watched FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE t.row_id = n.id AND n.watched IS DISTINCT FROM o.watched;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER tab_rows_keys_update AFTER UPDATE ON tab_rows REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tab_rows_keys_update()`,
  `CREATE FUNCTION tab_columns_keys() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP IN ('UPDATE', 'DELETE') THEN
       DELETE FROM tab_cells WHERE tab_id = OLD.tab_id AND col = OLD.name
         AND NOT EXISTS (SELECT 1 FROM tab_columns o WHERE o.tab_id = OLD.tab_id AND o.name = OLD.name AND o.id <> OLD.id);
     END IF;
     IF TG_OP IN ('INSERT', 'UPDATE') THEN
       INSERT INTO tab_cells ${CELL_COLUMNS} ${pgCellsSelect("FROM tab_rows r JOIN (SELECT NEW.name, NEW.type) c (name, type) ON true WHERE r.tab_id = NEW.tab_id")}
       ON CONFLICT (row_id, col) DO UPDATE SET tab_id = excluded.tab_id, position = excluded.position, num_key = excluded.num_key, text_key = excluded.text_key;
     END IF;
     RETURN NULL;
   END $$`,
  "CREATE TRIGGER tab_columns_keys_insert AFTER INSERT ON tab_columns FOR EACH ROW EXECUTE FUNCTION tab_columns_keys()",
  "CREATE TRIGGER tab_columns_keys_update AFTER UPDATE OF tab_id, name, type ON tab_columns FOR EACH ROW WHEN (OLD.tab_id IS DISTINCT FROM NEW.tab_id OR OLD.name IS DISTINCT FROM NEW.name OR OLD.type IS DISTINCT FROM NEW.type) EXECUTE FUNCTION tab_columns_keys()",
  "CREATE TRIGGER tab_columns_keys_delete AFTER DELETE ON tab_columns FOR EACH ROW EXECUTE FUNCTION tab_columns_keys()",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const pgsql = isPostgres(db);
  for (const s of pgsql ? pg : sqlite) await sql.raw(s).execute(db);
  if (pgsql) await trigramIndex(db);
}

/**
 * The filter's trigram index on PostgreSQL: pg_trgm is a trusted extension (a database owner may
 * create it); where it cannot be created the filter reads tab_row_text without it (a sequential scan).
 */
async function trigramIndex(db: Kysely<unknown>) {
  const available = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_available_extensions WHERE name = 'pg_trgm'`.execute(db);
  if (!available.rows[0]?.n) return;
  await sql.raw("SAVEPOINT tab_trgm").execute(db);
  try {
    await sql.raw("CREATE EXTENSION IF NOT EXISTS pg_trgm").execute(db);
    await sql.raw("CREATE INDEX tab_row_text_trgm ON tab_row_text USING gin (text gin_trgm_ops)").execute(db);
    await sql.raw("RELEASE SAVEPOINT tab_trgm").execute(db);
  } catch {
    await sql.raw("ROLLBACK TO SAVEPOINT tab_trgm").execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pgsql = isPostgres(db);
  const drops = pgsql
    ? [
        "DROP TRIGGER tab_rows_keys_insert ON tab_rows",
        "DROP TRIGGER tab_rows_keys_update ON tab_rows",
        "DROP TRIGGER tab_columns_keys_insert ON tab_columns",
        "DROP TRIGGER tab_columns_keys_update ON tab_columns",
        "DROP TRIGGER tab_columns_keys_delete ON tab_columns",
        "DROP FUNCTION tab_rows_keys_insert()",
        "DROP FUNCTION tab_rows_keys_update()",
        "DROP FUNCTION tab_columns_keys()",
      ]
    : ["tab_rows_keys_insert", "tab_rows_keys_update", "tab_rows_keys_watched", "tab_columns_keys_insert", "tab_columns_keys_update", "tab_columns_keys_delete"].map((t) => `DROP TRIGGER ${t}`);
  for (const s of [...drops, "DROP TABLE tab_row_text", "DROP TABLE tab_cells"]) await sql.raw(s).execute(db);
}

/**
 * The keys as they should be, computed from tab_rows and tab_columns now (the backfill's SELECTs):
 * the tests compare them with what the triggers kept after every kind of write.
 */
export function freshKeys(pgsql: boolean): { cells: string; text: string } {
  return pgsql
    ? {
        cells: pgCellsSelect("FROM tab_rows r JOIN tab_columns c ON c.tab_id = r.tab_id"),
        text: `SELECT r.id AS row_id, r.tab_id, r.position, r.watched, ${pgText("r")} AS text FROM tab_rows r`,
      }
    : {
        cells: `SELECT id, col, tab_id, position,
                  CASE WHEN type = 'number' AND NOT (v IS NULL OR v = '') THEN CAST(v AS REAL) END AS num_key,
                  CASE WHEN v IS NULL OR v = '' THEN '' WHEN type = 'number' THEN NULL ELSE lower(CAST(v AS TEXT)) END AS text_key
                FROM (SELECT r.id, r.tab_id, r.position, c.name AS col, c.type AS type, json_extract(r.data, '$."' || c.name || '"') AS v
                      FROM tab_rows r JOIN tab_columns c ON c.tab_id = r.tab_id)`,
        text: `SELECT r.id AS row_id, r.tab_id, r.position, r.watched, ${sqliteText("r")} AS text FROM tab_rows r`,
      };
}
