// The Inventory Report's loaders and export action called as plain functions against the embedded
// upstream (issue 17 item 4, ADR 040): the folder order from the URL (a whitelist), the fleet, the
// attachment streamed through, and refusals as error toasts on the page the form came from.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setPortalEnv, startPortal, toastOf, type Portal } from "../helpers/portal";
import { sortFolders } from "~/models/inventory-view";

setPortalEnv();

type Fn = Parameters<Portal["run"]>[0];
let p: Portal;
let client: string, reader: string;
let mine: number, hidden: number;

beforeAll(async () => {
  p = await startPortal();
  [client, reader] = [await p.signIn("client@demo.aero"), await p.signIn("reader@demo.aero")];
  const db = p.up.upstream.deps.db;
  const a = await db.selectFrom("aircraft").select("id").where("msn", "=", "5123").executeTakeFirstOrThrow();
  const b = await db.selectFrom("aircraft").select("id").where("msn", "=", "41230").executeTakeFirstOrThrow();
  mine = a.id;
  hidden = b.id;
});
afterAll(async () => p?.close());

const page = () => import("~/routes/_shell.storage+/InventoryReport.$aircraftId");
const fleetPage = () => import("~/routes/aero-box+/storage.inventory-report");
const exporter = () => import("~/routes/resources+/inventory-export");

describe("the aircraft page's loader", () => {
  it("orders the folders by a whitelisted key from the URL, else by name", async () => {
    const { loader } = await page();
    const res = await p.run(loader as Fn, `/storage/InventoryReport/${mine}?sort=files&order=desc`, { cookie: client, params: { aircraftId: String(mine) } });
    expect(res.status).toBe(200);
    const d = (await res.json()) as { sort: string; order: string; report: { folders: { name: string; files: number }[]; summary: { total: number } } };
    expect([d.sort, d.order]).toEqual(["files", "desc"]);
    const counts = d.report.folders.map((f) => f.files);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
    expect(d.report.summary.total).toBe(11);
    const bad = await p.run(loader as Fn, `/storage/InventoryReport/${mine}?sort=path);drop&order=up`, { cookie: client, params: { aircraftId: String(mine) } });
    expect(((await bad.json()) as { sort: string; order: string }).sort).toBe("name");
  });

  it("does not show an aircraft the user may not read", async () => {
    const { loader } = await page();
    const res = await p.run(loader as Fn, `/storage/InventoryReport/${hidden}`, { cookie: reader, params: { aircraftId: String(hidden) } });
    expect(res.status).not.toBe(200);
  });
});

it("the fleet page lists the reader's aircraft only", async () => {
  const { loader } = await fleetPage();
  const res = await p.run(loader as Fn, "/aero-box/storage/inventory-report", { cookie: reader });
  const d = (await res.json()) as { fleet: { aircraft: { aircraft: { id: number } }[] } };
  expect(d.fleet.aircraft.length).toBeGreaterThan(0);
  expect(d.fleet.aircraft.some((r) => r.aircraft.id === hidden)).toBe(false);
});

describe("POST /resources/inventory-export", () => {
  it("streams the attachment", async () => {
    const { action } = await exporter();
    const res = await p.run(action as Fn, "/resources/inventory-export", { cookie: client, form: { aircraft_id: String(mine), format: "xlsx", back: `/storage/InventoryReport/${mine}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="Inventory Report MSN 5123 .*\.xlsx"/);
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("answers a refusal with an error toast on the page the form came from", async () => {
    const { action } = await exporter();
    const back = "/aero-box/storage/inventory-report?sort=files&order=asc";
    const res = await p.run(action as Fn, "/resources/inventory-export", { cookie: reader, form: { aircraft_id: String(hidden), format: "pdf", back } });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(back);
    expect(await toastOf(res)).toMatchObject({ type: "error", description: expect.stringMatching(/not found/i) });
    const odd = await p.run(action as Fn, "/resources/inventory-export", { cookie: client, form: { format: "doc", back: "//evil.example" } });
    expect(odd.headers.get("Location")).toBe("/aero-box/storage/inventory-report");
    expect(await toastOf(odd)).toMatchObject({ type: "error", description: "Choose what to download." });
  });
});

it("sortFolders keeps name order as the tie-break", () => {
  const f = (name: string, files: number) => ({ name, path: `/${name}`, files, bytes: 0, subfolders: 0, empty_folders: 0, types: [], newest: null, oldest: null, index_key: null });
  expect(sortFolders([f("b", 1), f("a", 1), f("c", 0)], "files", "desc").map((x) => x.name)).toEqual(["a", "b", "c"]);
});
