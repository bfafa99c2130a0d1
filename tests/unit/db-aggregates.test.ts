// 005_speed: the analytics' files total is a row kept in step with storage_items by triggers, so it
// always equals the sum a table scan would give, whatever writes the rows (issue 12).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type OpenedDatabase } from "../../upstream/db";

let opened: OpenedDatabase;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "aero-agg-"));
  opened = await openDatabase(dir);
});
afterAll(async () => {
  await opened.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("storage_totals", () => {
  it("follows inserts, size changes, folder flips and deletes", async () => {
    const sqlite = opened.sqlite!;
    const totals = () => sqlite.prepare("SELECT files, bytes FROM storage_totals WHERE id = 1").get();
    const scan = () => sqlite.prepare("SELECT count(*) AS files, coalesce(sum(size), 0) AS bytes FROM storage_items WHERE is_folder = 0").get();
    const org = sqlite.prepare("INSERT INTO organizations (name, slug) VALUES ('Agg', 'agg') RETURNING id").get() as { id: number };
    const ac = sqlite.prepare("INSERT INTO aircraft (organization_id, msn, name, status) VALUES (?, '1', 'MSN 1', 'GROUNDED') RETURNING id").get(org.id) as { id: number };
    const add = sqlite.prepare("INSERT INTO storage_items (aircraft_id, path, name, is_folder, size) VALUES (?, ?, ?, ?, ?) RETURNING id");
    const folder = add.get(ac.id, "/Docs", "Docs", 1, 0) as { id: number };
    const a = add.get(ac.id, "/Docs/a.pdf", "a.pdf", 0, 1000) as { id: number };
    add.get(ac.id, "/Docs/b.pdf", "b.pdf", 0, 250);
    expect(totals()).toEqual({ files: 2, bytes: 1250 });
    sqlite.prepare("UPDATE storage_items SET size = 4000 WHERE id = ?").run(a.id);
    expect(totals()).toEqual(scan());
    sqlite.prepare("DELETE FROM storage_items WHERE id = ?").run(a.id);
    expect(totals()).toEqual({ files: 1, bytes: 250 });
    sqlite.prepare("DELETE FROM storage_items WHERE id = ?").run(folder.id); // the folder (and, by cascade, b.pdf)
    expect(totals()).toEqual(scan());
  });
});
