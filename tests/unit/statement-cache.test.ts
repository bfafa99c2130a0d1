// The SQLite connection Kysely uses reuses its prepared statements (upstream/db/index.ts): the same
// SQL text is prepared once, and used again once a streamed query over it has ended.
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql, type Generated } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { withStatementCache } from "../../upstream/db/index";

let raw: SQLite.Database;
afterEach(() => raw?.close());

describe("withStatementCache", () => {
  it("prepares a SQL text once and binds each query's own parameters", async () => {
    raw = new SQLite(":memory:");
    raw.exec("create table t (id integer primary key, name text)");
    let prepared = 0;
    const counting = new Proxy(raw, {
      get(target, prop) {
        if (prop === "prepare") return (s: string) => (prepared++, target.prepare(s));
        const v: unknown = Reflect.get(target, prop, target);
        return typeof v === "function" ? v.bind(target) : v;
      },
    });
    const db = new Kysely<{ t: { id: Generated<number>; name: string } }>({ dialect: new SqliteDialect({ database: withStatementCache(counting) }) });
    for (const name of ["a", "b", "c"]) await db.insertInto("t").values({ name }).execute();
    const names = [];
    for (const id of [1, 2, 3]) names.push((await db.selectFrom("t").select("name").where("id", "=", id).executeTakeFirstOrThrow()).name);
    expect(names).toEqual(["a", "b", "c"]);
    expect(prepared).toBe(2); // one insert, one select
    await db.destroy();
  });

  it("reuses a statement once a streamed query over it has ended", async () => {
    raw = new SQLite(":memory:");
    raw.exec("create table t (id integer primary key); insert into t (id) values (1), (2), (3)");
    const db = new Kysely<{ t: { id: number } }>({ dialect: new SqliteDialect({ database: withStatementCache(raw) }) });
    const query = db.selectFrom("t").select("id").orderBy("id");
    const streamed: number[] = [];
    for await (const row of query.stream()) streamed.push(row.id);
    expect(streamed).toEqual([1, 2, 3]);
    expect((await query.execute()).map((r) => r.id)).toEqual([1, 2, 3]);
    expect((await sql<{ n: number }>`select count(*) as n from t`.execute(db)).rows[0]!.n).toBe(3);
    await db.destroy();
  });
});
