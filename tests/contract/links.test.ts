// Issue 17 items 5-6: linked documents. A document's extracted text suggests a link to the tab row
// that carries the AD number found in it; a user accepts or rejects; links are seen from the row,
// the file and the work order; access rules; and the binders append the linked documents (a PDF's
// pages merged, an image placed), bookmarked under their tab.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setAsideQueuedJobs, startTestUpstream, type TestUpstream } from "../helpers/upstream";
import { readPdf } from "../helpers/pdf-text";
import { renderPdf } from "../../upstream/lib/pdf";
import { scannedPagePng } from "../../upstream/lib/sample-files";
import { findToken, isIdentifier, rowLabel } from "../../upstream/main/links";
import { AircraftListAnswer, IndexFilesAnswer, UploadLinkAnswer } from "~/models/schemas/storage";
import { LinkAnswer, LinkCountsAnswer, LinkTargetsAnswer, LinksAnswer } from "~/models/schemas/links";

type Headers = Record<string, string>;

describe("identifiers", () => {
  it("takes AD, SB, part and serial numbers, not dates, plain numbers or words", () => {
    for (const v of ["2019-0123-04", "72-0345", "3214552-05", "SN12345", "PW127M-889"]) expect(isIdentifier(v), v).toBe(true);
    for (const v of ["2026-01-15", "12345", "17,890.5", "Landing gear", "A1", "abc", "Airbus A320-200"]) expect(isIdentifier(v), v).toBe(false);
    expect(isIdentifier("598211", "ESN")).toBe(true);
    expect(isIdentifier("598211", "Cycles")).toBe(false);
  });
  it("matches whole tokens only", () => {
    expect(findToken("AD 2019-0123 COMPLIED", "2019-0123")).toBe(3);
    expect(findToken("AD 2019-01234 COMPLIED", "2019-0123")).toBe(-1);
    expect(findToken("X2019-0123", "2019-0123")).toBe(-1);
  });
  it("labels a row by its first filled cells in column order", () => {
    expect(rowLabel("AD Status", 3, { Subject: "Gear", "AD Number": "2019-0123", ATA: "" }, ["AD Number", "ATA", "Subject"])).toBe("AD Status, row 3: 2019-0123 · Gear");
  });
});

describe("linked documents", () => {
  let up: TestUpstream;
  let client: Headers, reader: Headers, jonas: Headers;
  let A: { id: number };
  let B: { id: number };
  let adRow: { id: number; ad: string; tab_key: string };
  let pdfId: number, pngId: number;

  async function api(method: string, p: string, headers: Headers, body?: unknown, base = up.mainUrl) {
    const res = await fetch(`${base}${p}`, {
      method,
      headers: { ...headers, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const type = res.headers.get("content-type") ?? "";
    if (type.includes("json")) return { status: res.status, body: (await res.json()) as any, bytes: null };
    return { status: res.status, body: null as any, bytes: new Uint8Array(await res.arrayBuffer()) };
  }

  async function upload(headers: Headers, aircraftId: number, name: string, data: Uint8Array) {
    const link = UploadLinkAnswer.parse((await api("POST", "/storage/v2/files/upload_link.json", headers, { aircraft_id: aircraftId, dir: "/" })).body);
    const form = new FormData();
    for (const [k, v] of Object.entries(link.url_fields)) form.append(k, v);
    form.append("key", `${link.key_prefix}${name}`);
    form.append("file", new Blob([Buffer.from(data)]), name);
    expect((await fetch(link.url, { method: "POST", body: form })).status).toBe(204);
    const idx = await api("POST", "/storage/v2/files/index_files.json", headers, { key: link.key_prefix, files: [{ path: name, size: data.length }], aircraft_id: aircraftId, dir: "/" });
    return IndexFilesAnswer.parse(idx.body).indexed[0]!.id;
  }

  const links = async (who: Headers, q = "") => LinksAnswer.parse((await api("GET", `/storage/v2/aircraft/${A.id}/links.json${q}`, who)).body);

  beforeAll(async () => {
    up = await startTestUpstream();
    [client, reader, jonas] = await Promise.all(["client@demo.aero", "reader@demo.aero", "jonas.berg@nordic.demo.aero"].map((e) => up.signIn(e)));
    const list = AircraftListAnswer.parse((await api("GET", "/storage/v2/aircraft.json", client)).body);
    A = list.aircrafts.find((a) => a.msn === "5123")!;
    B = list.aircrafts.find((a) => a.msn === "41230")!;
    const db = up.upstream.deps.db;
    const row = await db
      .selectFrom("tab_rows as r")
      .innerJoin("tabs as t", "t.id", "r.tab_id")
      .select(["r.id", "r.data", "t.tab_key"])
      .where("t.aircraft_id", "=", A.id)
      .where("t.tab_name", "=", "AD Status")
      .orderBy("r.position", "desc")
      .executeTakeFirstOrThrow();
    adRow = { id: row.id, ad: JSON.parse(row.data)["AD Number"], tab_key: row.tab_key };
    expect(isIdentifier(adRow.ad)).toBe(true);
    // Only the new documents' text is extracted here (the seed's are left pending): quicker.
    await setAsideQueuedJobs(up.upstream);
    const pdf = await renderPdf({ title: "Compliance Statement", sections: [{ lines: ["Cover page"] }, { heading: "Record", bookmark: true, lines: [`Airworthiness Directive ${adRow.ad} was accomplished. Inspector NUMBAT signed.`] }] });
    pdfId = await upload(client, A.id, "AD compliance statement.pdf", pdf);
    pngId = await upload(client, A.id, "Gear photo.png", await scannedPagePng({ lines: ["MAIN GEAR LEFT", "CORROSION NIL"], seed: 5 }));
    await up.upstream.drainJobs();
  }, 180_000);
  afterAll(async () => up?.close());

  it("suggests the row whose AD number is in the document's text, with the page", async () => {
    const l = await links(client);
    const s = l.suggestions.find((x) => x.file.id === pdfId && x.target.row_id === adRow.id);
    expect(s, JSON.stringify(l.suggestions.map((x) => [x.file.name, x.reason]))).toBeTruthy();
    expect(s!.reason).toContain(adRow.ad);
    expect(s!.page).toBe(2);
    expect(s!.target).toMatchObject({ kind: "row", tab_key: adRow.tab_key, tab_name: "AD Status" });
    expect(l.can_write).toBe(true);
  });

  it("keeps the access rules: a reader reads but may not decide; another organization sees nothing", async () => {
    const r = await links(reader);
    expect(r.can_write).toBe(false);
    const s = r.suggestions.find((x) => x.file.id === pdfId)!;
    const refused = await api("POST", "/storage/v2/links/decide.json", reader, { link_id: s.id, decision: "accept" });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatch(/Read Access/);
    expect((await api("GET", `/storage/v2/aircraft/${A.id}/links.json`, jonas)).status).toBe(404);
    expect((await api("POST", "/storage/v2/links/decide.json", jonas, { link_id: s.id, decision: "accept" })).status).toBe(404);
    expect((await links(client)).suggestions.find((x) => x.id === s.id)?.status).toBe("suggested");
  });

  it("accepts a suggestion; the link is seen from the row, the file and the tab", async () => {
    const s = (await links(client)).suggestions.find((x) => x.file.id === pdfId && x.target.row_id === adRow.id)!;
    const a = LinkAnswer.parse((await api("POST", "/storage/v2/links/decide.json", client, { link_id: s.id, decision: "accept" })).body);
    expect(a.message).toMatch(/is linked/);
    const byRow = await links(client, `?row_id=${adRow.id}`);
    expect(byRow.links.map((x) => x.file.name)).toContain("AD compliance statement.pdf");
    const byFile = await links(client, `?file_id=${pdfId}`);
    expect(byFile.links.map((x) => x.target.row_id)).toContain(adRow.id);
    const byTab = await links(client, `?tab_key=${encodeURIComponent(adRow.tab_key)}`);
    expect(byTab.links.some((x) => x.file.id === pdfId)).toBe(true);
    expect((await api("POST", "/storage/v2/links/decide.json", client, { link_id: s.id, decision: "accept" })).status).toBe(422);

    // The count call agrees with the lists, per row of the tab and per work order; suggestions are not counted.
    const counts = LinkCountsAnswer.parse((await api("GET", `/storage/v2/aircraft/${A.id}/link_counts.json?tab_key=${encodeURIComponent(adRow.tab_key)}`, client)).body);
    expect(counts.rows[String(adRow.id)]).toBe(byRow.links.length);
    const perRow: Record<string, number> = {};
    for (const l of byTab.links) perRow[String(l.target.row_id)] = (perRow[String(l.target.row_id)] ?? 0) + 1;
    expect(counts.rows).toEqual(perRow);
    expect(counts.work_orders).toEqual({});
    const all = LinkCountsAnswer.parse((await api("GET", `/storage/v2/aircraft/${A.id}/link_counts.json`, reader)).body);
    expect(Object.values(all.rows).reduce((a, b) => a + b, 0) + Object.values(all.work_orders).reduce((a, b) => a + b, 0)).toBe((await links(client)).links.length);
    expect((await api("GET", `/storage/v2/aircraft/${A.id}/link_counts.json`, jonas)).status).toBe(404);
  });

  it("links by hand, refuses a duplicate and another aircraft's row, rejects for good", async () => {
    const targets = LinkTargetsAnswer.parse((await api("GET", `/storage/v2/aircraft/${A.id}/link_targets.json`, client)).body);
    const ad = targets.groups.find((g) => g.tab_key === adRow.tab_key)!;
    expect(ad.options.map((o) => o.row_id)).toContain(adRow.id);
    const made = await api("POST", "/storage/v2/links.json", client, { aircraft_id: A.id, file_id: pngId, row_id: adRow.id });
    expect(made.status).toBe(200);
    expect(made.body.message).toMatch(/Gear photo\.png is linked to AD Status, row/);
    const again = await api("POST", "/storage/v2/links.json", client, { aircraft_id: A.id, file_id: pngId, row_id: adRow.id });
    expect(again.status).toBe(422);
    expect(again.body.error).toMatch(/already linked/);
    const otherRow = await up.upstream.deps.db.selectFrom("tab_rows as r").innerJoin("tabs as t", "t.id", "r.tab_id").select("r.id").where("t.aircraft_id", "=", B.id).executeTakeFirstOrThrow();
    expect((await api("POST", "/storage/v2/links.json", client, { aircraft_id: A.id, file_id: pngId, row_id: otherRow.id })).status).toBe(404);
    expect((await api("POST", "/storage/v2/links.json", client, { aircraft_id: A.id, file_id: pngId })).status).toBe(422);
    expect((await api("POST", "/storage/v2/links.json", reader, { aircraft_id: A.id, file_id: pngId, row_id: adRow.id + 1 })).status).toBe(422);

    // Reject the remaining suggestions of the PDF; a new scan does not bring them back.
    const left = (await links(client)).suggestions.filter((x) => x.file.id === pdfId);
    for (const s of left) expect((await api("POST", "/storage/v2/links/decide.json", client, { link_id: s.id, decision: "reject" })).status).toBe(200);
    expect((await api("POST", "/storage/v2/links/scan.json", client, { aircraft_id: A.id })).status).toBe(200);
    await up.upstream.drainJobs();
    expect((await links(client)).suggestions.filter((x) => x.file.id === pdfId)).toHaveLength(0);
  });

  it("the binders carry the linked documents after their tab, merged and bookmarked", async () => {
    const SKY = { organization: "skyline", msn_id: "5123" };
    const full = await api("POST", "/v1/ops_data/binder_download.json", client, { ...SKY, tab_id: adRow.tab_key, kind: "full" }, up.opsUrl);
    expect(full.status).toBe(200);
    const pdf = await readPdf(full.bytes!);
    expect(pdf.outline).toContain("AD Status");
    expect(pdf.outline).toContain("AD compliance statement.pdf");
    expect(pdf.outline).toContain("Gear photo.png");
    expect(pdf.outline.indexOf("AD compliance statement.pdf")).toBe(pdf.outline.indexOf("AD Status") + 1 + pdf.outline.slice(pdf.outline.indexOf("AD Status") + 1).indexOf("AD compliance statement.pdf"));
    // The document's own words are inside the binder, on a page after the AD Status tab.
    const page = pdf.pageText.findIndex((t) => t.includes("NUMBAT"));
    expect(page).toBeGreaterThan(0);
    expect(pdf.pageText[0]).toMatch(/Contents/);
    expect(pdf.pageText[page]).toMatch(new RegExp(`Page ${page + 1} of ${pdf.pages}`));
    // The contents lists the document with the page of its divider.
    expect(pdf.pageText[0]).toContain("AD compliance statement.pdf");
    const current = await api("POST", "/v1/ops_data/binder_download.json", client, { ...SKY, tab_id: adRow.tab_key, kind: "current" }, up.opsUrl);
    const cur = await readPdf(current.bytes!);
    expect(cur.text).toContain("NUMBAT");
    expect(cur.outline).toEqual(expect.arrayContaining(["AD Status", "AD compliance statement.pdf", "Gear photo.png"]));

    // Unlinked, the document leaves the binder.
    const l = (await links(client, `?file_id=${pdfId}`)).links[0]!;
    expect((await api("POST", "/storage/v2/links/decide.json", client, { link_id: l.id, decision: "unlink" })).status).toBe(200);
    const after = await readPdf((await api("POST", "/v1/ops_data/binder_download.json", client, { ...SKY, tab_id: adRow.tab_key, kind: "current" }, up.opsUrl)).bytes!);
    expect(after.text).not.toContain("NUMBAT");
  }, 60_000);
});

describe("linked documents and the trash", () => {
  it("a link follows its file into the trash and back; emptying the trash removes it", async () => {
    const up = await startTestUpstream();
    try {
      const h = await up.signIn("client@demo.aero");
      const db = up.upstream.deps.db;
      const link = await db.selectFrom("document_links").select(["id", "file_id", "aircraft_id"]).where("status", "=", "linked").executeTakeFirst();
      // The small seed has no status reports: make one link by hand.
      const row = await db.selectFrom("tab_rows as r").innerJoin("tabs as t", "t.id", "r.tab_id").select(["r.id", "t.aircraft_id"]).where("t.is_template", "=", 0).where("t.aircraft_id", "is not", null).executeTakeFirstOrThrow();
      const file = link ?? (await db.selectFrom("storage_items").select(["id as file_id", "aircraft_id"]).where("aircraft_id", "=", row.aircraft_id!).where("is_folder", "=", 0).executeTakeFirstOrThrow());
      const call = async (method: string, p: string, body?: unknown) => {
        const res = await fetch(`${up.mainUrl}${p}`, { method, headers: { ...h, "content-type": "application/json" }, body: body ? JSON.stringify(body) : undefined });
        return { status: res.status, body: (await res.json()) as any };
      };
      if (!link) expect((await call("POST", "/storage/v2/links.json", { aircraft_id: file.aircraft_id, file_id: file.file_id, row_id: row.id })).status).toBe(200);
      const count = async () => LinksAnswer.parse((await call("GET", `/storage/v2/aircraft/${file.aircraft_id}/links.json`)).body).links.filter((l) => l.file.id === file.file_id).length;
      expect(await count()).toBe(1);
      expect((await call("POST", "/storage/v2/files/delete.json", { aircraft_id: file.aircraft_id, ids: [file.file_id] })).status).toBe(200);
      expect(await count()).toBe(0);
      const trash = (await call("GET", `/storage/v2/aircraft/${file.aircraft_id}/trash.json`)).body;
      const entry = trash.entries.find((e: any) => e.item_id === file.file_id) ?? trash.entries[0];
      expect((await call("POST", "/storage/v2/trash/restore.json", { aircraft_id: file.aircraft_id, entry_id: entry.id })).status).toBe(200);
      expect(await count()).toBe(1);
      // Deleted again and emptied by the trash job after the retention period: the link goes.
      expect((await call("POST", "/storage/v2/files/delete.json", { aircraft_id: file.aircraft_id, ids: [file.file_id] })).status).toBe(200);
      up.clock.advance(31 * 86_400_000);
      const { sweepTrash } = await import("../../upstream/records/trash");
      await sweepTrash(up.upstream.deps);
      expect((await db.selectFrom("document_links").select("id").where("file_id", "=", file.file_id).execute()).length).toBe(0);
    } finally {
      await up.close();
    }
  }, 60_000);
});
