// Contract: the Inventory Report endpoints of the main API (docs/api/storage.md, "Inventory report";
// schemas in app/models/schemas/inventory.ts; ADR 040) over HTTP, from the small demo seed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { startTestUpstream, type TestUpstream } from "../helpers/upstream";
import { readPdf } from "../helpers/pdf-text";
import { AircraftListAnswer, DeleteAnswer, ErrorAnswer, FilesAnswer } from "~/models/schemas/storage";
import { FleetInventoryAnswer, InventoryAnswer } from "~/models/schemas/inventory";
import ExcelJS from "exceljs";

type Headers = Record<string, string>;
let up: TestUpstream;
let admin: Headers, client: Headers, reader: Headers;
let A: z.infer<typeof AircraftListAnswer>["aircrafts"][number];
let B: typeof A;

beforeAll(async () => {
  up = await startTestUpstream();
  [admin, client, reader] = await Promise.all(["admin@demo.aero", "client@demo.aero", "reader@demo.aero"].map((e) => up.signIn(e)));
  const list = AircraftListAnswer.parse((await api("GET", "/storage/v2/aircraft.json", client)).body);
  A = list.aircrafts.find((a) => a.msn === "5123")!;
  B = list.aircrafts.find((a) => a.msn === "41230")!;
  expect(A && B).toBeTruthy();
});
afterAll(async () => up?.close());

async function api(method: string, p: string, headers: Headers, body?: unknown) {
  const res = await fetch(`${up.mainUrl}${p}`, {
    method,
    headers: { ...headers, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const buf = new Uint8Array(await res.arrayBuffer());
  let json: any = null;
  try {
    json = JSON.parse(new TextDecoder().decode(buf));
  } catch {
    json = null;
  }
  return { status: res.status, body: json, bytes: buf, res };
}

/** Files and bytes below a path, counted straight from the table (the report's numbers are checked against these). */
async function counted(aircraftId: number, prefix: string) {
  const r = await up.upstream.deps.db
    .selectFrom("storage_items")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.coalesce(eb.fn.sum<number>("size"), eb.val(0)).as("bytes")])
    .where("aircraft_id", "=", aircraftId)
    .where("is_folder", "=", 0)
    .where("path", "like", `${prefix}/%`)
    .executeTakeFirstOrThrow();
  return { files: Number(r.n), bytes: Number(r.bytes) };
}

describe("GET /storage/v2/aircraft/{id}/inventory.json", () => {
  it("counts a seeded aircraft's records folder by folder, with the completeness check", async () => {
    const r = await api("GET", `/storage/v2/aircraft/${A.id}/inventory.json`, client);
    expect(r.status).toBe(200);
    const inv = InventoryAnswer.parse(r.body);
    expect(inv.aircraft).toMatchObject({ id: A.id, msn: "5123" });
    const all = await counted(A.id, "");
    expect(inv.totals.files).toBe(all.files);
    expect(inv.totals.bytes).toBe(all.bytes);
    expect(inv.folders.reduce((n, f) => n + f.files, 0) + inv.root.files).toBe(all.files);
    for (const f of inv.folders) {
      const c = await counted(A.id, f.path);
      expect({ name: f.name, files: f.files, bytes: f.bytes }).toEqual({ name: f.name, ...c });
      expect(f.types.reduce((n, t) => n + t.files, 0)).toBe(f.files);
      if (f.files) expect(f.oldest!.created_at <= f.newest!.created_at).toBe(true);
    }
    const certs = inv.folders.find((f) => f.name === "01 Certificates")!;
    expect(certs.index_key).toBe("certificates");
    expect(certs.types.find((t) => t.ext === "pdf")!.files).toBeGreaterThan(0);
    expect(inv.folders.find((f) => f.name === "12 Weight and Balance")?.index_key ?? null).toBeNull();
    expect(inv.completeness).toHaveLength(11);
    expect(inv.completeness.map((c) => c.label)).toContain("Certificates");
    expect(inv.summary.present + inv.summary.empty + inv.summary.missing).toBe(11);
    expect(inv.completeness.find((c) => c.key === "certificates")).toMatchObject({ status: "present", folders: ["01 Certificates"] });
    // The seed's "Technical Logbook/2025" and "2026" folders may hold no file: counted as empty.
    expect(inv.totals.empty_folders).toBe(inv.empty_folders.length);
  });

  it("flags a deliberately emptied folder of the index as empty, not present", async () => {
    const dir = "/03 AD Status";
    const list = FilesAnswer.parse((await api("GET", `/storage/v2/aircraft/${A.id}/files.json?dir=${encodeURIComponent(dir)}&per_page=500`, client)).body);
    expect(list.contents.length).toBeGreaterThan(0);
    DeleteAnswer.parse((await api("POST", "/storage/v2/files/delete.json", client, { aircraft_id: A.id, ids: list.contents.map((i) => i.id) })).body);
    const inv = InventoryAnswer.parse((await api("GET", `/storage/v2/aircraft/${A.id}/inventory.json`, client)).body);
    expect(inv.completeness.find((c) => c.key === "ad-status")).toMatchObject({ status: "empty", files: 0, folders: ["03 AD Status"] });
    expect(inv.folders.find((f) => f.name === "03 AD Status")).toMatchObject({ files: 0, bytes: 0, empty_folders: 1, newest: null });
    expect(inv.empty_folders).toContain(dir);
    const fleet = FleetInventoryAnswer.parse((await api("GET", "/storage/v2/inventory.json", client)).body);
    expect(fleet.aircraft.find((r) => r.aircraft.id === A.id)!.empty).toContain("AD Status");
  });

  it("refuses a user without access to the aircraft", async () => {
    const r = await api("GET", `/storage/v2/aircraft/${B.id}/inventory.json`, reader);
    expect(r.status).toBe(404);
    ErrorAnswer.parse(r.body);
    const x = await api("GET", `/storage/v2/aircraft/${B.id}/inventory_export.json?format=pdf`, reader);
    expect(x.status).toBe(422);
    expect(x.body.Message.error).toMatch(/not found/i);
  });
});

describe("GET /storage/v2/inventory.json (the fleet)", () => {
  it("covers exactly the aircraft the user may read", async () => {
    const mine = AircraftListAnswer.parse((await api("GET", "/storage/v2/aircraft.json?per_page=500", reader)).body);
    const fleet = FleetInventoryAnswer.parse((await api("GET", "/storage/v2/inventory.json", reader)).body);
    expect(fleet.aircraft.map((r) => r.aircraft.id).sort()).toEqual(mine.aircrafts.map((a) => a.id).sort());
    expect(fleet.aircraft.some((r) => r.aircraft.id === B.id)).toBe(false);
    const all = FleetInventoryAnswer.parse((await api("GET", "/storage/v2/inventory.json", admin)).body);
    expect(all.totals.aircraft).toBeGreaterThan(fleet.totals.aircraft);
    expect(all.totals.files).toBe(all.aircraft.reduce((n, r) => n + r.files, 0));
    for (const r of all.aircraft) expect(r.summary.total).toBe(11);
  });
});

describe("exports", () => {
  it("an aircraft's PDF names the aircraft and lists the index first", async () => {
    const r = await api("GET", `/storage/v2/aircraft/${A.id}/inventory_export.json?format=pdf`, client);
    expect(r.status).toBe(200);
    expect(r.res.headers.get("content-type")).toBe("application/pdf");
    expect(r.res.headers.get("content-disposition")).toMatch(/attachment; filename="Inventory Report MSN 5123 .*\.pdf"/);
    const { text } = await readPdf(r.bytes);
    expect(text).toContain("MSN 5123");
    expect(text.indexOf("Completeness")).toBeLessThan(text.indexOf("01 Certificates"));
  });

  it("an aircraft's and the fleet's Excel have real numbers and a frozen, filtered header", async () => {
    const r = await api("GET", `/storage/v2/aircraft/${A.id}/inventory_export.json?format=xlsx`, client);
    expect(r.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(r.bytes) as any);
    const ws = wb.getWorksheet("Folders")!;
    expect(ws.getRow(1).font?.bold).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(ws.autoFilter).toBeTruthy();
    expect(typeof ws.getRow(2).getCell(2).value).toBe("number");
    const f = await api("GET", `/storage/v2/inventory_export.json?format=xlsx`, client);
    expect(f.status).toBe(200);
    expect(f.res.headers.get("content-disposition")).toMatch(/Fleet Inventory Report/);
    const bad = await api("GET", `/storage/v2/inventory_export.json?format=doc`, client);
    expect(bad.status).toBe(422);
  });
});
