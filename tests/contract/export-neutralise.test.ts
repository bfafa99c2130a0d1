// Formula injection in exports (issue 29 item 6, ADR 069), over HTTP against the embedded upstream:
// a tab's text cells that begin with =, +, -, @, a tab or a carriage return come out of the Excel
// export and the data file package (DFP) with an apostrophe in front, numbers and dates stay typed
// cells, and the DFP imported again gives back exactly the values it was made from.
import ExcelJS from "exceljs";
import * as XLSX from "@e965/xlsx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestUpstream, upstreamFetch, type TestUpstream } from "../helpers/upstream";
import { TabAnswer, TabDataAnswer, UploadAnswer } from "../../app/models/schemas/ops";

const SKY = { organization: "skyline", msn_id: "5123" };
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
/** The text cells of the tab, in row order: every one a spreadsheet would take for a formula, and two it would not. */
const TEXTS = ["=1+2", "+A1", "-x", "@SUM(A1)", "\tx", "\rx", "'=kept as typed", "plain text"];

let up: TestUpstream;
const H: Record<string, Record<string, string>> = {};
let tabId = "";

const call = async (who: string, path: string, body: unknown) => {
  const res = await upstreamFetch(`${up.opsUrl}${path}`, "POST", H[who], body);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res;
};
async function upload(path: string, fields: Record<string, string>, bytes: Uint8Array, name: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set("file", new File([new Uint8Array(bytes)], name));
  return fetch(`${up.opsUrl}${path}`, { method: "POST", headers: H.client, body: form });
}
const rowsOf = async () => TabDataAnswer.parse(await (await call("client", "/v1/ops_data/get_tab_data.json", { ...SKY, tab_id: tabId, per_page: 500 })).json()).rows.map((r) => r.data);

beforeAll(async () => {
  up = await startTestUpstream();
  H.emma = await up.signIn("emma.clarke@skyline.demo.aero"); // a Super User of Skyline: creates the tab
  H.client = await up.signIn("client@demo.aero");
  const created = TabAnswer.parse(
    await (
      await call("emma", "/v1/ops_tab_info/create.json", {
        ...SKY,
        tab_name: "Formula probe",
        columns: [{ name: "Text" }, { name: "Qty", type: "number" }, { name: "Due", type: "date" }],
      })
    ).json(),
  );
  tabId = created.tab.tab_id;
  for (const [i, text] of TEXTS.entries()) {
    const item = i === 0 ? { Text: text, Qty: -5, Due: "2026-03-01" } : { Text: text };
    await call("client", "/v1/ops_data/add_ops_data_v2.json", { ...SKY, tab_id: tabId, item });
  }
});
afterAll(() => up?.close());

async function sheetOf(bytes: Uint8Array) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return wb.worksheets[0]!;
}

describe("exported text cells that begin like a formula", () => {
  it("the tab holds the values as typed", async () => {
    const rows = await rowsOf();
    expect(rows.map((r) => r.Text)).toEqual(TEXTS);
    expect(rows[0]).toMatchObject({ Qty: -5, Due: "2026-03-01" });
  });

  for (const [label, path] of [
    ["the Excel export", "/v1/excel_export/ops_download.json"],
    ["the data file package", "/v1/ops_data/download_dfp.json"],
  ] as const) {
    it(`${label}: an apostrophe in front of each, the number and the date typed`, async () => {
      const res = await call("client", path, { ...SKY, tab_id: tabId });
      expect(res.headers.get("content-type")).toBe(XLSX_TYPE);
      const bytes = new Uint8Array(await res.arrayBuffer());
      const ws = await sheetOf(bytes);
      expect((ws.getRow(1).values as unknown[]).slice(1, 4)).toEqual(["Text", "Qty", "Due"]);
      const texts = TEXTS.map((_, i) => ws.getRow(i + 2).getCell(1));
      for (const cell of texts) expect(cell.type).toBe(ExcelJS.ValueType.String);
      for (const cell of texts.slice(0, 7)) expect(String(cell.value)).toMatch(/^'/);
      expect(texts[7]!.value).toBe("plain text");
      const qty = ws.getRow(2).getCell(2);
      expect(qty.type).toBe(ExcelJS.ValueType.Number);
      expect(qty.value).toBe(-5);
      const due = ws.getRow(2).getCell(3);
      expect(due.type).toBe(ExcelJS.ValueType.Date);
      expect((due.value as Date).toISOString().slice(0, 10)).toBe("2026-03-01");
      // The exact text as SheetJS reads it (an XML parser such as ExcelJS's turns the stored CR into
      // LF), a number cell, a date-formatted number.
      const sheet = XLSX.read(bytes, { type: "array" });
      const first = sheet.Sheets[sheet.SheetNames[0]!]!;
      expect(TEXTS.map((_, i) => first[`A${i + 2}`]?.v)).toEqual(["'=1+2", "'+A1", "'-x", "'@SUM(A1)", "'\tx", "'\rx", "''=kept as typed", "plain text"]);
      for (let i = 0; i < TEXTS.length; i++) expect(first[`A${i + 2}`]?.t).toBe("s");
      expect(first.B2).toMatchObject({ t: "n", v: -5 });
      expect(first.C2).toMatchObject({ t: "n", w: "2026-03-01" }); // a serial shown with the date format
      expect(first.A2.f).toBeUndefined(); // never a formula
    });
  }

  it("the data file package imported again gives back the values it was made from", async () => {
    const before = await rowsOf();
    const res = await call("client", "/v1/ops_data/download_dfp.json", { ...SKY, tab_id: tabId });
    const bytes = new Uint8Array(await res.arrayBuffer());
    const check = await upload("/v1/ops_data/validate_tab_data.json", { ...SKY, tab_id: tabId }, bytes, "probe_DFP.xlsx");
    expect(check.status).toBe(200);
    expect(check.headers.get("x-validation-errors")).toBe("0");
    const imported = await upload("/v1/ops_data/upload_ops_data.json", { ...SKY, tab_id: tabId, mode: "replace" }, bytes, "probe_DFP.xlsx");
    expect(imported.status).toBe(200);
    expect(UploadAnswer.parse(await imported.json())).toMatchObject({ imported: TEXTS.length, total: TEXTS.length });
    const after = await rowsOf();
    expect(after).toEqual(before);
    expect(after.map((r) => r.Text)).toEqual(TEXTS);
  });

  it("a CSV saved from the export reads back the same way (one apostrophe taken away, only before a formula character)", async () => {
    const csv = 'Text,Qty,Due\n"\'=1+2",-5,2026-03-01\n"\'\'=kept as typed",,\n"\'plain",,\n';
    const imported = await upload("/v1/ops_data/upload_ops_data.json", { ...SKY, tab_id: tabId, mode: "replace" }, new TextEncoder().encode(csv), "probe.csv");
    expect(imported.status).toBe(200);
    const after = await rowsOf();
    expect(after.map((r) => r.Text)).toEqual(["=1+2", "'=kept as typed", "'plain"]);
    expect(after[0]).toMatchObject({ Qty: -5, Due: "2026-03-01" });
  });
});
