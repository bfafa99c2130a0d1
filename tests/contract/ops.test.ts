// Contract tests of the ops and oil API (docs/api/ops.md) over HTTP against the seeded embedded upstream.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "@e965/xlsx";
import ExcelJS from "exceljs";
import { z } from "zod";
import { startTestUpstream, upstreamFetch, type TestUpstream } from "../helpers/upstream";
import { readPdf } from "../helpers/pdf-text";
import {
  AccessTypeAnswer,
  ApiErrorAnswer,
  BinderAvailability,
  BlobErrorAnswer,
  DeletedAnswer,
  GrantAnswer,
  HasDfpAnswer,
  KeptValidation,
  ListTabsAnswer,
  LogbookAnswer,
  LogbookListAnswer,
  LogbookPageAnswer,
  LogbookPagesAnswer,
  Message,
  MsnAccessUsersAnswer,
  MsnIdCreatedAnswer,
  MsnIdsAnswer,
  MsnModulesAnswer,
  FleetTabsAnswer,
  OilOpsLinkPkAnswer,
  OilOpsLinksAnswer,
  OpsHeaderData,
  OrgAllUserAnswer,
  OrganisationsAnswer,
  RowAnswer,
  ShareAnswer,
  TabAnswer,
  TabDataAnswer,
  TabPageAnswer,
  TemplateManufacturerAnswer,
  TemplateManufacturersAnswer,
  TemplateVersionContentAnswer,
  TemplateVersionAnswer,
  TemplateVersionsAnswer,
  UploadAnswer,
  UploadErrorAnswer,
  UserMsnAccessAnswer,
  UserMsnPidsAnswer,
  WorkOrderAnswer,
  WorkOrderListAnswer,
  WorkOrderMutationAnswer,
} from "../../app/models/schemas/ops";

let up: TestUpstream;
const H: Record<string, Record<string, string>> = {};
const ids: Record<string, number> = {};

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const call = (who: string, path: string, body?: unknown, method = "POST") => upstreamFetch(`${up.opsUrl}${path}`, method, H[who], body);
async function ok<S extends z.ZodTypeAny>(schema: S, who: string, path: string, body?: unknown, method = "POST"): Promise<z.infer<S>> {
  const res = await call(who, path, body, method);
  const json = await res.json();
  expect(res.status, `${path}: ${JSON.stringify(json)}`).toBe(200);
  return schema.parse(json);
}
async function fails(status: number, who: string, path: string, body?: unknown, method = "POST") {
  const res = await call(who, path, body, method);
  const json = await res.json();
  expect(res.status, `${path}: ${JSON.stringify(json)}`).toBe(status);
  return ApiErrorAnswer.parse(json);
}
/** A blob endpoint: 200 with the content type and an attachment filename. */
async function blob(who: string, path: string, body: unknown, type: string) {
  const res = await call(who, path, body);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  expect(res.headers.get("content-type")).toBe(type);
  const cd = res.headers.get("content-disposition") ?? "";
  expect(cd).toMatch(/^attachment; filename="[^"]+\.(xlsx|pdf)"/);
  return { bytes: new Uint8Array(await res.arrayBuffer()), filename: /filename="([^"]+)"/.exec(cd)![1], res };
}
async function blobFails(who: string, path: string, body: unknown) {
  const res = await call(who, path, body);
  expect(res.status).toBe(422);
  return BlobErrorAnswer.parse(await res.json());
}
/** A workbook read back with SheetJS; `cellDates` gives date cells as Dates (else Excel serials). */
function readXlsx(bytes: Uint8Array, cellDates = false) {
  const wb = XLSX.read(bytes, { type: "array", cellDates });
  return {
    names: wb.SheetNames,
    rows: (i = 0) => XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[i]], { header: 1, raw: true, defval: null }),
  };
}
/** A PDF pdf.js opens; its text, all pages. */
async function checkPdf(bytes: Uint8Array) {
  const pdf = await readPdf(bytes);
  expect(pdf.pages).toBeGreaterThan(0);
  return pdf.text;
}
async function excelJs(bytes: Uint8Array) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return wb;
}
function xlsxFile(aoa: unknown[][], name = "data.xlsx") {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa), "Sheet1");
  const buf = XLSX.write(wb, { type: "buffer", bookType: "xlsx" }) as Buffer;
  return new File([new Uint8Array(buf)], name, { type: XLSX_TYPE });
}
async function upload(who: string, path: string, fields: Record<string, string>, file: File) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set("file", file);
  return fetch(`${up.opsUrl}${path}`, { method: "POST", headers: H[who], body: form });
}

const SKY = { organization: "skyline", msn_id: "5123" };
const SKY_OTHER = { organization: "skyline", msn_id: "41230" }; // reader has no access

beforeAll(async () => {
  up = await startTestUpstream();
  const emails: Record<string, string> = {
    admin: "admin@demo.aero",
    member: "member@demo.aero",
    template: "template@demo.aero",
    client: "client@demo.aero",
    reader: "reader@demo.aero",
    consultant: "consultant@demo.aero",
    emma: "emma.clarke@skyline.demo.aero",
    mikko: "mikko.virtanen@nordic.demo.aero",
  };
  for (const [k, e] of Object.entries(emails)) H[k] = await up.signIn(e);
  const db = up.upstream.deps.db;
  for (const a of await db
    .selectFrom("aircraft")
    .innerJoin("organizations", "organizations.id", "aircraft.organization_id")
    .select(["aircraft.id", "aircraft.msn", "organizations.slug"])
    .execute()) {
    ids[`${a.slug}/${a.msn}`] = a.id;
  }
  for (const u of await db.selectFrom("users").select(["id", "email"]).execute()) ids[u.email] = u.id;
});
afterAll(async () => {
  await up?.close();
});

// ---------------------------------------------------------------------------------------------

describe("tabs", () => {
  it("lists ops tabs sorted by tab_position, with the work-order tabs", async () => {
    const { tabs } = await ok(ListTabsAnswer, "client", "/v1/ops_tab_info/list_tabs.json", { ...SKY, org_msn_id: ids["skyline/5123"] });
    const keys = tabs.map((t) => t.tab_id);
    expect(keys.slice(0, 5)).toEqual(["generalInformation", "opsNotifications", "aircraftwo", "enginewo", "componentwo"]);
    expect(keys.some((k) => k.startsWith("tab-"))).toBe(true);
    const positions = tabs.map((t) => t.tab_position);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(tabs.every((t) => t.msn_id === "5123" && t.organization === "skyline")).toBe(true);
    expect(tabs.find((t) => t.tab_id === "generalInformation")!.columns.map((c) => c.name)).toEqual(["Field", "Value"]);
  });

  it("lists the fleet's tabs: one entry per tab name, each aircraft with the user's level and its rows", async () => {
    const all = await ok(FleetTabsAnswer, "client", "/v1/ops_tab_info/fleet_tabs.json", {});
    const gi = all.tabs.find((t) => t.tab_name === "General Information")!;
    expect(gi.tab_ids).toEqual(["generalInformation"]);
    const sky = gi.aircraft.find((a) => a.msn === "5123")!;
    expect(sky).toMatchObject({ org_msn_id: ids["skyline/5123"], registration: "EI-FSK", tab_id: "generalInformation" });
    expect(sky.rows).toBeGreaterThan(0);
    expect(all.tabs.some((t) => t.tab_ids.some((k) => k.startsWith("tab-")))).toBe(true);
    expect(all.tabs.flatMap((t) => t.aircraft.map((a) => a.msn))).toContain("41230");
    // The reader sees only the aircraft opened to them, at their level.
    const mine = await ok(FleetTabsAnswer, "reader", "/v1/ops_tab_info/fleet_tabs.json", {});
    const msns = new Set(mine.tabs.flatMap((t) => t.aircraft.map((a) => a.msn)));
    expect(msns.has("5123")).toBe(true);
    expect(msns.has("41230")).toBe(false);
    expect(mine.tabs.flatMap((t) => t.aircraft).every((a) => a.access_type === "read")).toBe(true);
    // Another organization's tabs are not listed to a client.
    await fails(404, "client", "/v1/ops_tab_info/fleet_tabs.json", { organization: "nordic" });
  });

  it("oil tabs gain the Watch/Unwatch column", async () => {
    const { tabs } = await ok(ListTabsAnswer, "reader", "/v1/oil_tab_info/list_tabs.json", SKY);
    expect(tabs.map((t) => t.tab_id).slice(0, 3)).toEqual(["statusDashboard", "generalInformation", "abclisting"]);
    for (const t of tabs) expect(t.columns.at(-1)).toMatchObject({ name: "Watch/Unwatch", type: "watch_unwatch" });
  });

  it("refuses invisible aircraft and bad input", async () => {
    await fails(404, "reader", "/v1/ops_tab_info/list_tabs.json", SKY_OTHER);
    await fails(404, "mikko", "/v1/ops_tab_info/list_tabs.json", SKY);
    await fails(404, "consultant", "/v1/oil_tab_info/list_tabs.json", SKY);
    await fails(422, "client", "/v1/ops_tab_info/list_tabs.json", { organization: "skyline" });
    const res = await fetch(`${up.opsUrl}/v1/ops_tab_info/list_tabs.json`, { method: "POST", body: "{}" });
    expect(res.status).toBe(401);
  });

  it("an aircraft not registered for a product has no tabs", async () => {
    const { tabs } = await ok(ListTabsAnswer, "admin", "/v1/ops_tab_info/list_tabs.json", { organization: "meridian", msn_id: "38821" });
    expect(tabs).toEqual([]);
    await fails(404, "admin", "/v1/ops_data/get_tab_data.json", { organization: "meridian", msn_id: "38821", tab_id: "aircraftwo" });
  });

  it("get_msn_modules reports the products of an MSN", async () => {
    const m = await ok(MsnModulesAnswer, "reader", "/v1/ops_tab_info/get_msn_modules.json", SKY);
    expect(m.modules.find((x) => x.product === "ops")).toMatchObject({ enabled: true, access_type: "read" });
    await fails(404, "reader", "/v1/ops_tab_info/get_msn_modules.json", SKY_OTHER);
  });

  it("a Super User creates, restructures and deletes a tab; Edit Access may not", async () => {
    await fails(422, "client", "/v1/ops_tab_info/create.json", { ...SKY, tab_name: "Nope", columns: [] });
    const created = await ok(TabAnswer, "emma", "/v1/ops_tab_info/create.json", {
      ...SKY,
      tab_name: "Defects",
      group_name: "Maintenance",
      columns: [{ name: "Ref" }, { name: "Qty", type: "number" }],
    });
    expect(created.tab.tab_id).toMatch(/^tab-\d+$/);
    const key = created.tab.tab_id;
    await fails(422, "emma", "/v1/ops_tab_info/create.json", { ...SKY, tab_name: "defects" });
    await ok(RowAnswer, "client", "/v1/ops_data/add_ops_data_v2.json", { ...SKY, tab_id: key, item: { Ref: "D-1", Qty: 3 } });
    const [ref, qty] = created.tab.columns;
    const pushed = await ok(
      TabAnswer,
      "emma",
      "/v1/ops_tab_info/push_data_columns_list.json",
      { ...SKY, tab_id: key, columns: [{ id: qty.id, name: "Quantity", type: "number" }, { id: ref.id, name: "Reference" }, { name: "Note" }] },
      "PUT"
    );
    expect(pushed.tab.columns.map((c) => c.name)).toEqual(["Quantity", "Reference", "Note"]);
    const data = await ok(TabDataAnswer, "client", "/v1/ops_data/get_tab_data.json", { ...SKY, tab_id: key });
    expect(data.rows[0].data).toMatchObject({ Reference: "D-1", Quantity: 3 });
    await fails(422, "emma", "/v1/ops_tab_info/push_data_columns_list.json", { ...SKY, tab_id: key, columns: [{ id: ref.id, name: "Quantity" }] }, "PUT");
    const afterDelete = await ok(TabAnswer, "emma", "/v1/ops_tab_info/delete_column.json", { ...SKY, tab_id: key, column_id: qty.id });
    expect(afterDelete.tab.columns.map((c) => c.name)).toEqual(["Reference", "Note"]);
    const again = await ok(TabDataAnswer, "client", "/v1/ops_data/get_tab_data.json", { ...SKY, tab_id: key });
    expect(again.rows[0].data).not.toHaveProperty("Quantity");
    await fails(422, "emma", "/v1/ops_tab_info/delete_tab.json", { ...SKY, tab_id: "generalInformation" });
    await fails(422, "client", "/v1/ops_tab_info/delete_tab.json", { ...SKY, tab_id: key });
    await ok(Message, "emma", "/v1/ops_tab_info/delete_tab.json", { ...SKY, tab_id: key });
    await fails(404, "client", "/v1/ops_data/get_tab_data.json", { ...SKY, tab_id: key });
  });
});

describe("templates", () => {
  it("template managers manage template tabs, rows and versions", async () => {
    const { manufacturers } = await ok(TemplateManufacturersAnswer, "template", "/v1/ops_tab_info/get_template_manufacturer");
    expect(manufacturers.find((m) => m.name === "Airbus")!.tab_count).toBeGreaterThan(0);
    const list = await ok(ListTabsAnswer.extend({}), "template", "/v1/ops_tab_info/template_list_tabs.json", { manufacturer: "Airbus" });
    expect(list.tabs.length).toBeGreaterThan(0);
    expect(list.tabs[0].msn_id).toBeNull();

    const created = await ok(TabAnswer, "template", "/v1/ops_tab_info/create.json", {
      manufacturer: "Airbus",
      tab_name: "Cabin Items",
      columns: [{ name: "Item" }, { name: "Due", type: "date" }],
    });
    const key = created.tab.tab_id;
    const row = await ok(
      RowAnswer,
      "template",
      "/v1/ops_tab_info/add_update_template_data.json",
      { manufacturer: "Airbus", tab_id: key, item: { Item: "Seat 1A", Due: "2027-01-31" } },
      "PUT"
    );
    expect(row.created).toBe(true);
    const upd = await ok(
      RowAnswer,
      "template",
      "/v1/ops_tab_info/add_update_template_data.json",
      { manufacturer: "Airbus", tab_id: key, id: row.row.id, column_name: "Item", column_value: "Seat 1B" },
      "PUT"
    );
    expect(upd.row.data).toMatchObject({ Item: "Seat 1B", Due: "2027-01-31" });
    await fails(422, "template", "/v1/ops_tab_info/add_update_template_data.json", { manufacturer: "Airbus", tab_id: key, item: { Due: "soon" } }, "PUT");
    await ok(
      RowAnswer,
      "template",
      "/v1/ops_tab_info/add_update_template_data.json",
      { manufacturer: "Airbus", tab_id: key, item: { Item: "Seat 2A" } },
      "PUT"
    );
    const data = await ok(TabDataAnswer, "template", "/v1/ops_tab_info/get_template_data", {
      manufacturer: "Airbus",
      tab_id: key,
      sort_column: "Item",
      sort_order: "desc",
    });
    expect(data.rows.map((r) => r.data.Item)).toEqual(["Seat 2A", "Seat 1B"]);

    const v = await ok(TemplateVersionAnswer, "template", "/v1/ops_tab_info/add_update_template_version", {
      manufacturer: "Airbus",
      note: "Cabin items added",
    });
    expect(v.version.version).toBe(2);
    const noted = await ok(TemplateVersionAnswer, "template", "/v1/ops_tab_info/add_update_template_version", {
      manufacturer: "Airbus",
      version: 2,
      note: "Cabin items",
    });
    expect(noted.version.note).toBe("Cabin items");
    const versions = await ok(TemplateVersionsAnswer, "template", "/v1/ops_tab_info/get_template_version", { manufacturer: "Airbus" });
    expect(versions.current_version).toBe(2);

    const sel = await ok(DeletedAnswer, "template", "/v1/ops_tab_info/delete_template_data_by_selection", {
      manufacturer: "Airbus",
      tab_id: key,
      ids: [row.row.id],
    });
    expect(sel.deleted).toBe(1);
    const all = await ok(DeletedAnswer, "template", "/v1/ops_tab_info/delete_template_data", { manufacturer: "Airbus", tab_id: key });
    expect(all.deleted).toBe(1);
    await ok(Message, "template", "/v1/ops_tab_info/delete_tab", { manufacturer: "Airbus", tab_id: key });
  });

  it("refuses other roles", async () => {
    await fails(422, "client", "/v1/ops_tab_info/get_template_manufacturer", {});
    await fails(422, "client", "/v1/ops_tab_info/template_list_tabs.json", { manufacturer: "Airbus" });
    await fails(422, "client", "/v1/ops_tab_info/create.json", { manufacturer: "Airbus", tab_name: "X" });
    await fails(404, "template", "/v1/ops_tab_info/template_list_tabs.json", { manufacturer: "Nobody" });
  });
});

describe("template manufacturers and version contents (ADR 052)", () => {
  it("creates, renames and deletes a manufacturer with its template; refuses one in use, a clash and the member role", async () => {
    const made = await ok(TemplateManufacturerAnswer, "admin", "/v1/ops_tab_info/add_update_template_manufacturer.json", { name: "Contract Aero" });
    expect(made.manufacturer).toMatchObject({ name: "Contract Aero", tab_count: 0, aircraft_count: 0 });
    const id = made.manufacturer.id;
    const renamed = await ok(TemplateManufacturerAnswer, "template", "/v1/ops_tab_info/add_update_template_manufacturer.json", { id, name: "Contract Aerospace" });
    expect(renamed.manufacturer.name).toBe("Contract Aerospace");
    expect((await fails(422, "admin", "/v1/ops_tab_info/add_update_template_manufacturer.json", { name: "airbus" })).error).toBe("There is already a manufacturer named Airbus.");
    expect((await fails(422, "member", "/v1/ops_tab_info/add_update_template_manufacturer.json", { id, name: "By a member" })).error).toBe("Your role does not allow this.");
    expect((await fails(422, "member", "/v1/ops_tab_info/delete_template_manufacturer.json", { id })).error).toBe("Your role does not allow this.");
    await fails(422, "client", "/v1/ops_tab_info/delete_template_manufacturer.json", { id });

    // In use: registered aircraft name Airbus; a rename other than its case and a delete are refused.
    const { manufacturers } = await ok(TemplateManufacturersAnswer, "template", "/v1/ops_tab_info/get_template_manufacturer", {});
    const airbus = manufacturers.find((m) => m.name === "Airbus")!;
    expect(airbus.aircraft_count).toBeGreaterThan(0);
    const refusal = await fails(422, "admin", "/v1/ops_tab_info/delete_template_manufacturer.json", { id: airbus.id });
    expect(refusal.error).toBe(`Airbus is the manufacturer of ${airbus.aircraft_count} registered aircraft: it cannot be deleted while they name it.`);
    expect((await fails(422, "admin", "/v1/ops_tab_info/add_update_template_manufacturer.json", { id: airbus.id, name: "Airbus SAS" })).error).toMatch(/cannot be renamed/);
    const after = await ok(TemplateManufacturersAnswer, "template", "/v1/ops_tab_info/get_template_manufacturer", {});
    expect(after.manufacturers.find((m) => m.id === airbus.id)).toEqual(airbus);

    // Deleted with its template tabs and versions.
    await ok(TabAnswer, "template", "/v1/ops_tab_info/create.json", { manufacturer: "Contract Aerospace", tab_name: "Doomed", columns: [{ name: "Item" }] });
    await ok(TemplateVersionAnswer, "template", "/v1/ops_tab_info/add_update_template_version", { manufacturer: "Contract Aerospace", note: "before delete" });
    const gone = await ok(Message, "admin", "/v1/ops_tab_info/delete_template_manufacturer.json", { id });
    expect(gone.message).toBe("The manufacturer Contract Aerospace and its template were deleted.");
    await fails(404, "template", "/v1/ops_tab_info/template_list_tabs.json", { manufacturer: "Contract Aerospace" });
    await fails(404, "template", "/v1/ops_tab_info/get_template_version", { manufacturer: "Contract Aerospace" });
    await fails(404, "admin", "/v1/ops_tab_info/delete_template_manufacturer.json", { id });
  });

  it("shows what a saved version holds, as of the save", async () => {
    await ok(TemplateManufacturerAnswer, "template", "/v1/ops_tab_info/add_update_template_manufacturer.json", { name: "Snapshot Aero" });
    const tab = await ok(TabAnswer, "template", "/v1/ops_tab_info/create.json", {
      manufacturer: "Snapshot Aero",
      tab_name: "Galley",
      group_name: "Cabin",
      columns: [{ name: "Item" }, { name: "Qty", type: "number" }],
    });
    const key = tab.tab.tab_id;
    await ok(RowAnswer, "template", "/v1/ops_tab_info/add_update_template_data", { manufacturer: "Snapshot Aero", tab_id: key, item: { Item: "Oven", Qty: 4 } }, "PUT");
    const v1 = await ok(TemplateVersionAnswer, "template", "/v1/ops_tab_info/add_update_template_version", { manufacturer: "Snapshot Aero", note: "One oven row" });
    // Changed after the save: the version keeps what it held.
    await ok(RowAnswer, "template", "/v1/ops_tab_info/add_update_template_data", { manufacturer: "Snapshot Aero", tab_id: key, item: { Item: "Trolley", Qty: 8 } }, "PUT");
    await ok(TabAnswer, "template", "/v1/ops_tab_info/delete_column.json", { manufacturer: "Snapshot Aero", tab_id: key, column_id: tab.tab.columns.find((c) => c.name === "Qty")!.id });

    const content = await ok(TemplateVersionContentAnswer, "member", "/v1/ops_tab_info/get_template_version_content.json", { manufacturer: "snapshot aero", version: v1.version.version });
    expect(content.manufacturer).toBe("Snapshot Aero");
    expect(content.version).toMatchObject({ version: 1, note: "One oven row", tab_count: 1, created_by: expect.any(String) });
    expect(content.tabs).toEqual([
      {
        tab_id: key,
        tab_name: "Galley",
        tab_position: expect.any(Number),
        group_name: "Cabin",
        columns: [
          { name: "Item", type: "text", position: 1, editable: true },
          { name: "Qty", type: "number", position: 2, editable: true },
        ],
        rows: [{ position: 1, data: { Item: "Oven", Qty: 4 } }],
      },
    ]);
    await fails(404, "template", "/v1/ops_tab_info/get_template_version_content.json", { manufacturer: "Snapshot Aero", version: 2 });
    await fails(422, "client", "/v1/ops_tab_info/get_template_version_content.json", { manufacturer: "Snapshot Aero", version: 1 });
  });
});

describe("tab data", () => {
  it("pages, sorts and filters rows on the server", async () => {
    const { tabs } = await ok(ListTabsAnswer, "client", "/v1/ops_tab_info/list_tabs.json", SKY);
    const ad = tabs.find((t) => t.tab_name === "AD Status")!;
    const page1 = await ok(TabDataAnswer, "reader", "/v1/ops_data/get_tab_data.json", {
      ...SKY,
      tab_id: ad.tab_id,
      page: 1,
      per_page: 3,
      sort_column: "Effective Date",
      sort_order: "desc",
    });
    expect(page1.rows).toHaveLength(3);
    expect(page1.total).toBeGreaterThan(3);
    const dates = page1.rows.map((r) => String(r.data["Effective Date"]));
    expect([...dates].sort().reverse()).toEqual(dates);
    const page2 = await ok(TabDataAnswer, "reader", "/v1/ops_data/get_tab_data.json", {
      ...SKY,
      tab_id: ad.tab_id,
      page: 2,
      per_page: 3,
      sort_column: "Effective Date",
      sort_order: "desc",
    });
    expect(String(page2.rows[0].data["Effective Date"]) <= dates[2]).toBe(true);
    const needle = String(page1.rows[0].data["AD Number"]);
    const filtered = await ok(TabDataAnswer, "reader", "/v1/ops_data/get_tab_data.json", { ...SKY, tab_id: ad.tab_id, filter: needle });
    expect(filtered.total).toBeGreaterThanOrEqual(1);
    expect(filtered.rows.every((r) => JSON.stringify(r.data).includes(needle))).toBe(true);
    const odd = await ok(TabDataAnswer, "reader", "/v1/ops_data/get_tab_data.json", { ...SKY, tab_id: ad.tab_id, filter: "100%_\\" });
    expect(odd.total).toBe(0);
    await fails(422, "reader", "/v1/ops_data/get_tab_data.json", { ...SKY, tab_id: ad.tab_id, sort_column: "Nope" });
    await fails(422, "reader", "/v1/ops_data/get_tab_data.json", { ...SKY, tab_id: ad.tab_id, per_page: 100000 });
    await fails(404, "reader", "/v1/ops_data/get_tab_data.json", { ...SKY_OTHER, tab_id: ad.tab_id });
  });

  it("derives work-order tabs and serves oil rows with their watched flag", async () => {
    const wo = await ok(TabDataAnswer, "client", "/v1/ops_data/get_tab_data.json", { ...SKY, tab_id: "aircraftwo" });
    expect(wo.total).toBeGreaterThan(0);
    expect(wo.rows[0].data).toHaveProperty("Number");
    const oil = await ok(TabDataAnswer, "reader", "/v1/oil_data/get_tab_data.json", { ...SKY, tab_id: "statusDashboard", watched_only: true });
    expect(oil.rows.every((r) => r.watched)).toBe(true);
    expect(oil.columns.at(-1)!.type).toBe("watch_unwatch");
  });

  it("adds and updates rows and cells with type checks; read access is refused", async () => {
    const added = await ok(RowAnswer, "client", "/v1/ops_data/add_ops_data_v2.json", {
      ...SKY,
      tab_id: "opsNotifications",
      module: "transition",
      item: { Date: "2026-11-02", Reference: "ON-T-1", Description: "Test", Status: "Open" },
    });
    expect(added.created).toBe(true);
    const cell = await ok(RowAnswer, "client", "/v1/ops_data/add_ops_data_v2.json", {
      ...SKY,
      tab_id: "opsNotifications",
      id: added.row.id,
      column_name: "Status",
      column_value: "Closed",
    });
    expect(cell.row.data).toMatchObject({ Reference: "ON-T-1", Status: "Closed" });
    const bad = await fails(422, "client", "/v1/ops_data/add_ops_data_v2.json", {
      ...SKY,
      tab_id: "opsNotifications",
      id: added.row.id,
      column_name: "Date",
      column_value: "2026-02-30",
    });
    expect(bad.error).toMatch(/date/);
    await fails(422, "client", "/v1/ops_data/add_ops_data_v2.json", { ...SKY, tab_id: "opsNotifications", item: { Nope: "x" } });
    await fails(422, "client", "/v1/ops_data/add_ops_data_v2.json", { ...SKY, tab_id: "generalInformation", item: { Field: "Locked" } });
    await fails(404, "client", "/v1/ops_data/add_ops_data_v2.json", {
      ...SKY,
      tab_id: "opsNotifications",
      id: 99999999,
      column_name: "Status",
      column_value: "x",
    });
    const ro = await fails(422, "reader", "/v1/ops_data/add_ops_data_v2.json", { ...SKY, tab_id: "opsNotifications", item: { Reference: "x" } });
    expect(ro.error).toContain("Read Access");
    const header = await ok(OpsHeaderData, "client", "/v1/ops_data/get_ops_header_data.json", SKY);
    expect(header).toMatchObject({ registration: "EI-FSK", msn: "5123", access_type: "write" });
    expect(header.ops_issue_date).toBe(new Date().toISOString().slice(0, 10));
    const del = await ok(DeletedAnswer, "client", "/v1/ops_data/delete_template_data_by_selection.json", {
      ...SKY,
      tab_id: "opsNotifications",
      ids: [added.row.id],
    });
    expect(del.deleted).toBe(1);
    await fails(422, "reader", "/v1/ops_data/delete_template_data_by_selection.json", { ...SKY, tab_id: "opsNotifications", ids: [1] });
  });

  it("uploads validated data all-or-nothing, and answers a validation workbook", async () => {
    const fields = { organization: "skyline", msn_id: "8842", tab_id: "opsNotifications" };
    const before = await ok(TabDataAnswer, "client", "/v1/ops_data/get_tab_data.json", { ...fields, per_page: 1 });

    const badFile = xlsxFile([
      ["Date", "Reference", "Colour"],
      ["2026-01-05", "ON-U-1", "red"],
      ["not a date", "ON-U-2", null],
    ]);
    const badRes = await upload("client", "/v1/ops_data/upload_ops_data.json", fields, badFile);
    expect(badRes.status).toBe(422);
    const bad = UploadErrorAnswer.parse(await badRes.json());
    expect(bad.row_errors.some((e) => e.error.includes('Unknown column "Colour"'))).toBe(true);
    expect(bad.row_errors.some((e) => e.row === 3 && e.column === "Date")).toBe(true);
    const unchanged = await ok(TabDataAnswer, "client", "/v1/ops_data/get_tab_data.json", { ...fields, per_page: 1 });
    expect(unchanged.total).toBe(before.total);

    const validation = await upload("reader", "/v1/ops_data/validate_tab_data.json", { ...fields, msn_id: "8842" }, badFile);
    expect(validation.status).toBe(200);
    expect(validation.headers.get("content-type")).toBe(XLSX_TYPE);
    const vb = readXlsx(new Uint8Array(await validation.arrayBuffer()));
    const vrows = vb.rows(0);
    expect(vrows[0]).toEqual(["Date", "Reference", "Colour", "Errors"]);
    expect(String(vrows[2][3])).toContain("must be a date");
    expect(vb.names).toContain("Summary");
    const vdates = readXlsx(new Uint8Array(await (await upload("reader", "/v1/ops_data/validate_tab_data.json", fields, badFile)).arrayBuffer()), true).rows(0);
    expect(vdates[1][0]).toEqual(new Date(Date.UTC(2026, 0, 5))); // a valid date comes back as a date cell
    expect(vdates[2][0]).toBe("not a date"); // a bad one as it was written

    const good = xlsxFile([
      ["Date", "Reference", "Description", "Status"],
      [new Date(Date.UTC(2026, 0, 5)), "ON-U-1", "Uploaded (1)", "Open"],
      ["2026-01-06", "ON-U-2", "Uploaded (2)", "Closed"],
    ]);
    const okRes = await upload("client", "/v1/ops_data/upload_ops_data.json", fields, good);
    const okBody = UploadAnswer.parse(await okRes.json());
    expect(okRes.status).toBe(200);
    expect(okBody).toMatchObject({ imported: 2, mode: "append", total: before.total + 2 });
    const found = await ok(TabDataAnswer, "client", "/v1/ops_data/get_tab_data.json", { ...fields, filter: "Uploaded (1)" });
    expect(found.rows[0].data).toMatchObject({ Date: "2026-01-05", Reference: "ON-U-1" });

    const csv = new File(["Reference,Description\nON-C-1,From CSV\n"], "rows.csv", { type: "text/csv" });
    const replaced = UploadAnswer.parse(await (await upload("client", "/v1/ops_data/upload_ops_data.json", { ...fields, mode: "replace" }, csv)).json());
    expect(replaced).toMatchObject({ imported: 1, mode: "replace", total: 1 });

    const ro = await upload("reader", "/v1/ops_data/upload_ops_data.json", fields, good);
    expect(ro.status).toBe(422);
    const notSheet = await upload("client", "/v1/ops_data/upload_ops_data.json", fields, new File(["x"], "notes.txt"));
    expect(notSheet.status).toBe(422);
  });

  it("keep_validation: the workbook is kept for the user who made it, one per user, for 30 minutes (ADR 079)", async () => {
    const db = up.upstream.deps.db;
    const store = up.upstream.deps.blob;
    const fields = { ...SKY, tab_id: "opsNotifications" };
    const keep = async (who: string, file: File) => {
      const res = await upload(who, "/v1/ops_data/keep_validation.json", fields, file);
      expect(res.status).toBe(200);
      return KeptValidation.parse(await res.json());
    };
    const first = await keep("reader", xlsxFile([["Date", "Reference"], ["not a date", "KV-1"], ["2026-01-05", "KV-2"]], "kept.xlsx"));
    expect(first).toMatchObject({ source: "kept.xlsx", filename: "kept_validation.xlsx", errors: 1 });
    // The tab's rows bring it when asked, to its owner only.
    expect((await ok(TabDataAnswer, "reader", "/v1/ops_data/get_tab_data.json", { ...fields, per_page: 1, validation: first.id })).validation).toEqual(first);
    expect((await ok(TabDataAnswer, "client", "/v1/ops_data/get_tab_data.json", { ...fields, per_page: 1, validation: first.id })).validation).toBeNull();
    expect((await ok(TabDataAnswer, "reader", "/v1/ops_data/get_tab_data.json", { ...fields, per_page: 1 })).validation).toBeUndefined();
    const { bytes, filename } = await blob("reader", "/v1/ops_data/validation_workbook.json", { id: first.id }, XLSX_TYPE);
    expect(filename).toBe("kept_validation.xlsx");
    expect(readXlsx(bytes).rows(0)[0]).toEqual(["Date", "Reference", "Errors"]);
    const gone = "This validation workbook has expired (they are kept for 30 minutes). Validate the file again.";
    expect((await blobFails("client", "/v1/ops_data/validation_workbook.json", { id: first.id })).error).toBe(gone);

    // A newer one replaces it, its blob too.
    const second = await keep("reader", xlsxFile([["Date", "Reference"], ["2026-01-06", "KV-3"]], "again.xlsx"));
    expect(second.errors).toBe(0);
    expect((await blobFails("reader", "/v1/ops_data/validation_workbook.json", { id: first.id })).error).toBe(gone);
    expect((await store.list(`validation/${ids["reader@demo.aero"]}/`)).map((o) => o.key)).toEqual([`validation/${ids["reader@demo.aero"]}/${second.id}.xlsx`]);

    // 30 minutes on it is refused, and the next keep (anyone's) sweeps it away.
    await db.updateTable("validation_workbooks").set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where("id", "=", second.id).execute();
    expect((await blobFails("reader", "/v1/ops_data/validation_workbook.json", { id: second.id })).error).toBe(gone);
    expect((await ok(TabDataAnswer, "reader", "/v1/ops_data/get_tab_data.json", { ...fields, per_page: 1, validation: second.id })).validation).toBeNull();
    await keep("client", xlsxFile([["Date", "Reference"], ["2026-01-07", "KV-4"]]));
    expect(await db.selectFrom("validation_workbooks").select("id").where("user_id", "=", ids["reader@demo.aero"]).execute()).toEqual([]);
    expect(await store.list(`validation/${ids["reader@demo.aero"]}/`)).toEqual([]);
  });

  it("DFP: availability and download", async () => {
    const { result } = await ok(HasDfpAnswer, "reader", "/v1/ops_data/is_tab_has_dfp.json", { ...SKY, tab_id: "opsNotifications" });
    expect(result).toBe(true);
    const { bytes, filename } = await blob("reader", "/v1/ops_data/download_dfp.json", { ...SKY, tab_id: "opsNotifications" }, XLSX_TYPE);
    expect(filename).toContain("5123");
    const rows = readXlsx(bytes, true).rows(0);
    expect(rows[0]).toEqual(["Date", "Reference", "Description", "Status"]);
    // The Date column holds date cells (the header stays in row 1: the DFP is re-imported).
    const data = await ok(TabDataAnswer, "reader", "/v1/ops_data/get_tab_data.json", { ...SKY, tab_id: "opsNotifications", per_page: 500 });
    const dates = rows.slice(1).map((r) => r[0]);
    expect(dates.length).toBe(data.total);
    expect(dates.every((d) => d instanceof Date)).toBe(true);
    expect(new Set(dates.map((d) => (d as Date).toISOString().slice(0, 10)))).toEqual(new Set(data.rows.map((r) => r.data.Date)));
    // ... and it validates as it is.
    const validation = await upload("reader", "/v1/ops_data/validate_tab_data.json", { ...SKY, tab_id: "opsNotifications" }, new File([bytes], filename));
    expect(validation.status).toBe(200);
    expect(validation.headers.get("x-validation-errors")).toBe("0");
    await blobFails("reader", "/v1/ops_data/download_dfp.json", { ...SKY_OTHER, tab_id: "opsNotifications" });
  });
});

describe("oil data and links", () => {
  it("links oil rows to ops rows through Serial No / Part No", async () => {
    const links = await ok(OilOpsLinksAnswer, "client", "/v1/oil_data/get_oil_ops_link_ids", { ...SKY, tab_id: "abclisting" });
    expect(links.ops_access).toBe(true);
    expect(links.links.length).toBeGreaterThan(0);
    const l = links.links[0];
    expect(["Serial No", "Part No"]).toContain(l.match_column);
    const one = await ok(OilOpsLinksAnswer, "client", "/v1/oil_data/get_oil_linked_row_id", { ...SKY, tab_id: "abclisting", row_id: l.oil_row_id });
    expect(one.links.every((x) => x.oil_row_id === l.oil_row_id)).toBe(true);
    const back = await ok(OilOpsLinksAnswer, "client", "/v1/oil_data/get_ops_ids_direct_link", { ...SKY, tab_id: l.ops_tab_id });
    expect(back.links.some((x) => x.ops_row_id === l.ops_row_id)).toBe(true);
    // Only a page's rows (row_ids): the same links of those rows, none of the others.
    const page = await ok(OilOpsLinksAnswer, "client", "/v1/oil_data/get_ops_ids_direct_link", { ...SKY, tab_id: l.ops_tab_id, row_ids: [l.ops_row_id] });
    expect(page.links.length).toBeGreaterThan(0);
    expect(page.links).toEqual(back.links.filter((x) => x.ops_row_id === l.ops_row_id));
    const none = await ok(OilOpsLinksAnswer, "client", "/v1/oil_data/get_ops_ids_direct_link", { ...SKY, tab_id: l.ops_tab_id, row_ids: [] });
    expect(none.links).toEqual([]);
    // A tab page in one call (get_tab_page): the same page as get_tab_data, the header and the tabs,
    // the page's oil links with their tabs' names; an unknown sort column ignored, an unknown tab null.
    const sorted = { ...SKY, tab_id: l.ops_tab_id.toUpperCase(), sort_column: "Serial No", sort_order: "desc", per_page: 5 };
    const tabPage = await ok(TabPageAnswer, "client", "/v1/ops_data/get_tab_page.json", { ...sorted, links: true });
    const alone = await ok(TabDataAnswer, "client", "/v1/ops_data/get_tab_data.json", { ...sorted, tab_id: l.ops_tab_id });
    expect(tabPage.data).toEqual(alone);
    expect(tabPage.sort_column).toBe("Serial No");
    expect(tabPage.header).toEqual(await ok(OpsHeaderData, "client", "/v1/ops_data/get_ops_header_data.json", SKY));
    expect(tabPage.tabs).toEqual((await ok(ListTabsAnswer, "client", "/v1/ops_tab_info/list_tabs.json", SKY)).tabs);
    const pageIds = alone.rows.map((r) => r.id);
    const direct = await ok(OilOpsLinksAnswer, "client", "/v1/oil_data/get_ops_ids_direct_link", { ...SKY, tab_id: l.ops_tab_id, row_ids: pageIds });
    expect(tabPage.links?.links).toEqual(direct.links);
    for (const x of direct.links) expect(tabPage.links?.tab_names[x.oil_tab_id]).toBeTruthy();
    const lenient = await ok(TabPageAnswer, "client", "/v1/ops_data/get_tab_page.json", { ...SKY, tab_id: l.ops_tab_id, sort_column: "No such column" });
    expect([lenient.sort_column, lenient.links, lenient.data?.rows.length]).toEqual([null, null, Math.min(alone.total, 50)]);
    const unknown = await ok(TabPageAnswer, "client", "/v1/oil_data/get_tab_page.json", { ...SKY, tab_id: "no-such-tab" });
    expect([unknown.data, unknown.tabs.length > 0]).toEqual([null, true]);
    await fails(404, "reader", "/v1/ops_data/get_tab_page.json", { ...SKY_OTHER, tab_id: l.ops_tab_id });
    const oilPage = await ok(OilOpsLinksAnswer, "client", "/v1/oil_data/get_oil_ops_link_ids", { ...SKY, tab_id: "abclisting", row_ids: [l.oil_row_id] });
    expect(oilPage.links).toEqual(links.links.filter((x) => x.oil_row_id === l.oil_row_id));
    const pk = await ok(OilOpsLinkPkAnswer, "client", "/v1/oil_data/get_oil_ops_link_pk", SKY);
    expect(pk.link_columns).toEqual(["Serial No", "Part No"]);
    expect(pk.tabs.some((t) => t.product === "oil" && t.tab_id === "abclisting")).toBe(true);
    await fails(404, "reader", "/v1/oil_data/get_oil_ops_link_ids", { ...SKY_OTHER, tab_id: "abclisting" });
  });

  it("an oil page's links are found through the text index, the same as reading every ops row", async () => {
    const first = (await ok(OilOpsLinksAnswer, "client", "/v1/oil_data/get_oil_ops_link_ids", { ...SKY, tab_id: "abclisting" })).links[0]!;
    const opsTab = first.ops_tab_id;
    const opsRow = (item: Record<string, string>) => ok(RowAnswer, "client", "/v1/ops_data/add_ops_data_v2.json", { ...SKY, tab_id: opsTab, item });
    const oilRow = (item: Record<string, string>) => ok(RowAnswer, "client", "/v1/oil_data/update_oil_data.json", { ...SKY, tab_id: "abclisting", item });
    // Stored as typed: spaces around and another case still link (the link compares trimmed values,
    // case-insensitively); a longer value that holds it does not.
    const spaced = (await opsRow({ "Serial No": "  zq-4711 " })).row.id;
    const longer = (await opsRow({ "Serial No": "ZQ-47110" })).row.id;
    const part = (await opsRow({ "Part No": "pn 77-1" })).row.id;
    const short = (await opsRow({ "Serial No": "Q1" })).row.id;
    const odd = (await opsRow({ "Serial No": "50%_A" })).row.id;
    const long = (await opsRow({ "Part No": `LP-${"9".repeat(150)}` })).row.id;
    const indexed = (await oilRow({ "Serial No": "ZQ-4711", "Part No": "PN 77-1" })).row.id;
    const shortOne = (await oilRow({ "Serial No": "q1" })).row.id;
    const oddOne = (await oilRow({ "Serial No": "50%_a" })).row.id;
    const longOne = (await oilRow({ "Part No": ` lp-${"9".repeat(150)}` })).row.id;
    const nothing = (await oilRow({ Description: "no link values" })).row.id;
    const every = (await ok(OilOpsLinksAnswer, "client", "/v1/oil_data/get_oil_ops_link_ids", { ...SKY, tab_id: "abclisting" })).links;
    const linked = (oilRowId: number) => every.filter((x) => x.oil_row_id === oilRowId).map((x) => x.ops_row_id);
    expect(linked(indexed).sort()).toEqual([spaced, part].sort());
    expect(linked(indexed)).not.toContain(longer);
    expect([linked(shortOne), linked(oddOne), linked(longOne), linked(nothing)]).toEqual([[short], [odd], [long], []]);
    // A page's rows (row_ids): through the index for values of 3 to 100 characters, else every ops
    // row as before; the same links either way, in the same order.
    for (const ids of [[indexed], [shortOne], [oddOne], [longOne], [nothing], [indexed, shortOne, oddOne, longOne, nothing]]) {
      const page = await ok(OilOpsLinksAnswer, "client", "/v1/oil_data/get_oil_ops_link_ids", { ...SKY, tab_id: "abclisting", row_ids: ids });
      expect(page.links).toEqual(every.filter((x) => ids.includes(x.oil_row_id)));
    }
    // The oil tab page in one call answers the links of its rows.
    const tabPage = await ok(TabPageAnswer, "client", "/v1/oil_data/get_tab_page.json", { ...SKY, tab_id: "abclisting", filter: "zq-4711", links: true });
    expect(tabPage.data?.rows.map((r) => r.id)).toEqual([indexed]);
    expect(tabPage.links).toEqual({ links: every.filter((x) => x.oil_row_id === indexed), ops_access: true, oil_access: true, tab_names: {} });
    expect((await ok(TabPageAnswer, "client", "/v1/oil_data/get_tab_page.json", { ...SKY, tab_id: "abclisting", filter: "zq-4711" })).links).toBeNull();
    // Leave the tabs as they were for the tests after this one.
    await ok(z.unknown(), "client", "/v1/ops_data/delete_template_data_by_selection", { ...SKY, tab_id: opsTab, product: "ops", ids: [spaced, longer, part, short, odd, long] });
    await ok(z.unknown(), "client", "/v1/ops_data/delete_template_data_by_selection", { ...SKY, tab_id: "abclisting", product: "oil", ids: [indexed, shortOne, oddOne, longOne, nothing] });
  });

  it("update_oil_data changes cells and the watched flag; read access is refused", async () => {
    const data = await ok(TabDataAnswer, "client", "/v1/oil_data/get_tab_data.json", { ...SKY, tab_id: "abclisting", per_page: 1 });
    const row = data.rows[0];
    const watched = await ok(RowAnswer, "client", "/v1/oil_data/update_oil_data", { ...SKY, tab_id: "abclisting", id: row.id, watched: !row.watched });
    expect(watched.row.watched).toBe(!row.watched);
    const cell = await ok(RowAnswer, "client", "/v1/oil_data/update_oil_data.json", {
      ...SKY,
      tab_id: "abclisting",
      id: row.id,
      column_name: "Description",
      column_value: "Updated",
    });
    expect(cell.row.data.Description).toBe("Updated");
    await fails(422, "reader", "/v1/oil_data/update_oil_data", { ...SKY, tab_id: "abclisting", id: row.id, watched: true });
    const header = await ok(OpsHeaderData, "reader", "/v1/oil_data/get_oil_header_data.json", SKY);
    expect(header.oil_issue_date).toBe(new Date().toISOString().slice(0, 10));
  });
});

describe("exports", () => {
  it("one tab as Excel (ops and oil)", async () => {
    const ops = await blob("reader", "/v1/excel_export/ops_download.json", { ...SKY, tab_id: "opsNotifications", sort_order: "desc", module: "" }, XLSX_TYPE);
    const rows = readXlsx(ops.bytes).rows(0);
    expect(rows[0]).toEqual(["Date", "Reference", "Description", "Status"]);
    expect(rows.length).toBeGreaterThan(1);
    const oil = await blob("reader", "/v1/excel_export/oil_download.json", { ...SKY, tab_id: "statusDashboard" }, XLSX_TYPE);
    expect(readXlsx(oil.bytes).rows(0)[0]).toContain("Watch/Unwatch");
    const refused = await blobFails("reader", "/v1/excel_export/ops_download.json", { ...SKY_OTHER, tab_id: "opsNotifications" });
    expect(refused.Message.error).toBe("That aircraft was not found.");
    const unknown = await blobFails("reader", "/v1/excel_export/ops_download.json", { ...SKY, tab_id: "nope" });
    expect(unknown.Message.error).toMatch(/tab/i);
  });

  it("all tabs in one workbook, shared by a signed link and mailed", async () => {
    const share = await ok(ShareAnswer, "client", "/v1/excel_export/ops_all_tab_excel_share.json", { ...SKY, module: "", emails: ["lessor@example.com"] });
    expect(share.emailed).toEqual(["lessor@example.com"]);
    const days = (Date.parse(share.expires_at) - Date.now()) / 86400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const res = await fetch(share.url.startsWith("/") ? `${up.origin}${share.url}` : share.url);
    expect(res.status).toBe(200);
    const wb = readXlsx(new Uint8Array(await res.arrayBuffer()));
    expect(wb.names).toContain("General Information");
    expect(wb.names).toContain("Aircraft WO");
    const mail = await up.upstream.deps.db.selectFrom("mail_outbox").selectAll().where("to_address", "=", "lessor@example.com").executeTakeFirst();
    expect(mail?.text).toContain(share.url.startsWith("/") ? share.url : share.url.slice(0, 40));
    const oil = await ok(ShareAnswer, "client", "/v1/excel_export/oil_all_tab_excel_share.json", { ...SKY, emails: "a@example.com; b@example.com" });
    expect(oil.emailed).toEqual(["a@example.com", "b@example.com"]);
    await blobFails("client", "/v1/excel_export/oil_all_tab_excel_share.json", { ...SKY, emails: ["not-an-email"] });
    await blobFails("reader", "/v1/excel_export/oil_all_tab_excel_share.json", SKY_OTHER);
  });

  it("general information, tab and notification exports", async () => {
    await checkPdf((await blob("reader", "/v1/pdf_generate/download_general_info_pdf.json", SKY, "application/pdf")).bytes);
    const gi = readXlsx((await blob("reader", "/v1/excel_export/download_general_info_excel.json", SKY, XLSX_TYPE)).bytes).rows(0);
    expect(gi[0]).toEqual(["Field", "Value"]);
    expect(gi.some((r) => r[0] === "Registration" && r[1] === "EI-FSK")).toBe(true);
    const pdf = await checkPdf(
      (
        await blob(
          "reader",
          "/v1/pdf_generate/oil_ops_data/download.json",
          { ...SKY, tab_id: "statusDashboard", product: "oil", sort_order: "asc", module: "" },
          "application/pdf"
        )
      ).bytes
    );
    expect(pdf).toContain("Watch/Unwatch");
    const notes = readXlsx((await blob("reader", "/v1/excel_export/ops_notification_excel_download.json", SKY, XLSX_TYPE)).bytes).rows(0);
    expect(notes[0]).toEqual(["Date", "Reference", "Description", "Status"]);
    await blobFails("reader", "/v1/pdf_generate/download_general_info_pdf.json", SKY_OTHER);
  });

  it("Excel files: typed date and number cells, a bold frozen header with a filter, widths, the aircraft in the properties; they re-import", async () => {
    const { tabs } = await ok(ListTabsAnswer, "client", "/v1/ops_tab_info/list_tabs.json", SKY);
    const tab = tabs.find((t) => t.source === "stored" && t.columns.some((c) => c.type === "date") && t.columns.some((c) => c.type === "number"))!;
    expect(tab).toBeDefined();
    const dateCol = tab.columns.findIndex((c) => c.type === "date");
    const numCol = tab.columns.findIndex((c) => c.type === "number");
    const data = await ok(TabDataAnswer, "client", "/v1/ops_data/get_tab_data.json", { ...SKY, tab_id: tab.tab_id, per_page: 500 });
    const { bytes, filename } = await blob("client", "/v1/excel_export/ops_download.json", { ...SKY, tab_id: tab.tab_id }, XLSX_TYPE);
    const wb = await excelJs(bytes);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe(tab.tab_name.slice(0, 31));
    expect(ws.rowCount).toBe(data.total + 1);
    // header in row 1: the columns, bold, filled
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(tab.columns.map((c) => c.name));
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(ws.getRow(1).getCell(1).fill).toMatchObject({ type: "pattern", pattern: "solid" });
    // dates are Date cells shown yyyy-mm-dd, numbers are numbers, text stays text
    const colName = (i: number) => tab.columns[i].name;
    const byDate = data.rows.filter((r) => typeof r.data[colName(dateCol)] === "string" && r.data[colName(dateCol)] !== "");
    const byNumber = data.rows.filter((r) => typeof r.data[colName(numCol)] === "number");
    expect(byDate.length).toBeGreaterThan(0);
    expect(byNumber.length).toBeGreaterThan(0);
    const dates: string[] = [];
    const numbers: number[] = [];
    for (let r = 2; r <= ws.rowCount; r++) {
      const d = ws.getRow(r).getCell(dateCol + 1);
      if (d.value instanceof Date) {
        expect(d.numFmt).toContain("yyyy");
        dates.push(d.value.toISOString().slice(0, 10));
      } else expect(d.value ?? null).toBeNull();
      const n = ws.getRow(r).getCell(numCol + 1).value;
      if (n !== null && n !== undefined) {
        expect(typeof n).toBe("number");
        numbers.push(n as number);
      }
    }
    expect(dates.sort()).toEqual(byDate.map((r) => r.data[colName(dateCol)] as string).sort());
    expect(numbers.sort()).toEqual(byNumber.map((r) => r.data[colName(numCol)] as number).sort());
    // frozen header, autofilter over header and data, widths from the content
    expect(ws.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    const lastCol = ws.getColumn(tab.columns.length).letter;
    expect(ws.autoFilter).toBe(`A1:${lastCol}${data.total + 1}`);
    const widths = tab.columns.map((_, i) => ws.getColumn(i + 1).width ?? 0);
    expect(widths.every((w) => w >= 6 && w <= 60)).toBe(true);
    expect(ws.getColumn(dateCol + 1).width).toBeGreaterThanOrEqual(10);
    // the aircraft in the workbook properties
    expect(wb.title).toBe(`${tab.tab_name}: MSN 5123`);
    expect(wb.subject).toContain("MSN 5123 (EI-FSK)");
    expect(wb.keywords).toContain("MSN 5123");
    expect(wb.description).toMatch(/MSN 5123 \| Registration EI-FSK \| .* \| OPS issue date /);
    expect(wb.creator).toBe("AeroRecords");
    expect(wb.company).toBe("AeroRecords");

    // Re-import: the exported file validates clean, and importing it (replace) gives the same rows.
    const check = await upload("client", "/v1/ops_data/validate_tab_data.json", { ...SKY, tab_id: tab.tab_id }, new File([bytes], filename));
    expect(check.headers.get("x-validation-errors")).toBe("0");
    // The validation workbook keeps the header in row 1, dates as dates, an empty Errors column; it re-imports too.
    const vbytes = new Uint8Array(await check.arrayBuffer());
    const vws = (await excelJs(vbytes)).worksheets[0]!;
    expect((vws.getRow(1).values as unknown[]).slice(1)).toEqual([...tab.columns.map((c) => c.name), "Errors"]);
    expect(vws.getRow(1).getCell(1).font?.bold).toBe(true);
    const firstDated = (() => {
      for (let r = 2; r <= vws.rowCount; r++) if (vws.getRow(r).getCell(dateCol + 1).value) return vws.getRow(r).getCell(dateCol + 1).value;
    })();
    expect(firstDated).toBeInstanceOf(Date);
    const recheck = await upload("client", "/v1/ops_data/validate_tab_data.json", { ...SKY, tab_id: tab.tab_id }, new File([vbytes], "again.xlsx"));
    expect(recheck.headers.get("x-validation-errors")).toBe("0");
    const imported = await upload("client", "/v1/ops_data/upload_ops_data.json", { ...SKY, tab_id: tab.tab_id, mode: "replace" }, new File([bytes], filename));
    expect(UploadAnswer.parse(await imported.json())).toMatchObject({ imported: data.total, total: data.total });
    const after = await ok(TabDataAnswer, "client", "/v1/ops_data/get_tab_data.json", { ...SKY, tab_id: tab.tab_id, per_page: 500 });
    expect(after.rows.map((r) => r.data)).toEqual(data.rows.map((r) => r.data));
  });

  it("binder availability and download", async () => {
    const av = await ok(BinderAvailability, "reader", "/v1/ops_data/binder_availability.json", { ...SKY, tab_id: "opsNotifications" });
    expect(av).toMatchObject({ msg: "available", current: true, full: true });
    // The tab page asks get_tab_data for the same answer beside its rows (one call); only when asked.
    const withRows = await ok(TabDataAnswer, "reader", "/v1/ops_data/get_tab_data.json", { ...SKY, tab_id: "opsNotifications", per_page: 5, binder: true });
    expect(withRows.binder).toEqual(av);
    expect((await ok(TabDataAnswer, "reader", "/v1/ops_data/get_tab_data.json", { ...SKY, tab_id: "opsNotifications", per_page: 5 })).binder).toBeUndefined();
    const oilTab = (await ok(ListTabsAnswer, "reader", "/v1/oil_tab_info/list_tabs.json", SKY)).tabs[0]!;
    expect((await ok(TabDataAnswer, "reader", "/v1/oil_data/get_tab_data.json", { ...SKY, tab_id: oilTab.tab_id, binder: true })).binder).toEqual(
      await ok(BinderAvailability, "reader", "/v1/ops_data/binder_availability.json", { ...SKY, tab_id: oilTab.tab_id, product: "oil" }),
    );
    await checkPdf((await blob("reader", "/v1/ops_data/binder_download.json", { ...SKY, tab_id: "opsNotifications", kind: "current" }, "application/pdf")).bytes);
    const full = await checkPdf(
      (await blob("reader", "/v1/ops_data/binder_download.json", { ...SKY, tab_id: "opsNotifications", kind: "full" }, "application/pdf")).bytes
    );
    expect(full).toContain("Full Delivery Binder: MSN 5123");
    expect(full).toContain("Contents");
    await fails(404, "reader", "/v1/ops_data/binder_availability.json", { ...SKY_OTHER, tab_id: "opsNotifications" });
  });
});

describe("work orders and logbooks", () => {
  it("CRUD with versions, and PDF / Excel downloads", async () => {
    const created = await ok(WorkOrderMutationAnswer, "client", "/v1/work_order/create.json", {
      ...SKY,
      kind: "engine",
      number: "WO-TEST-1",
      title: "Fan blade inspection",
      data: {
        station: "Shannon",
        remarks: "Borescope images filed under 06 Engine Records.",
        tasks: [
          { ref: "1", description: "Inspect fan (stage 1)", status: "done", man_hours: 2.5 },
          { ref: "2", description: "Borescope HPT stage 1", status: "done", man_hours: 4 },
          { ref: "3", description: "Replace fan blade 14", status: "deferred", man_hours: null },
        ],
      },
    });
    const id = created.work_order.work_order_id;
    expect(created.work_order.version).toBe(1);
    await fails(422, "client", "/v1/work_order/create.json", { ...SKY, kind: "engine", number: "wo-test-1", title: "Dup" });
    const updated = await ok(WorkOrderMutationAnswer, "client", "/v1/work_order/update.json", {
      work_order_id: id,
      status: "closed",
      data: { station: "Dublin", tasks: [] },
    });
    expect(updated.work_order).toMatchObject({ version: 2, status: "closed" });
    expect(updated.work_order.versions.map((v) => v.version)).toEqual([2, 1]);
    const v1 = await ok(WorkOrderAnswer, "reader", "/v1/work_order/get.json", { work_order_id: id, version: 1 });
    expect(v1.work_order.data).toMatchObject({ station: "Shannon" });
    const list = await ok(WorkOrderListAnswer, "reader", "/v1/work_order/list.json", { ...SKY, kind: "engine" });
    expect(list.work_orders.some((w) => w.work_order_id === id && w.version === 2)).toBe(true);
    const found = await ok(WorkOrderListAnswer, "reader", "/v1/work_order/list.json", { ...SKY, q: "FAN BLADE" });
    expect(found.work_orders.map((w) => w.work_order_id)).toEqual([id]);
    expect((await ok(WorkOrderListAnswer, "reader", "/v1/work_order/list.json", { ...SKY, q: "wo-test-%" })).total).toBe(0);

    const pdf = await checkPdf((await blob("reader", "/v1/work_order/download_pdf.json", { work_order_id: id, version: 1 }, "application/pdf")).bytes);
    expect(pdf).toContain("Inspect fan (stage 1)");
    // What a certifying engineer signs: who and what, the totals, the release and the blanks.
    for (const t of ["Skyline Leasing", "MSN 5123", "EI-FSK", "WO-TEST-1", "Version 1, saved", "Station Shannon", "Borescope images filed"])
      expect(pdf).toContain(t);
    expect(pdf).toMatch(/Total: 3 tasks 6\.5/);
    expect(pdf).toContain("Certificate of release to service");
    expect(pdf).toContain("the engine is considered ready for release to service");
    expect(pdf).toContain("Not included in this release: 1 task not done (3)");
    for (const b of ["Certifying staff name", "Licence / authorisation number", "Signature", "Date"]) expect(pdf).toContain(b);
    expect(pdf).toMatch(/Page 1 of \d/);
    const xl = readXlsx((await blob("reader", "/v1/work_order/download_excel.json", { work_order_id: id, version: 2 }, XLSX_TYPE)).bytes);
    expect(xl.rows(0).some((r) => r[0] === "Station" && r[1] === "Dublin")).toBe(true);
    const xl1 = readXlsx((await blob("reader", "/v1/work_order/download_excel.json", { work_order_id: id, version: 1 }, XLSX_TYPE)).bytes, true);
    expect(xl1.rows(0).find((r) => r[0] === "Version date")?.[1]).toBeInstanceOf(Date);
    expect(xl1.names).toContain("Tasks");
    const tasks = xl1.rows(xl1.names.indexOf("Tasks"));
    expect(tasks[0]).toEqual(["Ref", "Description", "Status", "Man hours"]);
    expect(tasks.slice(1).map((r) => r[3])).toEqual([2.5, 4, null]); // numbers as numbers
    await blobFails("reader", "/v1/work_order/download_pdf.json", { work_order_id: id, version: 9 });

    await fails(422, "reader", "/v1/work_order/update.json", { work_order_id: id, status: "open" });
    await fails(422, "reader", "/v1/work_order/create.json", { ...SKY, kind: "engine", number: "X", title: "X" });
    await ok(Message, "client", "/v1/work_order/delete.json", { work_order_id: id });
    await fails(404, "client", "/v1/work_order/get.json", { work_order_id: id });
  });

  it("logbooks and pages, and the logbook PDF", async () => {
    const lb = await ok(LogbookAnswer, "client", "/v1/logbook/create.json", { ...SKY, title: "Tech Log Test" });
    const lid = lb.logbook.log_book_id;
    await ok(LogbookAnswer, "client", "/v1/logbook/update.json", { log_book_id: lid, title: "Tech Log Test 2" });
    const p1 = await ok(LogbookPageAnswer, "client", "/v1/logbook/page_create.json", {
      log_book_id: lid,
      date: "2026-11-01",
      data: { flight_no: "EI123", defect: "NIL" },
    });
    expect(p1.page.page_no).toBe(1);
    await ok(LogbookPageAnswer, "client", "/v1/logbook/page_create.json", { log_book_id: lid, date: "2026-11-02" });
    await fails(422, "client", "/v1/logbook/page_create.json", { log_book_id: lid, page_no: 1, date: "2026-11-03" });
    await fails(422, "client", "/v1/logbook/page_create.json", { log_book_id: lid, date: "2026-13-01" });
    const p1b = await ok(LogbookPageAnswer, "client", "/v1/logbook/page_update.json", { page_id: p1.page.id, data: { flight_no: "EI124" } });
    expect(p1b.page.data).toEqual({ flight_no: "EI124" });
    const pages = await ok(LogbookPagesAnswer, "reader", "/v1/logbook/pages.json", { log_book_id: lid });
    expect(pages.total).toBe(2);
    const list = await ok(LogbookListAnswer, "reader", "/v1/logbook/list.json", SKY);
    expect(list.logbooks.find((l) => l.log_book_id === lid)?.page_count).toBe(2);
    const pdf = await checkPdf(
      (
        await blob(
          "reader",
          "/v1/ops_data/send_all_logbook_pdf.json",
          { log_book_id: lid, action: "download", org_msn_id: ids["skyline/5123"] },
          "application/pdf"
        )
      ).bytes
    );
    expect(pdf).toContain("EI124");
    await blobFails("reader", "/v1/ops_data/send_all_logbook_pdf.json", { log_book_id: lid, action: "download", org_msn_id: ids["skyline/8842"] });
    await fails(422, "reader", "/v1/logbook/page_delete.json", { page_id: p1.page.id });
    await ok(Message, "client", "/v1/logbook/page_delete.json", { page_id: p1.page.id });
    await ok(Message, "client", "/v1/logbook/delete.json", { log_book_id: lid });
    await fails(404, "client", "/v1/logbook/pages.json", { log_book_id: lid });
  });
});

describe("user access", () => {
  it("answers the access lists of an aircraft", async () => {
    const ops = await ok(MsnAccessUsersAnswer, "reader", "/v1/user_access/ops_get_msn_access.json", { org_msn_id: ids["skyline/5123"] });
    expect(ops.users.find((u) => u.user_id === ids["reader@demo.aero"])).toMatchObject({ access: "read", access_label: "Read Access" });
    const oil = await ok(MsnAccessUsersAnswer, "reader", "/v1/user_access/oil_get_msn_access.json", SKY);
    expect(oil.users.length).toBeGreaterThan(0);
    const mine = await ok(AccessTypeAnswer, "reader", "/v1/user_access/ops_get_user_access_type.json", { org_msn_id: ids["skyline/5123"] });
    expect(mine.access_type).toBe("read");
    const none = await ok(AccessTypeAnswer, "reader", "/v1/user_access/ops_get_user_access_type.json", { org_msn_id: ids["skyline/41230"] });
    expect(none.access_type).toBeNull();
    const both = await ok(UserMsnAccessAnswer, "client", "/v1/user_access/user_msn_access.json", SKY);
    expect(both.access_type).toBe("write");
    const pids = await ok(UserMsnPidsAnswer, "reader", "/v1/user_access/user_msn_pids", {
      user_id: ids["reader@demo.aero"],
      organization: "skyline",
      product: "ops",
    });
    expect(pids.data.map((d) => d.msn_id).sort()).toEqual(["19000612", "20234", "5123", "8842"]);
    await fails(404, "reader", "/v1/user_access/ops_get_msn_access.json", { org_msn_id: ids["skyline/41230"] });
    await fails(404, "mikko", "/v1/user_access/user_msn_pids", { user_id: ids["reader@demo.aero"], organization: "skyline", product: "ops" });
  });

  it("organizations and MSN lists", async () => {
    const admin = await ok(OrganisationsAnswer, "admin", "/v1/user_access/organisation/get.json", undefined, "GET");
    expect(admin.organizations.map((o) => o.organization)).toEqual(expect.arrayContaining(["skyline", "nordic", "vertiport", "meridian"]));
    const client = await ok(OrganisationsAnswer, "client", "/v1/user_access/organisation/get.json", undefined, "GET");
    expect(client.organizations).toEqual([expect.objectContaining({ organization: "skyline", has_ops: true, has_oil: true })]);
    const msns = await ok(MsnIdsAnswer, "reader", "/v1/user_access/msn_id/get_v2.json", { organization: "skyline", product: "ops" });
    expect(msns.total).toBe(4);
    expect(msns.msn_ids.every((m) => m.access_type === "read")).toBe(true);
    const adminMsns = await ok(MsnIdsAnswer, "admin", "/v1/user_access/msn_id/get_v2.json", { organization: "nordic", product: "oil" });
    expect(adminMsns.total).toBe(0);
    await fails(404, "client", "/v1/user_access/msn_id/get_v2.json", { organization: "nordic", product: "ops" });
  });

  it("a Super User grants, changes and revokes access; Edit Access may not", async () => {
    const users = await ok(OrgAllUserAnswer, "emma", "/v1/user_access/ops_get_org_all_user.json", { organization: "skyline" });
    expect(users.users.some((u) => u.email === "reader@demo.aero")).toBe(true);
    await fails(422, "client", "/v1/user_access/ops_get_org_all_user.json", { organization: "skyline" });

    const target = { user_id: ids["reader@demo.aero"], org_msn_id: ids["skyline/41230"], product: "ops" };
    await fails(422, "client", "/v1/user_access/ops/create.json", { ...target, access: "read" });
    await fails(422, "emma", "/v1/user_access/ops/update.json", { ...target, access: "write" });
    const g = await ok(GrantAnswer, "emma", "/v1/user_access/ops/create.json", { ...target, access: "read" });
    expect(g.grants).toEqual([{ org_msn_id: ids["skyline/41230"], msn_id: "41230", access: "read" }]);
    await ok(ListTabsAnswer, "reader", "/v1/ops_tab_info/list_tabs.json", SKY_OTHER);
    await ok(GrantAnswer, "emma", "/v1/user_access/ops/update.json", { ...target, access: "write" });
    expect((await ok(AccessTypeAnswer, "reader", "/v1/user_access/ops_get_user_access_type.json", { org_msn_id: ids["skyline/41230"] })).access_type).toBe(
      "write"
    );
    await ok(GrantAnswer, "emma", "/v1/user_access/ops/delete.json", target);
    await fails(404, "reader", "/v1/ops_tab_info/list_tabs.json", SKY_OTHER);
    // several MSNs at once, by admin
    const many = await ok(GrantAnswer, "admin", "/v1/user_access/ops/create.json", {
      user_id: ids["reader@demo.aero"],
      organization: "skyline",
      msn_ids: ["41230", "1622"],
      access: "read",
      product: "oil",
    });
    expect(many.grants).toHaveLength(2);
    await ok(GrantAnswer, "admin", "/v1/user_access/ops/delete.json", {
      user_id: ids["reader@demo.aero"],
      organization: "skyline",
      msn_ids: ["41230", "1622"],
      product: "oil",
    });
    // another organization's user cannot be granted
    await fails(422, "admin", "/v1/user_access/ops/create.json", {
      user_id: ids["mikko.virtanen@nordic.demo.aero"],
      org_msn_id: ids["skyline/5123"],
      access: "read",
      product: "ops",
    });
    await fails(422, "emma", "/v1/user_access/ops/create.json", {
      user_id: ids["emma.clarke@skyline.demo.aero"],
      org_msn_id: ids["skyline/5123"],
      access: "read",
      product: "ops",
    });
  });

  it("registers an MSN for a product with its fixed and template tabs", async () => {
    const created = await ok(MsnIdCreatedAnswer, "admin", "/v1/user_access/msn_id_created.json", {
      organization: "meridian",
      msn_id: "7777",
      registration: "EI-NEW",
      product: "ops",
      manufacturer: "Airbus",
      model: "A320-200",
    });
    expect(created.created).toBe(true);
    const { tabs } = await ok(ListTabsAnswer, "admin", "/v1/ops_tab_info/list_tabs.json", { organization: "meridian", msn_id: "7777" });
    expect(tabs.map((t) => t.tab_id).slice(0, 2)).toEqual(["generalInformation", "opsNotifications"]);
    expect(tabs.filter((t) => t.source === "stored").length).toBeGreaterThan(2); // the Airbus template tabs were copied
    const gi = await ok(TabDataAnswer, "admin", "/v1/ops_data/get_tab_data.json", { organization: "meridian", msn_id: "7777", tab_id: "generalInformation" });
    expect(gi.rows.some((r) => r.data.Field === "Registration" && r.data.Value === "EI-NEW")).toBe(true);
    const oil = await ok(MsnIdCreatedAnswer, "member", "/v1/user_access/msn_id_created.json", {
      organization: "meridian",
      msn_id: "7777",
      registration: "EI-NEW",
      product: "oil",
    });
    expect(oil.created).toBe(false);
    const orgs = await ok(OrganisationsAnswer, "admin", "/v1/user_access/organisation/get.json", undefined, "GET");
    expect(orgs.organizations.find((o) => o.organization === "meridian")).toMatchObject({ has_ops: true, has_oil: true });
    await fails(422, "admin", "/v1/user_access/msn_id_created.json", { organization: "meridian", msn_id: "7777", registration: "EI-OTHER", product: "ops" });
    await fails(422, "template", "/v1/user_access/msn_id_created.json", { organization: "meridian", msn_id: "7778", registration: "EI-X", product: "oil" });
    await fails(422, "client", "/v1/user_access/msn_id_created.json", { organization: "skyline", msn_id: "7779", registration: "EI-Y", product: "ops" });
    await fails(404, "admin", "/v1/user_access/msn_id_created.json", { organization: "nowhere", msn_id: "1", registration: "X", product: "ops" });
  });
});
