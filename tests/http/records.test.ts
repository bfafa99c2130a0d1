// Records kept and reported as a browser without JavaScript uses them (the no-JS runs of the
// records-recovery, inventory, links and ocr specs): versions and the trash, retention rules and
// legal holds, the Inventory Report and its downloads, linked documents, the OCR Report. Each step
// is a GET or a form post followed to the next page; effects are checked through the main API.
//
// The servers of these tests run no background jobs, so no file's text is ever extracted: the flows
// that need extracted text (a low-confidence file's row on the OCR Report, a suggested link, a word
// found inside a PDF) are not here.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { formatBytes } from "../../app/models/size";
import { startPortal, type HttpPage, type Portal, type UpstreamApi } from "../helpers/http-browser";
import { bytesOf } from "../helpers/file-bytes";
import { readPdf } from "../helpers/pdf-text";
import {
  bodyRows,
  clean,
  createFolderAndOpen,
  dialog,
  dialogs,
  downloadName,
  linkIn,
  main,
  openFirstAircraft,
  row,
  rowAction,
  rows,
  stamp,
  table,
  textFile,
  upload,
} from "./storage-pages";

let portal: Portal;
beforeAll(async () => {
  portal = await startPortal();
}, 120_000);
afterAll(async () => {
  await portal?.close();
}, 120_000);

/** The names in a folder, as the main API lists them to that user. */
async function namesIn(api: UpstreamApi, aircraftId: string | number, dir: string): Promise<string[]> {
  const res = await api.main("GET", `/storage/v2/aircraft/${aircraftId}/files.json?dir=${encodeURIComponent(dir)}&per_page=200`);
  expect(res.status).toBe(200);
  return (res.body.contents as { name: string }[]).map((c) => c.name).sort();
}

/** The rows of a table whose text matches. */
const rowsWith = (t: Element | null, text: string | RegExp) => [...(t?.querySelectorAll("tr") ?? [])].filter((r) => (typeof text === "string" ? clean(r.textContent).includes(text) : text.test(clean(r.textContent))));

/** Deletes an item of the listing through its row's Delete dialog; answers the page the post lands on. */
async function deleteThroughDialog(page: HttpPage, name: string, kind: "folder" | "file"): Promise<HttpPage> {
  const confirm = await rowAction(page, name, "Delete");
  expect(dialog(confirm, kind === "folder" ? "Delete folder" : "Delete file")).not.toBeNull();
  return confirm.form({ action: "/storage/delete", button: "Delete" }).submit("Delete");
}

describe("versions, the trash and retention (records-recovery.both.spec.ts)", () => {
  test("a same-named upload keeps a version; downloading and restoring it bring the old bytes back", async () => {
    const s = stamp();
    const name = `AMM revision ${s}.pdf`;
    const first = bytesOf(20_011, 7);
    const second = bytesOf(31_007, 8);
    const b = portal.browser();
    await b.signIn("client@demo.aero");
    const { page: listing, base, aircraftId } = await openFirstAircraft(b);
    let page = await createFolderAndOpen(listing, `Versions ${s}`);
    const folderUrl = page.path;
    page = await upload(page, [{ name, type: "application/pdf", bytes: first }], "1 file uploaded.");
    page = await upload(page, [{ name, type: "application/pdf", bytes: second }], "1 file uploaded.");
    expect(rows(page, name)).toHaveLength(1);
    expect(clean(row(page, name).querySelector("td[data-size]")!.textContent)).toBe(formatBytes(second.length));

    // The row's menu leads to the versions.
    page = await rowAction(page, name, "Versions");
    expect(page.path).toMatch(new RegExp(`^${base.replace(/\/files$/, "")}/versions\\?fileid=\\d+$`));
    expect(page.h1s()).toEqual([`Versions of ${name}`]);
    const versionsUrl = page.path;
    let versions = table(page, `Versions of ${name}`)!;
    expect(bodyRows(versions)).toHaveLength(2);
    expect(clean(versions.querySelector("tr[data-version='2']")!.textContent)).toContain("Current");
    expect(clean(versions.querySelector("tr[data-version='1'] td[data-size]")!.textContent)).toBe(formatBytes(first.length));
    // Who filed it: client@demo.aero's name in the demo seed.
    expect(clean(versions.querySelector("tr[data-version='1']")!.textContent)).toContain("Claire Fitzgerald");

    const old = await b.open(linkIn(versions, "Download version 1"));
    expect(old.status).toBe(200);
    expect(downloadName(old)).toBe(name);
    expect(Buffer.from(old.body).equals(first)).toBe(true);

    // Restore: a confirmation step rendered by the server, Cancel keeps everything.
    page = await page.click("Restore version 1", "main#main");
    expect(page.path).toMatch(/restore=\d+/);
    const confirm = dialog(page, "Restore version 1?");
    expect(clean(confirm?.textContent)).toContain("The current content is kept as version 2");
    page = await page.click("Cancel", "dialog");
    expect(dialogs(page)).toHaveLength(0);
    expect(bodyRows(table(page, `Versions of ${name}`))).toHaveLength(2);
    page = await page.click("Restore version 1", "main#main");
    page = await page.form({ button: "Restore version 1" }).submit("Restore version 1");
    expect(page.toast()).toBe(`Version 1 of ${name} restored: it is now the current version.`);
    expect(page.path).toBe(versionsUrl);
    versions = table(page, `Versions of ${name}`)!;
    expect(bodyRows(versions)).toHaveLength(3);
    expect(clean(versions.querySelector("tr[data-version='3'] td[data-size]")!.textContent)).toBe(formatBytes(first.length));
    const current = await b.open(linkIn(versions, "Download version 3"));
    expect(Buffer.from(current.body).equals(first)).toBe(true);

    // The listing shows the restored content; the API lists the three versions.
    page = await b.open(folderUrl);
    expect(clean(row(page, name).querySelector("td[data-size]")!.textContent)).toBe(formatBytes(first.length));
    const api = await portal.api("client@demo.aero");
    const fileId = new URL(versionsUrl, portal.url).searchParams.get("fileid");
    const listed = await api.main("GET", `/storage/v2/aircraft/${aircraftId}/versions.json?fileid=${fileId}`);
    expect(listed.status).toBe(200);
    expect((listed.body.versions as { number: number; current: boolean; size: number }[]).map((v) => [v.number, v.current, v.size])).toEqual([
      [3, true, first.length],
      [2, false, second.length],
      [1, false, first.length],
    ]);
  });

  test("a deleted folder goes to the trash and is restored with its files", async () => {
    const s = stamp();
    const folder = `Binned ${s}`;
    const files = [`work order ${s}.txt`, `release ${s}.txt`];
    const b = portal.browser();
    await b.signIn("client@demo.aero");
    const { page: listing, base, aircraftId } = await openFirstAircraft(b);
    let page = await createFolderAndOpen(listing, folder);
    page = await upload(
      page,
      files.map((n, i) => ({ name: n, type: "text/plain", bytes: bytesOf(1000 + i, i + 3) })),
      "2 files uploaded."
    );
    page = await b.open(base);
    const confirm = await rowAction(page, folder, "Delete");
    expect(clean(dialog(confirm, "Delete folder")?.textContent)).toContain("trash");
    page = await confirm.form({ action: "/storage/delete", button: "Delete" }).submit("Delete");
    expect(page.toast()).toBe("1 item moved to the trash.");
    expect(rows(page, folder)).toHaveLength(0);

    // The toolbar's Trash (the side navigation has it too).
    page = await page.click("Trash", "main#main");
    expect(page.pathname).toMatch(/^\/storage\/aircraft\/\d+\/trash$/);
    expect(page.h1s()).toEqual(["Trash"]);
    expect(page.links("nav").some((l) => l.text === "Trash")).toBe(true);
    const entry = rowsWith(table(page, "Deleted files and folders"), folder);
    expect(entry).toHaveLength(1);
    expect(clean(entry[0]!.textContent)).toContain("2 files");
    expect(clean(entry[0]!.textContent)).toContain("Claire Fitzgerald");
    expect(clean(entry[0]!.textContent)).toContain("after");

    page = await b.open(linkIn(entry[0]!, `Restore ${folder}`));
    const restore = dialog(page, `Restore “${folder}”?`);
    expect(clean(restore?.textContent)).toContain("The folder and its 2 files go back to /");
    page = await page.form({ button: "Restore" }).submit("Restore");
    expect(page.toast()).toBe(`"${folder}" restored to /.`);
    expect(rowsWith(table(page, "Deleted files and folders"), folder)).toHaveLength(0);

    page = await b.open(base);
    page = await page.click(folder, "main#main");
    for (const f of files) expect(rows(page, f)).toHaveLength(1);
    const api = await portal.api("client@demo.aero");
    expect(await namesIn(api, aircraftId, `/${folder}`)).toEqual([...files].sort());
    const trash = await api.main("GET", `/storage/v2/aircraft/${aircraftId}/trash.json`);
    expect(JSON.stringify(trash.body.entries)).not.toContain(folder);
  });

  test("a reader sees no trash and no versions to restore", async () => {
    const b = portal.browser();
    await b.signIn("reader@demo.aero");
    const { page: listing, base } = await openFirstAircraft(b);
    expect(listing.links("main#main").filter((l) => l.text === "Trash")).toEqual([]);
    const folderRow = main(listing).querySelector("tbody tr[data-kind='folder']")!;
    const page = await b.open(folderRow.querySelector("a[href]")!.getAttribute("href")!);
    const fileRow = main(page).querySelector("tbody tr[data-kind='file']")!;
    expect(fileRow.querySelector("details summary")).not.toBeNull();
    expect([...fileRow.querySelectorAll("a")].filter((a) => clean(a.textContent) === "Versions")).toHaveLength(0);
    const fileId = fileRow.getAttribute("data-item-id");

    const trash = await b.open(base.replace(/\/files$/, "/trash"));
    expect(trash.text("[data-refusal]")).toBe("Only users with Edit Access to this aircraft see its file versions and its trash.");
    expect(trash.links().filter((l) => /^Restore/.test(l.text))).toEqual([]);
    const versions = await b.open(`${base.replace(/\/files$/, "/versions")}?fileid=${fileId}`);
    expect(versions.text("[data-refusal]")).toContain("Edit Access");
    expect(versions.doc.querySelectorAll("table")).toHaveLength(0);
  });

  test("an admin's retention rule and legal hold refuse deletes with their message", async () => {
    const s = stamp();
    const b = portal.browser();
    const landing = await b.signIn("admin@demo.aero");
    let page = await landing.click("Records retention");
    expect(page.pathname).toBe("/admin/retention");
    expect(page.h1s()).toEqual(["Records retention"]);
    expect(bodyRows(table(page, "Retention rules"))).toHaveLength(12);
    const rule = (p: HttpPage, key: string) => table(p, "Retention rules")!.querySelector(`tr[data-class='${key}']`)!;
    let form = page.form({ name: "Retention of Certificates" });
    form.set("keep", "life");
    page = await form.submit("Save");
    expect(page.toast()).toBe("Certificates: kept for the life of the aircraft.");
    expect(clean(rule(page, "certificates").textContent)).toContain("For the life of the aircraft");
    // Years without a number: refused with the reason, nothing changes.
    form = page.form({ name: "Retention of AD Status" });
    form.set("keep", "years");
    page = await form.submit("Save");
    expect(page.toast()).toContain("Enter the number of years");
    expect(rule(page, "ad-status").getAttribute("data-keep")).toBe("none");
    const adminApi = await portal.api("admin@demo.aero");
    const keep = async (key: string) => ((await adminApi.main("GET", "/storage/v2/retention.json")).body.classes as { key: string; keep: string }[]).find((c) => c.key === key)?.keep;
    expect(await keep("certificates")).toBe("life");
    expect(await keep("ad-status")).toBe("none");

    // A delete against the rule: refused with the message, the file stays.
    const { page: listing, base, aircraftId } = await openFirstAircraft(b);
    const aircraftName = clean(main(listing).querySelector("h1")!.textContent);
    page = await listing.click("01 Certificates", "main#main");
    expect(page.text("nav[aria-label='Folder path']")).toContain("01 Certificates");
    const file = clean(main(page).querySelector("tbody tr[data-kind='file'] a[download]")!.textContent);
    page = await deleteThroughDialog(page, file, "file");
    expect(page.toast()).toContain("cannot be deleted: Certificates records are kept for the life of the aircraft.");
    page = await b.open(`${base}?dir=${encodeURIComponent("/01 Certificates")}`);
    expect(rows(page, file)).toHaveLength(1);

    // A legal hold on that aircraft: nothing of it can be deleted.
    page = await b.open("/admin/retention");
    const hold = page.form({ name: "Place a legal hold" });
    const option = [...hold.el.querySelectorAll("option")].find((o) => clean(o.textContent).includes(`${aircraftName} · MSN`))!;
    hold.set("aircraft_id", option.getAttribute("value")!);
    hold.set("reason", `Litigation ${s}`);
    page = await hold.submit("Place legal hold");
    expect(page.toast()).toContain("is under a legal hold: nothing of its records can be deleted.");
    expect(clean(table(page, "Legal holds")?.textContent)).toContain(`Litigation ${s}`);
    const legalHold = async () => (await adminApi.main("GET", `/storage/v2/aircraft/${aircraftId}/trash.json`)).body.legal_hold;
    expect(JSON.stringify(await legalHold())).toContain(`Litigation ${s}`);

    page = await b.open(base);
    await createFolderAndOpen(page, `Held ${s}`);
    page = await deleteThroughDialog(await b.open(base), `Held ${s}`, "folder");
    expect(page.toast()).toContain(`is under a legal hold (Litigation ${s})`);
    expect(rows(page, `Held ${s}`)).toHaveLength(1);
    page = await b.open(base.replace(/\/files$/, "/trash"));
    expect(page.text("[data-legal-hold]")).toContain(`Litigation ${s}`);

    // Released (a confirmation step), the delete goes through; the rule is lifted again.
    page = await b.open("/admin/retention");
    page = await page.click(`Release the hold on ${aircraftName}`, "main#main");
    expect(dialog(page, `Release the legal hold on ${aircraftName}?`)).not.toBeNull();
    page = await page.form({ button: "Release the hold" }).submit("Release the hold");
    expect(page.toast()).toContain("is released.");
    expect(page.text("main#main")).toContain("No aircraft is under a legal hold.");
    expect(await legalHold()).toBeNull();
    form = page.form({ name: "Retention of Certificates" });
    form.set("keep", "none");
    page = await form.submit("Save");
    expect(page.toast()).toBe("Certificates: no retention rule.");
    expect(await keep("certificates")).toBe("none");
    page = await deleteThroughDialog(await b.open(base), `Held ${s}`, "folder");
    expect(page.toast()).toBe("1 item moved to the trash.");
    expect(rows(page, `Held ${s}`)).toHaveLength(0);
  });

  test("a member reads the retention rules without forms", async () => {
    const b = portal.browser();
    await b.signIn("member@demo.aero");
    const page = await b.open("/admin/retention");
    expect(page.status).toBe(200);
    expect(bodyRows(table(page, "Retention rules"))).toHaveLength(12);
    expect(page.text("main#main")).toContain("Only an admin can change these rules.");
    expect(page.forms().some((f) => f.buttons().includes("Save"))).toBe(false);
    expect(page.forms().some((f) => f.matches({ name: "Place a legal hold" }))).toBe(false);
  });
});

describe("the Inventory Report (inventory.both.spec.ts)", () => {
  const FOLDER = "04 SB Status";

  /** Posts one of the report's download forms (a plain post answered with the file). */
  async function download(page: HttpPage, button: "Download Excel" | "Download PDF"): Promise<HttpPage> {
    const file = await page.form({ action: "/resources/inventory-export", button }).submit(button);
    expect(file.status).toBe(200);
    expect(file.isHtml).toBe(false);
    // An attachment: the browser stays on the report.
    expect(file.headers.get("content-disposition")).toMatch(/^attachment/);
    return file;
  }

  test("an aircraft's inventory report: totals, completeness, an emptied folder flagged, Excel and PDF", async () => {
    const b = portal.browser();
    await b.signIn("client@demo.aero");
    const { page: listing, base, aircraftId } = await openFirstAircraft(b);

    // The side navigation's "Inventory Report" link (enabled: an aircraft id is in the path).
    let page = await listing.click("Inventory Report");
    expect(page.path).toBe(`/storage/InventoryReport/${aircraftId}`);
    expect(page.h1s()).toEqual(["Inventory Report"]);
    const totals = clean(page.doc.querySelector("[aria-label='Totals']")?.textContent);
    expect(totals).toContain("Files");
    expect(totals).toMatch(/Records index\s*\d+ of 11/i);
    expect(table(page, "Completeness")!.querySelectorAll("tr")).toHaveLength(12);
    expect(clean(rowsWith(table(page, "Completeness"), /Certificates/)[0]?.textContent)).toContain("Present");
    const msn = /MSN (\S+)/.exec(clean(main(page).querySelector("p")?.textContent))![1]!;

    // A folder of the index deleted: missing; created again without files: empty.
    page = await deleteThroughDialog(await b.open(base), FOLDER, "folder");
    expect(page.toast()).toBe("1 item moved to the trash.");
    page = await b.open(`/storage/InventoryReport/${aircraftId}`);
    expect(clean(rowsWith(table(page, "Completeness"), /SB Status/)[0]?.textContent)).toContain("Missing");
    expect(page.text("[data-inventory-flags]")).toContain("Missing: SB Status");

    await createFolderAndOpen(await b.open(base), FOLDER);
    page = await b.open(`/storage/InventoryReport/${aircraftId}`);
    const sb = rowsWith(table(page, "Completeness"), /SB Status/)[0]!;
    expect(clean(sb.textContent)).toContain("Empty");
    expect(sb.getAttribute("data-status")).toBe("empty");
    expect(page.text("[data-inventory-flags]")).toContain("Empty: SB Status");
    // The folder links to the files page at that folder.
    expect(linkIn(sb, FOLDER)).toMatch(new RegExp(`/storage/aircraft/${aircraftId}/files\\?dir=`));

    // Sorting is a link.
    page = await b.open(linkIn(table(page, "Folders")!.querySelector("thead")!, "Files"));
    expect(page.path).toMatch(/sort=files&order=asc/);
    expect(clean(bodyRows(table(page, "Folders"))[0]?.textContent)).toContain(FOLDER);

    const xlsx = await download(page, "Download Excel");
    expect(downloadName(xlsx)).toMatch(new RegExp(`^Inventory Report MSN ${msn}.*\\.xlsx$`));
    expect(Buffer.from(xlsx.body.subarray(0, 2)).toString("latin1")).toBe("PK");
    const pdf = await download(page, "Download PDF");
    expect(downloadName(pdf)).toMatch(new RegExp(`^Inventory Report MSN ${msn}.*\\.pdf$`));
    const { text } = await readPdf(pdf.body);
    expect(text).toContain(`MSN ${msn}`);
    expect(text).toContain("Completeness");
  });

  test("the fleet's inventory report lists several aircraft and downloads", async () => {
    const b = portal.browser();
    await b.signIn("client@demo.aero");
    const page = await b.open("/aero-box/storage/inventory-report");
    const aircraft = table(page, "Aircraft");
    expect(aircraft).not.toBeNull();
    expect(bodyRows(aircraft).length).toBeGreaterThan(3);
    expect(page.text("[aria-label='Totals']")).toContain("Aircraft");
    const xlsx = await download(page, "Download Excel");
    expect(downloadName(xlsx)).toMatch(/^Fleet Inventory Report .*\.xlsx$/);
    const pdf = await download(page, "Download PDF");
    expect(downloadName(pdf)).toMatch(/^Fleet Inventory Report .*\.pdf$/);
    expect((await readPdf(pdf.body)).text).toContain("Fleet Inventory Report");
    // An aircraft's row leads to its report.
    const report = await b.open(bodyRows(aircraft)[0]!.querySelector("a[href]")!.getAttribute("href")!);
    expect(report.pathname).toMatch(/^\/storage\/InventoryReport\/\d+$/);
    expect(report.h1s()).toEqual(["Inventory Report"]);
  });

  test("a refused download comes back to the page with an error toast", async () => {
    // The JS run forges the post with a script; without JS it is the same post, replayed.
    const b = portal.browser();
    await b.signIn("reader@demo.aero");
    const page = await b.open("/aero-box/storage/inventory-report");
    const form = page.form({ action: "/resources/inventory-export", button: "Download PDF" });
    const body = new URLSearchParams();
    for (const name of form.names()) body.set(name, form.get(name) ?? "");
    body.set("aircraft_id", "999999");
    const back = await b.request(form.action, { method: "POST", body, referer: page.url });
    expect(back.pathname).toBe("/aero-box/storage/inventory-report");
    expect(back.toastType()).toBe("error");
    expect(back.toast()).toMatch(/not found/i);
  });
});

/** The client's aircraft seeded first: the lowest id on the OCR Status page. */
async function firstAircraft(b: ReturnType<Portal["browser"]>): Promise<number> {
  const page = await b.open("/aero-box/storage/ocr-status");
  expect(page.h1s()).toContain("OCR Status");
  const ids = [...page.doc.querySelectorAll("tr[data-aircraft-id]")].map((r) => Number(r.getAttribute("data-aircraft-id")));
  expect(ids.length).toBeGreaterThan(0);
  return Math.min(...ids);
}

describe("linked documents (links.both.spec.ts)", () => {
  const linksTable = (page: HttpPage) => table(page, "Linked documents");

  test("a seeded link is seen on the page, on the row and on the file", async () => {
    const b = portal.browser();
    await b.signIn("client@demo.aero");
    const id = await firstAircraft(b);
    let page = await b.open(`/storage/linkedDocuments/${id}`);
    expect(page.h1s()).toEqual(["Linked Documents"]);
    const seeded = rowsWith(linksTable(page), /AD Status, row 1\b/);
    expect(seeded).toHaveLength(1);
    expect(clean(seeded[0]!.textContent)).toContain("AD Status Report");

    // The row: its tab shows a Documents column; the count opens the row's documents.
    page = await b.open(linkIn(seeded[0]!, /AD Status, row 1/));
    expect(page.h1s()).toContain("AD Status");
    page = await page.click("1 document linked to row 1");
    expect(page.path).toMatch(new RegExp(`^/storage/linkedDocuments/${id}\\?row=\\d+$`));
    expect(page.text("[data-scope-filter]")).toContain("AD Status, row 1");
    expect(linksTable(page)!.querySelectorAll("tr")).toHaveLength(2); // header + the one document

    // The file: its preview lists the row it is linked to.
    page = await b.open(linkIn(linksTable(page)!, /AD Status Report/));
    expect(page.path).toMatch(/\/preview\?fileid=/);
    expect(page.text("[data-linked-records]")).toContain("AD Status, row 1");
  });

  test("a client links a document to a row by hand and unlinks it", async () => {
    const row = 5; // the row the no-JS run of the spec used
    const b = portal.browser();
    await b.signIn("client@demo.aero");
    const id = await firstAircraft(b);
    let page = await b.open(`/storage/linkedDocuments/${id}`);
    const find = page.form({ name: "Find a document to link" });
    find.set("q", "Airworthiness");
    page = await find.submit("Search");
    expect(page.path).toMatch(/[?&]q=Airworthiness/);
    const form = page.form({ button: "Link the document" });
    const choice = form.el.querySelector("input[type=radio]")!;
    expect(choice.hasAttribute("checked")).toBe(true);
    const fileId = choice.getAttribute("value")!;
    expect(form.get("file_id")).toBe(fileId);
    const fileName = clean(form.el.querySelector("fieldset label")!.textContent).split(" in ")[0]!.trim();
    const option = [...form.el.querySelectorAll("select[name=target] option")].find((o) => new RegExp(`^AD Status, row ${row}:`).test(clean(o.textContent)))!;
    const target = option.getAttribute("value")!;
    form.set("target", target);
    page = await form.submit("Link the document");
    expect(page.toastType()).toBe("success");
    expect(page.toast()).toContain(`${fileName} is linked to AD Status, row ${row}`);
    expect(page.path).not.toMatch(/[?&]q=/);
    const linked = () => rowsWith(linksTable(page), new RegExp(`AD Status, row ${row}:`)).filter((r) => clean(r.textContent).includes(fileName));
    expect(linked()).toHaveLength(1);
    const api = await portal.api("client@demo.aero");
    const links = async () => ((await api.main("GET", `/storage/v2/aircraft/${id}/links.json`)).body.links as { status: string; file: { id: number }; target: { label: string } }[]).filter((l) => l.file.id === Number(fileId) && l.target.label.startsWith(`AD Status, row ${row}:`));
    expect((await links()).map((l) => l.status)).toEqual(["linked"]);

    // Linking it again is refused with the reason, and nothing changes.
    const again = await b.request(`/storage/linkedDocuments/${id}`, { method: "POST", body: new URLSearchParams({ intent: "link", file_id: fileId, target }), referer: page.url });
    expect(again.html).toContain("is already linked to");
    expect(await links()).toHaveLength(1);

    const unlink = page.forms().find((f) => f.el.closest("tr") === linked()[0] && f.buttons().some((t) => /^Unlink/.test(t)))!;
    page = await unlink.submit(/^Unlink/);
    expect(page.toastType()).toBe("success");
    expect(page.toast()).toContain(`${fileName} is no longer linked.`);
    expect(linked()).toHaveLength(0);
    expect(await links()).toHaveLength(0);
  });

  test("a reader sees the links without forms, and a replayed post changes nothing", async () => {
    const b = portal.browser();
    await b.signIn("reader@demo.aero");
    const id = await firstAircraft(b);
    let page = await b.open(`/storage/linkedDocuments/${id}`);
    expect(rowsWith(linksTable(page), /AD Status, row 1\b/)).toHaveLength(1);
    const buttons = page.forms().flatMap((f) => f.buttons());
    expect(buttons.filter((t) => /Unlink|Accept|Reject|Link the document|Find suggested links/.test(t))).toEqual([]);
    const linkId = linksTable(page)!.querySelector("tr[data-link-id]")!.getAttribute("data-link-id")!;
    const res = await b.request(`/storage/linkedDocuments/${id}`, { method: "POST", body: new URLSearchParams({ intent: "unlink", link_id: linkId }), referer: page.url });
    expect(res.html).toContain("You have Read Access to this aircraft.");
    page = await b.open(`/storage/linkedDocuments/${id}`);
    expect(linksTable(page)!.querySelectorAll(`tr[data-link-id="${linkId}"]`)).toHaveLength(1);
  });
});

describe("the OCR Report (ocr.both.spec.ts)", () => {
  test("the OCR report shows counts; a file's re-run form is answered with the toast on the report", async () => {
    const b = portal.browser();
    await b.signIn("client@demo.aero");
    const id = await firstAircraft(b);
    let page = await b.open(`/storage/OCRReport/${id}`);
    expect(page.h1s()).toEqual(["OCR Report"]);
    expect(page.doc.querySelector("[data-count=done]")).not.toBeNull();
    expect(page.doc.querySelector("[data-count=pending]")).not.toBeNull();
    // Edit Access: files may be re-run one by one, not the whole aircraft.
    expect(page.forms().flatMap((f) => f.buttons())).not.toContain("Re-run all files");
    // Refresh is a plain link to the report.
    page = await page.click("Refresh", "main#main");
    expect(page.path).toBe(`/storage/OCRReport/${id}`);
    expect(page.h1s()).toEqual(["OCR Report"]);

    // A failed or low-confidence file's row has a Re-run form; with no job run here no file has been
    // read, so the form that row renders (components/ocr-report: intent, aircraft_id, file_id, posted
    // to the report) is posted as the browser would post it, for the seeded faded scan.
    const api = await portal.api("client@demo.aero");
    const found = await api.main("GET", `/storage/v2/search.json?query=${encodeURIComponent("Faded Work Order Scan")}&aircraft_id=${id}`);
    const scan = (found.body.results as { id: number; name: string }[]).find((r) => r.name === "Faded Work Order Scan.png")!;
    expect(scan).toBeTruthy();
    page = await b.request(`/storage/OCRReport/${id}`, { method: "POST", body: new URLSearchParams({ intent: "rerun", aircraft_id: String(id), file_id: String(scan.id) }), referer: page.url });
    expect(page.toastType()).toBe("success");
    expect(page.toast()).toContain("The file is queued for text extraction.");
    expect(page.path).toBe(`/storage/OCRReport/${id}`);
  });

  test("a reader's re-run is refused with the upstream's message", async () => {
    const b = portal.browser();
    await b.signIn("reader@demo.aero");
    const id = await firstAircraft(b);
    const res = await b.request(`/storage/OCRReport/${id}`, { method: "POST", body: new URLSearchParams({ intent: "rerun", aircraft_id: String(id) }), referer: new URL(`/storage/OCRReport/${id}`, portal.url).toString() });
    expect(res.status).toBe(200); // followed the redirect back to the report
    expect(res.html).toContain("You have Read Access to this aircraft.");
    const page = await b.open(`/storage/OCRReport/${id}`);
    expect(page.forms().flatMap((f) => f.buttons()).filter((t) => /Re-run/.test(t))).toEqual([]);
  });
});
