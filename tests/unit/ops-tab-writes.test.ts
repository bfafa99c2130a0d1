// The AeroOPS tab page's writes (issue 13 items 3-5) against the seeded embedded upstream: a row added,
// changed and deleted; a bad value refused with its column named and nothing changed; a reader's
// replayed posts refused; the Excel round trip (validate a workbook with two bad rows: the error
// workbook is offered, nothing imported; fix it and import it); the exports and their refusals.
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isResponse, PORTAL_ORIGIN, setPortalEnv, startPortal, toastOf, toResponse, type Portal } from "../helpers/portal";

setPortalEnv();
type Fn = Parameters<Portal["run"]>[0];
type Row = { id: number; position: number; data: Record<string, string | number | null> };
type TabData = { tab: { tab_id: string }; rows: Row[]; total: number; canEdit: boolean; validation: { id: string; errors: number } | null; binder: { current: boolean; full: boolean } };

let p: Portal;
const cookies: Record<string, string> = {};
let tab: { loader: Fn; action: Fn };
let fleet: { loader: Fn };
let aeroplane: { loader: Fn };
let exportRoute: { action: Fn };
let validationFile: { loader: Fn };
let aircraftId = 0;
let tabId = "";
let base = "";

beforeAll(async () => {
  p = await startPortal();
  tab = (await import("~/routes/_shell.client+/Aeroops.$tabDataId")) as never;
  fleet = (await import("~/routes/_shell.Aeroops+/org.Aircrafts")) as never;
  aeroplane = (await import("~/routes/_shell.client+/Aeroops.aeroplane")) as never;
  exportRoute = (await import("~/routes/resources+/ops-export")) as never;
  validationFile = (await import("~/routes/resources+/ops-validation.$id")) as never;
  for (const e of ["client@demo.aero", "reader@demo.aero", "admin@demo.aero"]) cookies[e] = await p.signIn(e);
  const f = (await (await p.run(fleet.loader, "/Aeroops/org/Aircrafts?q=5123", { cookie: cookies["client@demo.aero"] })).json()) as { fleet: { aircrafts: { id: number }[] } };
  aircraftId = f.fleet.aircrafts[0]!.id;
  const a = (await (await p.run(aeroplane.loader, `/client/Aeroops/aeroplane?org_msn_id=${aircraftId}`, { cookie: cookies["client@demo.aero"] })).json()) as {
    groups: { tabs: { key: string; name: string }[] }[];
  };
  tabId = a.groups.flatMap((g) => g.tabs).find((t) => t.name === "Hard Time Components")!.key;
  base = `/client/Aeroops/${tabId}?org_msn_id=${aircraftId}&aerotype=Aeroops`;
}, 60_000);
afterAll(() => p?.close());

const read = async (email = "client@demo.aero", q = "&per_page=500") =>
  (await (await p.run(tab.loader, `${base}${q}`, { cookie: cookies[email], params: { tabDataId: tabId } })).json()) as TabData;
const post = (form: Record<string, string>, email = "client@demo.aero", path = base) => p.run(tab.action, path, { cookie: cookies[email], form, params: { tabDataId: tabId } });
const allRows = async () => {
  const out: Row[] = [];
  for (let page = 1; ; page++) {
    const d = await read("client@demo.aero", `&page=${page}`);
    out.push(...d.rows);
    if (out.length >= d.total || d.rows.length === 0) return out;
  }
};

function multipart(path: string, email: string, fields: Record<string, string>, file: { name: string; bytes: Uint8Array }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set("file", new Blob([new Uint8Array(file.bytes)]), file.name);
  const request = new Request(PORTAL_ORIGIN + path, { method: "POST", headers: { Cookie: cookies[email]! }, body: form });
  return (tab.action as unknown as (a: unknown) => Promise<unknown>)({ request, context: p.context, params: { tabDataId: tabId } }).then(toResponse, (e) => {
    if (isResponse(e)) return e;
    throw e;
  });
}

async function workbook(rows: (string | number | Date | null)[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Data");
  ws.addRow(["Description", "ATA", "Part No", "Serial No", "Installed", "Limit Months", "Due"]);
  for (const r of rows) ws.addRow(r);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

describe("rows", () => {
  it("a user with Edit Access adds a row, changes a cell and deletes the row; the toast says each", async () => {
    const before = await read();
    expect(before.canEdit).toBe(true);
    const added = await post({ intent: "save-row", "cell:Description": "Łódź test part", "cell:Part No": "PN-1", "cell:Installed": "2026-01-15", "cell:Limit Months": "36" });
    expect(added.status).toBe(302);
    expect((await toastOf(added))?.description).toBe("Row added.");
    const rows = await allRows();
    expect(rows.length).toBe(before.total + 1);
    const mine = rows.find((r) => r.data.Description === "Łódź test part")!;
    expect(mine.data["Limit Months"]).toBe(36);
    expect(mine.data.Installed).toBe("2026-01-15");

    const saved = await post({ intent: "save-row", id: String(mine.id), "cell:Limit Months": "48" });
    expect((await toastOf(saved))?.description).toBe("Row saved.");
    expect((await allRows()).find((r) => r.id === mine.id)!.data["Limit Months"]).toBe(48);

    const deleted = await post({ intent: "delete-rows", ids: String(mine.id) });
    expect((await toastOf(deleted))?.description).toBe("1 row deleted.");
    expect((await allRows()).some((r) => r.id === mine.id)).toBe(false);
  });

  it("refuses a bad value with the column named, keeps what was typed, and changes nothing", async () => {
    const before = await read();
    const res = await post({ intent: "save-row", "cell:Description": "Bad date row", "cell:Installed": "31/02/2026" });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: string; errors: Record<string, string[]>; values: Record<string, string> };
    expect(body.errors.Installed?.[0]).toMatch(/must be a date/);
    expect(body.values.Installed).toBe("31/02/2026");
    expect((await read()).total).toBe(before.total);
    const empty = await post({ intent: "save-row", "cell:Description": "  " });
    expect(empty.status).toBe(422);
    expect(((await empty.json()) as { error: string }).error).toBe("A new row needs at least one value.");
    const none = await post({ intent: "delete-rows" });
    expect(((await none.json()) as { error: string }).error).toBe("Select at least one row to delete.");
  });

  it("opens the row dialog from the URL (?edit=<id> or new) and the delete confirmation (?confirm=delete&select=…)", async () => {
    const d = await read();
    const r = d.rows[0]!;
    const edit = (await (await p.run(tab.loader, `${base}&edit=${r.id}`, { cookie: cookies["client@demo.aero"], params: { tabDataId: tabId } })).json()) as { editing: { row: Row | null; missing: boolean } };
    expect(edit.editing.row?.id).toBe(r.id);
    const add = (await (await p.run(tab.loader, `${base}&edit=new`, { cookie: cookies["client@demo.aero"], params: { tabDataId: tabId } })).json()) as { editing: { row: null } };
    expect(add.editing.row).toBeNull();
    const confirm = (await (await p.run(tab.loader, `${base}&confirm=delete&select=${r.id}&select=${d.rows[1]!.id}`, { cookie: cookies["client@demo.aero"], params: { tabDataId: tabId } })).json()) as {
      confirmDelete: number[];
    };
    expect(confirm.confirmDelete).toEqual([r.id, d.rows[1]!.id]);
  });

  it("gives a reader no edit state and refuses their replayed posts with the upstream's message", async () => {
    const reader = await p.run(fleet.loader, "/Aeroops/org/Aircrafts?q=5123", { cookie: cookies["reader@demo.aero"] });
    const readable = ((await reader.json()) as { fleet: { aircrafts: { id: number }[] } }).fleet.aircrafts.some((a) => a.id === aircraftId);
    expect(readable).toBe(true);
    const d = await read("reader@demo.aero");
    expect(d.canEdit).toBe(false);
    const edit = (await (await p.run(tab.loader, `${base}&edit=new`, { cookie: cookies["reader@demo.aero"], params: { tabDataId: tabId } })).json()) as { editing: unknown };
    expect(edit.editing).toBeNull();
    const res = await post({ intent: "save-row", "cell:Description": "reader was here" }, "reader@demo.aero");
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: string }).error).toMatch(/Read Access/);
    const del = await post({ intent: "delete-rows", ids: String(d.rows[0]!.id) }, "reader@demo.aero");
    expect(del.status).toBe(422);
    expect((await read()).total).toBe(d.total);
    expect((await allRows()).some((r) => r.data.Description === "reader was here")).toBe(false);
  });
});

describe("the Excel round trip", () => {
  it("validates a workbook with two bad rows: the error workbook is offered to its owner only, nothing imported; fixed in place, it imports", async () => {
    const before = await read();
    const bytes = await workbook([
      ["Good part", "32", "PN-9", "SN-9", new Date(Date.UTC(2025, 5, 1)), 24, "2027-06-01"],
      ["Bad date", "32", "PN-8", "SN-8", "not a date", 24, null],
      ["Bad number", "32", "PN-7", "SN-7", "2025-01-01", "twelve", null],
    ]);
    const res = await multipart(base, "client@demo.aero", { intent: "validate" }, { name: "hard-time.xlsx", bytes });
    expect(res.status).toBe(302);
    const to = res.headers.get("Location")!;
    const id = new URL(to, PORTAL_ORIGIN).searchParams.get("validation")!;
    expect((await toastOf(res))?.description).toBe("hard-time.xlsx: 2 rows have errors. Nothing was imported.");
    const page = (await (await p.run(tab.loader, to, { cookie: cookies["client@demo.aero"], params: { tabDataId: tabId } })).json()) as TabData;
    expect(page.validation).toMatchObject({ id, errors: 2 });
    expect(page.total).toBe(before.total);

    const file = await p.run(validationFile.loader, `/resources/ops-validation/${id}`, { cookie: cookies["client@demo.aero"], params: { id } });
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Disposition")).toContain("hard-time_validation.xlsx");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await file.arrayBuffer());
    const ws = wb.worksheets[0]!;
    const header = (ws.getRow(1).values as unknown[]).map(String);
    const errorsCol = header.indexOf("Errors");
    expect(errorsCol).toBeGreaterThan(0);
    expect(String(ws.getRow(3).getCell(errorsCol).value)).toMatch(/Installed/);
    expect(String(ws.getRow(4).getCell(errorsCol).value)).toMatch(/Limit Months/);
    // Header in row 1, bold and frozen; a good date comes back as a date cell, a good number as a number.
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(ws.getRow(2).getCell(header.indexOf("Installed")).value).toEqual(new Date(Date.UTC(2025, 5, 1)));
    expect(ws.getRow(2).getCell(header.indexOf("Limit Months")).value).toBe(24);
    // The user fixes the two cells in the returned workbook and imports it as it is.
    ws.getRow(3).getCell(header.indexOf("Installed")).value = new Date(Date.UTC(2025, 2, 1));
    ws.getRow(4).getCell(header.indexOf("Limit Months")).value = 12;
    const fixed = new Uint8Array(await wb.xlsx.writeBuffer());
    const imported = await multipart(base, "client@demo.aero", { intent: "import", mode: "append" }, { name: "hard-time_validation.xlsx", bytes: fixed });
    expect(imported.status).toBe(302);
    expect((await read()).total).toBe(before.total + 3);
    const other = await p.run(validationFile.loader, `/resources/ops-validation/${id}`, { cookie: cookies["admin@demo.aero"], params: { id } });
    expect(other.status).toBe(404);
  });

  it("refuses to import the bad workbook, listing the row errors; imports it once fixed", async () => {
    const before = await read();
    const bad = await workbook([
      ["Good part", "32", "PN-9", "SN-9", "2025-06-01", 24, null],
      ["Bad date", "32", "PN-8", "SN-8", "not a date", 24, null],
      ["Bad number", "32", "PN-7", "SN-7", "2025-01-01", "twelve", null],
    ]);
    const refused = await multipart(base, "client@demo.aero", { intent: "import", mode: "append" }, { name: "hard-time.xlsx", bytes: bad });
    expect(refused.status).toBe(422);
    const body = (await refused.json()) as { error: string; rowErrors: { row: number; column: string | null }[] };
    expect(body.error).toMatch(/Nothing was imported\.$/);
    expect(body.rowErrors.map((e) => [e.row, e.column])).toEqual([
      [3, "Installed"],
      [4, "Limit Months"],
    ]);
    expect((await read()).total).toBe(before.total);

    const good = await workbook([
      ["Good part", "32", "PN-9", "SN-9", "2025-06-01", 24, null],
      ["Fixed date", "32", "PN-8", "SN-8", "2025-03-01", 24, null],
      ["Fixed number", "32", "PN-7", "SN-7", "2025-01-01", 12, null],
    ]);
    const ok = await multipart(base, "client@demo.aero", { intent: "import", mode: "append" }, { name: "hard-time.xlsx", bytes: good });
    expect(ok.status).toBe(302);
    expect((await toastOf(ok))?.description).toBe(`3 rows imported (added after the existing rows); the tab has ${before.total + 3}.`);
    expect((await read()).total).toBe(before.total + 3);
  });

  it("refuses a file that is not a spreadsheet, and a reader's import", async () => {
    const text = await multipart(base, "client@demo.aero", { intent: "import" }, { name: "notes.txt", bytes: new TextEncoder().encode("hello") });
    expect(((await text.json()) as { error: string }).error).toBe("Choose an .xlsx, .xls or .csv file.");
    const before = await read();
    const reader = await multipart(base, "reader@demo.aero", { intent: "import" }, { name: "x.xlsx", bytes: await workbook([["Reader row", "32", "P", "S", null, null, null]]) });
    expect(reader.status).toBe(422);
    expect(((await reader.json()) as { error: string }).error).toMatch(/Read Access/);
    expect((await read()).total).toBe(before.total);
  });
});

describe("exports", () => {
  const exp = (form: Record<string, string>, headers: Record<string, string> = {}, email = "client@demo.aero") =>
    (exportRoute.action as unknown as (a: unknown) => Promise<Response>)({
      request: new Request(PORTAL_ORIGIN + "/resources/ops-export", {
        method: "POST",
        headers: { Cookie: cookies[email]!, "Content-Type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams(form).toString(),
      }),
      context: p.context,
      params: {},
    });

  it("streams the tab's PDF, Excel, data file and the binders the availability check offers", async () => {
    const d = await read();
    expect(d.binder).toMatchObject({ current: true, full: true });
    for (const [kind, type] of [
      ["pdf", "application/pdf"],
      ["excel", "spreadsheetml"],
      ["dfp", "spreadsheetml"],
      ["binder-current", "application/pdf"],
      ["binder-full", "application/pdf"],
    ] as const) {
      const res = await exp({ kind, org_msn_id: String(aircraftId), tab_id: tabId, back: base });
      expect(res.status, kind).toBe(200);
      expect(res.headers.get("Content-Type"), kind).toContain(type);
      expect(res.headers.get("Content-Disposition"), kind).toMatch(/attachment/);
      expect((await res.arrayBuffer()).byteLength, kind).toBeGreaterThan(500);
    }
    const full = await exp({ kind: "full-excel", org_msn_id: String(aircraftId), back: base });
    expect(full.status).toBe(302);
    expect(full.headers.get("Location")).toMatch(/All_Tabs/);
  });

  it("answers a refusal as the spec's message: JSON for the page's script, else a 15-second toast on the page", async () => {
    const bad = { kind: "pdf", org_msn_id: String(aircraftId), tab_id: "tab-999", back: base };
    const js = await exp(bad, { "X-Download": "fetch" });
    expect(js.status).toBe(422);
    expect(((await js.json()) as { error: string }).error.length).toBeGreaterThan(5);
    const plain = await exp(bad);
    expect(plain.status).toBe(302);
    expect(plain.headers.get("Location")).toBe(base);
    const t = await toastOf(plain);
    expect(t?.type).toBe("error");
    expect(t?.duration).toBe(15000);
    const offsite = await exp({ ...bad, back: "https://evil.example/" });
    expect(offsite.headers.get("Location")).toBe("/Aeroops/org/Aircrafts");
  });
});
