// The records' files as a browser without JavaScript uses them (the no-JS runs of the storage,
// files-more, preview-dialog, copy-across, reader, search-scope and drawer specs): GET the listing,
// open a dialog as its own page (`?dialog=…`), post its form, follow the redirect and read the next
// page; uploads are the upload dialog's plain multipart form. The effect is checked through the
// main API as another client sees it.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { formatBytes } from "../../app/models/size";
import { FOLDER_LINK_REFUSED } from "../../app/models/storage-links";
import { startPortal, type HttpPage, type Portal, type UpstreamApi } from "../helpers/http-browser";
import { bytesOf, pdfBytes, pngBytes, pngSize, zipEntries } from "../helpers/file-bytes";
import {
  REFUSAL,
  alerts,
  clean,
  createFolder,
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

/** The item ids of a listing's rows, with their text (to compare a listing before and after). */
const listingRows = (page: HttpPage) => [...main(page).querySelectorAll("tbody tr")].map((r) => `${r.getAttribute("data-item-id")}:${clean(r.textContent)}`);

/** The value of a row's selection checkbox (it belongs to the "Selected items" form by form=). */
const selectValue = (page: HttpPage, name: string) => page.doc.querySelector(`input[type=checkbox][aria-label="Select ${name}"]`)!.getAttribute("value")!;

describe("storage (storage.both.spec.ts)", () => {
  test("creates a folder, uploads a file into it and finds it", async () => {
    const s = stamp();
    const name = `logbook ${s}.pdf`;
    const data = bytesOf(123_457, 42);
    const b = portal.browser();
    await b.signIn("client@demo.aero");
    const { page: listing, aircraftId } = await openFirstAircraft(b);
    let page = await createFolderAndOpen(listing, `Both ${s}`);

    // A forbidden extension is dropped silently; a name with special characters is sanitized.
    page = await upload(page, [{ name, type: "application/pdf", bytes: data }, textFile("run.sh", "#!/bin/sh\n"), textFile(`notes (${s}).txt`, "notes")], "2 files uploaded.");
    expect(clean(row(page, name).querySelector("td[data-size]")!.textContent)).toBe(formatBytes(data.length));
    expect(rows(page, `notes _${s}_.txt`)).toHaveLength(1);
    expect(page.links("main#main").filter((l) => l.text === "run.sh")).toEqual([]);
    const api = await portal.api("client@demo.aero");
    expect(await namesIn(api, aircraftId, `/Both ${s}`)).toEqual([name, `notes _${s}_.txt`].sort());
    // The bytes arrived whole: the row's download is the file.
    const download = await b.open(linkIn(row(page, name), name));
    expect(download.status).toBe(200);
    expect(Buffer.from(download.body).equals(data)).toBe(true);

    page = await b.open(`/storage/search?query=${encodeURIComponent(`logbook ${s}`)}`);
    const results = page.doc.querySelector("[aria-label='Search results']")!;
    expect(results.querySelectorAll("li")).toHaveLength(1);
    expect(clean(results.textContent)).toContain(`/Both ${s}/${name}`);
    page = await page.click("Open in folder", "[aria-label='Search results']");
    expect([...page.doc.querySelectorAll("tr[data-item-id]")].filter((r) => r.textContent!.includes(name))).toHaveLength(1);
  });

  test("searches from the top bar with Enter (a GET form)", async () => {
    const b = portal.browser();
    await b.signIn("client@demo.aero");
    const { page: listing } = await openFirstAircraft(b);
    // Enter in the box submits the search form (its default button).
    const form = listing.form({ name: "File search" });
    expect(form.method).toBe("get");
    form.set("query", "certificate");
    const page = await form.submit();
    expect(page.path).toMatch(/^\/storage\/search\?query=certificate/);
    expect(page.text("[data-scope]")).toContain("result");
  });

  test("deletes a folder after a confirmation step rendered by the server", async () => {
    const s = stamp();
    const name = `Doomed ${s}`;
    const b = portal.browser();
    await b.signIn("client@demo.aero");
    const { page: listing, base, aircraftId } = await openFirstAircraft(b);
    await createFolderAndOpen(listing, name);
    let page = await b.open(base);
    page = await rowAction(page, name, "Delete");
    expect(page.path).toMatch(/dialog=delete&item=\d+/);
    const confirm = dialog(page, "Delete folder");
    expect(clean(confirm?.textContent)).toContain("and everything in it");
    // Cancel keeps it.
    page = await page.click("Cancel", "dialog");
    expect(page.path).not.toMatch(/dialog=/);
    expect(rows(page, name)).toHaveLength(1);
    // The backdrop outside the dialog is a link to the listing too (a click there closes the dialog).
    page = await rowAction(page, name, "Delete");
    const backdrop = dialog(page, "Delete folder")!.previousElementSibling!;
    expect(backdrop.tagName).toBe("A");
    expect(backdrop.getAttribute("aria-hidden")).toBe("true");
    expect(backdrop.getAttribute("href")).toBe(dialog(page, "Delete folder")!.getAttribute("data-close"));
    page = await b.open(backdrop.getAttribute("href")!);
    expect(page.path).not.toMatch(/dialog=/);
    expect(dialogs(page)).toHaveLength(0);

    page = await rowAction(page, name, "Delete");
    page = await page.form({ action: "/storage/delete", button: "Delete" }).submit("Delete");
    expect(page.toast()).toBe("1 item moved to the trash.");
    expect(rows(page, name)).toHaveLength(0);
    expect(await namesIn(await portal.api("client@demo.aero"), aircraftId, "/")).not.toContain(name);
  });
});

describe("previews and bulk actions (files-more.both.spec.ts)", () => {
  test("previews a PDF and a PNG, with next and previous", async () => {
    const s = stamp();
    const b = portal.browser();
    await b.signIn("client@demo.aero");
    const { page: listing } = await openFirstAircraft(b);
    let page = await createFolderAndOpen(listing, `Preview ${s}`);
    page = await upload(page, [
      { name: "a manual.pdf", type: "application/pdf", bytes: pdfBytes("AeroRecords preview") },
      { name: "b photo.png", type: "image/png", bytes: pngBytes(640, 360, [30, 90, 160]) },
      textFile("c notes.txt", "line 1 <b>not bold</b>\nline 2\n"),
    ]);

    // The Preview link is the preview page.
    page = await page.click("Preview a manual.pdf", "main#main");
    expect(page.h1s()).toEqual(["a manual.pdf"]);
    expect([...page.doc.querySelectorAll("dd")].map((d) => clean(d.textContent))).toContain(`/Preview ${s}/a manual.pdf`);
    const src = page.doc.querySelector("section[data-kind=pdf] iframe")!.getAttribute("src")!;
    expect(src).toMatch(/^\/_blob\/o\/.+X-Signature=/);
    expect(src).not.toContain("download=1");
    const pdf = await b.open(src);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toContain("application/pdf");
    expect(pdf.headers.get("content-disposition")).toMatch(/^inline/);
    // A tampered link is refused (the signature covers the disposition).
    expect((await b.open(`${src}&download=1`)).status).toBe(403);
    expect(page.text("main#main")).toContain("File 1 of 3");

    page = await page.click("Next →", "main#main");
    expect(page.h1s()).toEqual(["b photo.png"]);
    const img = page.doc.querySelector("section[data-kind=image] img")!;
    const png = await b.open(img.getAttribute("src")!);
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toContain("image/png");
    expect(pngSize(png.body).width).toBe(640);

    page = await page.click("Next →", "main#main");
    expect(page.h1s()).toEqual(["c notes.txt"]);
    // Text is shown as text, never as HTML.
    expect(page.doc.querySelector("section[data-kind=text] pre")!.textContent).toContain("line 1 <b>not bold</b>");
    expect(page.doc.querySelectorAll("section[data-kind=text] b")).toHaveLength(0);

    page = await page.click("← Previous", "main#main");
    expect(page.h1s()).toEqual(["b photo.png"]);
    page = await page.click("Back to the folder", "main#main");
    expect(rows(page, "b photo.png")).toHaveLength(1);
  });

  test("moves three files with one action into a folder chosen in the picker", async () => {
    const s = stamp();
    const names = ["one.txt", "two.txt", "three.txt", "stays.txt"];
    const b = portal.browser();
    await b.signIn("client@demo.aero");
    const { page: listing, aircraftId } = await openFirstAircraft(b);
    let page = await createFolderAndOpen(listing, `Bulk ${s}`);
    page = await createFolder(page, "Target");
    page = await upload(page, names.map((n) => textFile(n, `${n} ${s}`)));

    const bulk = page.form({ name: "Selected items" });
    for (const n of names.slice(0, 3)) bulk.check("sel", selectValue(page, n));
    page = await bulk.submit("Move");
    let move = dialog(page, "Move 3 items")!;
    expect(move).not.toBeNull();
    expect(move.querySelectorAll("[aria-label='Chosen items'] li")).toHaveLength(3);
    // The picker starts in the folder on screen and opens one level per link.
    expect(move.querySelector("[data-chosen]")!.getAttribute("data-chosen")).toBe(`/Bulk ${s}`);
    page = await page.click("Open Target", "dialog");
    move = dialog(page, "Move 3 items")!;
    expect(move.querySelector("[data-chosen]")!.getAttribute("data-chosen")).toBe(`/Bulk ${s}/Target`);
    expect(clean(move.textContent)).toContain("No subfolders here.");
    page = await page.form({ button: "Move here" }).submit("Move here");
    expect(page.toast()).toMatch(/moved/i);
    expect(dialogs(page)).toHaveLength(0);

    for (const n of names.slice(0, 3)) expect(rows(page, n)).toHaveLength(0);
    expect(rows(page, "stays.txt")).toHaveLength(1);
    page = await page.click("Target", "main#main");
    for (const n of names.slice(0, 3)) expect(rows(page, n)).toHaveLength(1);
    expect(rows(page, "stays.txt")).toHaveLength(0);
    const api = await portal.api("client@demo.aero");
    expect(await namesIn(api, aircraftId, `/Bulk ${s}/Target`)).toEqual(names.slice(0, 3).sort());
    expect(await namesIn(api, aircraftId, `/Bulk ${s}`)).toEqual(["Target", "stays.txt"]);
  });

  test("downloads the chosen files as one zip", async () => {
    const s = stamp();
    const names = ["alpha.txt", "beta.txt", "gamma.txt"];
    const b = portal.browser();
    await b.signIn("client@demo.aero");
    const { page: listing } = await openFirstAircraft(b);
    let page = await createFolderAndOpen(listing, `Zip ${s}`);
    page = await upload(page, names.map((n) => textFile(n, `${n} ${s}`)));

    const bulk = page.form({ name: "Selected items" });
    bulk.check("sel", selectValue(page, "alpha.txt")).check("sel", selectValue(page, "gamma.txt"));
    const zip = await bulk.submit("Download as zip");
    expect(zip.status).toBe(200);
    expect(zip.isHtml).toBe(false);
    expect(downloadName(zip)).toMatch(/-selection\.zip$/);
    expect(Buffer.from(zip.body.subarray(0, 2)).toString("latin1")).toBe("PK");
    const entries = zipEntries(zip.body);
    expect(entries.filter((e) => !e.endsWith("/")).map((e) => e.split("/").slice(1).join("/")).sort()).toEqual(["alpha.txt", "gamma.txt"]);
  });

  test("a reader sees no bulk write action and a replayed bulk delete is refused", async () => {
    const b = portal.browser();
    await b.signIn("reader@demo.aero");
    const { page, base, aircraftId } = await openFirstAircraft(b);
    const bar = page.form({ name: "Selected items" });
    expect(bar.buttons()).toContain("Download as zip");
    for (const name of ["Move", "Copy", "Delete"]) expect(bar.buttons()).not.toContain(name);
    const ids = [...page.doc.querySelectorAll("tbody tr[data-item-id]")].slice(0, 2).map((r) => r.getAttribute("data-item-id")!);
    expect(ids.length).toBeGreaterThan(0);
    // The dialog asked for in the URL is not rendered either.
    const asked = await b.open(`${base}?dialog=bulk-delete&${ids.map((i) => `sel=${i}`).join("&")}`);
    expect(asked.status).toBe(200);
    expect(dialogs(asked)).toHaveLength(0);

    // The bulk delete a writer's dialog would post, replayed with the reader's session.
    const body = new URLSearchParams({ intent: "delete", aircraft_id: aircraftId, dir: "/", redirectTo: base, returnTo: base });
    for (const i of ids) body.append("ids", i);
    const refused = await b.request("/storage/delete", { method: "POST", body, referer: new URL(base, portal.url).toString() });
    expect(refused.status).toBe(200); // followed the redirect back to the listing
    expect(refused.pathname).toBe(base);
    expect(refused.toast()).toBe(REFUSAL);
    // Nothing changed.
    const after = await b.open(base);
    for (const i of ids) expect(after.doc.querySelectorAll(`tbody tr[data-item-id="${i}"]`)).toHaveLength(1);
  });
});

describe("the preview without JavaScript (preview-dialog.both.spec.ts)", () => {
  test("a file's Preview link is the preview page, not a dialog (its ?preview= URL too)", async () => {
    const s = stamp();
    const b = portal.browser();
    await b.signIn("client@demo.aero");
    const { page: listing } = await openFirstAircraft(b);
    let page = await createFolderAndOpen(listing, `Dialog ${s}`);
    page = await upload(page, [
      { name: "a manual.pdf", type: "application/pdf", bytes: pdfBytes("AeroRecords preview dialog") },
      { name: "b photo.png", type: "image/png", bytes: pngBytes(320, 200, [160, 90, 30]) },
    ]);
    const listingOf = page;
    const href = linkIn(row(page, "a manual.pdf"), "Preview a manual.pdf");
    page = await page.click("Preview a manual.pdf", "main#main");
    expect(page.path).toBe(href);
    expect(page.path).toMatch(/\/preview\?fileid=\d+$/);
    expect(page.h1s()).toEqual(["a manual.pdf"]);
    expect(dialogs(page)).toHaveLength(0);
    // The URL the dialog shows with JavaScript (`?preview=<id>`), opened as a document, is that file's preview page.
    const photo = new URL(linkIn(row(listingOf, "b photo.png"), "Preview b photo.png"), portal.url).searchParams.get("fileid")!;
    const shared = await b.open(`${listingOf.path}&preview=${photo}`);
    expect(shared.path).toBe(`${href.split("?")[0]}?fileid=${photo}`);
    expect(shared.h1s()).toEqual(["b photo.png"]);
    expect(dialogs(shared)).toHaveLength(0);
  });
});

describe("copy to another aircraft (copy-across.both.spec.ts)", () => {
  test("copies two files into a folder of another aircraft chosen in the picker", async () => {
    const s = stamp();
    const names = [`across-${s}-1.txt`, `across-${s}-2.txt`];
    const b = portal.browser();
    await b.signIn("client@demo.aero");
    const { page: listing, base: source, aircraftId: sourceId } = await openFirstAircraft(b);
    let page = await createFolderAndOpen(listing, `Across ${s}`);
    page = await upload(page, names.map((n) => textFile(n, `${n}\n`)));

    let bulk = page.form({ name: "Selected items" });
    for (const n of names) bulk.check("sel", selectValue(page, n));
    page = await bulk.submit("Copy");
    let copy = dialog(page, "Copy 2 items")!;
    expect(copy).not.toBeNull();
    // The aircraft on screen is chosen first; the others the client may write to are offered.
    expect(copy.querySelector("[data-chosen-aircraft]")!.getAttribute("data-chosen-aircraft")).toBe(sourceId);
    const aircraftList = copy.querySelector("[aria-label='Destination aircraft']")!;
    expect(aircraftList.querySelectorAll("[aria-current]")).toHaveLength(1);
    const otherHref = aircraftList.querySelector("a[href]")!.getAttribute("href")!;
    const targetId = /to_aircraft=(\d+)/.exec(otherHref)![1]!;
    expect(targetId).not.toBe(sourceId);
    page = await b.open(otherHref);
    copy = dialog(page, "Copy 2 items")!;
    expect(copy.querySelector("[data-chosen-aircraft]")!.getAttribute("data-chosen-aircraft")).toBe(targetId);
    // Another aircraft's tree starts at its root.
    expect(copy.querySelector("[data-chosen]")!.getAttribute("data-chosen")).toBe("/");
    const folderLink = copy.querySelector("[aria-label='Subfolders'] a[href]")!;
    const folderName = clean(folderLink.textContent);
    page = await b.open(folderLink.getAttribute("href")!);
    copy = dialog(page, "Copy 2 items")!;
    expect(copy.querySelector("[data-chosen]")!.getAttribute("data-chosen")).toBe(`/${folderName}`);
    page = await page.form({ button: "Copy here" }).submit("Copy here");
    expect(page.toast()).toMatch(/copied/i);
    expect(dialogs(page)).toHaveLength(0);
    for (const n of names) expect(rows(page, n)).toHaveLength(1); // still here

    page = await b.open(`/storage/aircraft/${targetId}/files?dir=${encodeURIComponent(`/${folderName}`)}`);
    expect(page.text("nav[aria-label='Folder path']")).toContain(folderName);
    for (const n of names) expect(rows(page, n)).toHaveLength(1);
    const api = await portal.api("client@demo.aero");
    const inTarget = await namesIn(api, targetId, `/${folderName}`);
    for (const n of names) expect(inTarget).toContain(n);

    // An aircraft the user may not write to (here: one that is not theirs) is refused, nothing copied.
    page = await b.open(`${source}?dir=${encodeURIComponent(`/Across ${s}`)}`);
    bulk = page.form({ name: "Selected items" });
    bulk.check("sel", selectValue(page, names[0]!));
    page = await bulk.submit("Copy");
    expect(dialog(page, "Copy 1 item")).not.toBeNull();
    const forged = page.form({ button: "Copy here" });
    forged.set("to_aircraft_id", "987654");
    page = await forged.submit("Copy here");
    expect(alerts(page)).toContain("You may not copy into that aircraft: Edit Access to its records is needed.");
    expect(main(page).querySelectorAll("tbody tr")).toHaveLength(2);
    expect(await namesIn(api, sourceId, `/Across ${s}`)).toEqual([...names].sort());
    expect((await namesIn(api, targetId, `/${folderName}`)).filter((n) => names.includes(n))).toEqual([...names].sort());
  });
});

describe("a reader (reader.both.spec.ts)", () => {
  test("shows no write control to a read user", async () => {
    const b = portal.browser();
    await b.signIn("reader@demo.aero");
    const { page, base, aircraftId } = await openFirstAircraft(b);
    expect(page.text("[data-access]")).toBe("Read Access");
    const names = page.links("main#main").map((l) => l.text);
    expect(names).not.toContain("Upload files");
    expect(names).not.toContain("New folder");
    expect(names).toContain("Download folder");
    const first = main(page).querySelector("tbody tr")!;
    expect(first.querySelector("details summary")).not.toBeNull();
    expect(linkIn(first, /Download/)).toBeTruthy();
    for (const name of ["Rename", "Move", "Copy", "Delete"]) expect([...first.querySelectorAll("a")].filter((a) => clean(a.textContent) === name)).toHaveLength(0);
    // Dialogs asked for in the URL are not rendered either.
    const id = first.getAttribute("data-item-id");
    for (const d of ["upload", "create", `delete&item=${id}`, `rename&item=${id}`]) {
      const asked = await b.open(`${base}?dialog=${d}`);
      expect(asked.status, d).toBe(200);
      expect(dialogs(asked), d).toHaveLength(0);
    }
    const create = await b.open(`/storage/create?aircraft_id=${aircraftId}`);
    expect([...create.doc.querySelectorAll("[role=alert]")].some((a) => clean(a.textContent).includes("Edit Access is needed"))).toBe(true);
    expect(create.forms().some((f) => f.buttons().includes("Create"))).toBe(false);
  });

  test("refuses direct posts to every write action with a clear message and no change", async () => {
    const b = portal.browser();
    await b.signIn("reader@demo.aero");
    const { page, base, aircraftId } = await openFirstAircraft(b);
    const before = listingRows(page);
    const first = before[0]!.split(":")[0]!;
    const s = stamp();
    const referer = new URL(base, portal.url).toString();

    const forms: [string, Record<string, string>][] = [
      ["/storage/create", { aircraft_id: aircraftId, dir: "/", name: `Sneaky ${s}` }],
      ["/storage/copy", { aircraft_id: aircraftId, id: first, to_dir: "/" }],
      ["/storage/move", { intent: "move", aircraft_id: aircraftId, id: first, to_dir: "/" }],
      ["/storage/move", { intent: "rename", aircraft_id: aircraftId, id: first, new_name: `Renamed ${s}` }],
      ["/storage/delete", { aircraft_id: aircraftId, id: first }],
    ];
    for (const [url, form] of forms) {
      const res = await b.request(url, { method: "POST", body: new URLSearchParams({ ...form, redirectTo: base, returnTo: base }), referer });
      expect(res.status, url).toBe(200); // followed the redirect back to the listing
      expect(res.html, url).toContain(REFUSAL);
    }

    // The no-JS upload (multipart to the files route) and the island's JSON route.
    const multipart = new FormData();
    multipart.append("intent", "upload");
    multipart.append("files", new Blob(["nope"], { type: "text/plain" }), `sneaky ${s}.txt`);
    const uploaded = await b.request(`${base}?dir=/`, { method: "POST", body: multipart, referer });
    expect(uploaded.html).toContain(REFUSAL);
    const json = (data: unknown) =>
      fetch(`${portal.url}/resources/storage/upload`, { method: "POST", headers: { cookie: b.cookieHeader(), "content-type": "application/json", origin: portal.url }, body: JSON.stringify(data) });
    const link = await json({ op: "link", aircraft_id: Number(aircraftId), dir: "/" });
    expect(link.status).toBe(422);
    expect(((await link.json()) as { error: string }).error).toBe(REFUSAL);
    const index = await json({ op: "index", aircraft_id: Number(aircraftId), dir: "/", key: `aircraft/${aircraftId}/${"0".repeat(32)}/`, files: [{ path: "x.txt", size: 1 }] });
    expect(index.status).toBe(422);

    // Nothing changed.
    const after = await b.open(base);
    expect(listingRows(after)).toEqual(before);
    expect(after.html).not.toContain(`Sneaky ${s}`);
    expect(after.html).not.toContain(`sneaky ${s}.txt`);
    const names = await namesIn(await portal.api("client@demo.aero"), aircraftId, "/");
    expect(names.some((n) => n.includes(s))).toBe(false);
  });
});

describe("the search's scope (search-scope.both.spec.ts)", () => {
  test("with the search-all flag the scope shows all aircraft and offers nothing else", async () => {
    const b = portal.browser();
    await b.signIn("mikko.virtanen@nordic.demo.aero");
    const overview = await b.open("/storage/overview");
    const href = overview.links("main").find((l) => l.href.startsWith("/storage/aircraft/"))!.href;
    const page = await b.open(href);
    expect(page.pathname).toMatch(/\/storage\/aircraft\/\d+\/files/);
    const search = page.form({ name: "File search" });
    expect(search.el.querySelectorAll("select")).toHaveLength(0);
    expect(clean(search.el.querySelector("[data-scope=all]")?.textContent)).toBe("All aircraft");
    search.set("query", "certificate");
    const results = await search.submit();
    expect(results.path).toMatch(/^\/storage\/search\?.*scope=all/);
    expect(results.text("[data-scope]")).toContain("All aircraft");
  });

  test("an administrator with a client organization selected sees it named", async () => {
    const b = portal.browser();
    await b.signIn("admin@demo.aero");
    let page = await b.open("/storage/search?query=certificate&organization=skyline");
    expect(page.text("main#main")).toMatch(/Searched all aircraft of Skyline Leasing/);
    page = await b.open("/storage/search?query=certificate");
    expect(page.text("main#main")).toMatch(/Searched all aircraft you have access to/);
  });
});

describe("search beyond its ranking window (ADR 082)", () => {
  test("more than 1,000 matches: the count says so, Next follows the last hit by its cursor, ?page=N still works", async () => {
    const s = stamp();
    const b = portal.browser();
    await b.signIn("client@demo.aero");
    const { aircraftId } = await openFirstAircraft(b);
    // 1,200 folders whose names match, filed through the main API as the folder dialog does.
    const api = await portal.api("client@demo.aero");
    expect((await api.main("POST", "/storage/v2/folders.json", { aircraft_id: Number(aircraftId), dir: "/", paths: [`Scale ${s}`] })).status).toBe(200);
    for (let i = 0; i < 1200; i += 600) {
      const paths = Array.from({ length: 600 }, (_, k) => `Capword${s} ${String(i + k).padStart(4, "0")}`);
      expect((await api.main("POST", "/storage/v2/folders.json", { aircraft_id: Number(aircraftId), dir: `/Scale ${s}`, paths })).status).toBe(200);
    }
    const ids = (p: HttpPage) => [...p.doc.querySelectorAll("main [aria-label='Search results'] li[data-result-id]")].map((li) => li.getAttribute("data-result-id"));

    const first = await b.open(`/storage/search?query=capword${s}`);
    expect(first.status).toBe(200);
    expect(clean(first.doc.querySelector("[data-total]")?.textContent)).toBe("more than 1,000 results");
    expect(first.text("[data-pager]")).toContain("1–20 of more than 1,000 results");
    expect(ids(first)).toHaveLength(20);
    // Next carries the last hit's cursor; the page number is still shown.
    const next = new URL(first.link("Next page", "main"), first.url);
    expect(next.searchParams.get("page")).toBe("2");
    expect(next.searchParams.get("after")).toMatch(/^n_/);
    const second = await b.open(next.toString());
    expect(ids(second)).toHaveLength(20);
    expect(ids(second).filter((id) => ids(first).includes(id))).toEqual([]);
    expect(clean(second.doc.querySelector("[data-pager] [aria-current=page]")?.textContent)).toBe("2");
    expect(second.link("Previous page", "main")).not.toContain("after=");
    // The spec's URL with a page number gives the same page (nothing changed in between).
    expect(ids(await b.open(`/storage/search?query=capword${s}&page=2`))).toEqual(ids(second));
    // The last page of the window has no Next; an unreadable cursor is ignored.
    const last = await b.open(`/storage/search?query=capword${s}&page=50`);
    expect(ids(last)).toHaveLength(20);
    expect(last.links("main").some((l) => l.text === "Next page")).toBe(false);
    expect(ids(await b.open(`/storage/search?query=capword${s}&page=2&after=nonsense`))).toEqual(ids(second));
  });
});

describe("the narrow-screen menu without JavaScript (drawer.both.spec.ts; its :target opening is drawer.nojs.spec.ts)", () => {
  test("the shell's Menu is a link to the drawer that holds the main navigation", async () => {
    const b = portal.browser();
    await b.signIn("client@demo.aero");
    const page = await b.open("/storage/overview");
    expect(page.link("Menu")).toBe("#nav-drawer");
    const drawer = page.doc.getElementById("nav-drawer")!;
    const nav = drawer.querySelector("nav[aria-label='Main']")!;
    expect(nav).not.toBeNull();
    expect(linkIn(nav, "Fleet overview")).toBe("/storage/overview");
    const favourites = await b.open(linkIn(nav, "Favourites"));
    expect(favourites.status).toBe(200);
    expect(favourites.pathname).toBe("/storage/favourites");
  });

  test("the AeroBOX Menu is a link to its sidebar", async () => {
    const b = portal.browser();
    await b.signIn("client@demo.aero");
    const page = await b.open("/aero-box/storage/favourites");
    expect(page.link("Menu")).toBe("#aero-box-nav");
    const sidebar = page.doc.getElementById("aero-box-nav")!;
    const nav = sidebar.matches("nav[aria-label='AeroBOX menu']") ? sidebar : sidebar.querySelector("nav[aria-label='AeroBOX menu']")!;
    expect(nav).not.toBeNull();
    const all = await b.open(linkIn(nav, "All Aircrafts"));
    expect(all.status).toBe(200);
    expect(all.pathname).toBe("/aero-box/storage/all");
  });
});

describe("a long folder's pages (ADR 084: keyset paging)", () => {
  test("the next and previous links carry a cursor and show the rows of the numbered pages, in every order", async () => {
    const s = stamp();
    const b = portal.browser();
    await b.signIn("client@demo.aero");
    const { base, aircraftId } = await openFirstAircraft(b);
    const api = await portal.api("client@demo.aero");
    // 53 folders (through the API) and 3 files (through the upload form): two pages of 50.
    const folder = `Pages ${s}`;
    const made = await api.main("POST", "/storage/v2/folders.json", { aircraft_id: Number(aircraftId), dir: "/", paths: [folder, ...Array.from({ length: 53 }, (_, i) => `${folder}/Folder ${String(i).padStart(2, "0")}`)] });
    expect(made.status).toBe(200);
    await upload(await b.open(`${base}?${new URLSearchParams({ dir: `/${folder}` })}`), [textFile("b.txt", "bb"), textFile("A.txt", "a"), textFile("c.txt", "ccc")], "3 files uploaded.");
    const ids = (page: HttpPage) => [...main(page).querySelectorAll("tbody tr[data-item-id]")].map((r) => Number(r.getAttribute("data-item-id")));
    const pager = (page: HttpPage) => page.doc.querySelector("nav[data-pager]")!;

    for (const [sort, order] of [["name", "asc"], ["name", "desc"], ["size", "asc"], ["size", "desc"], ["date", "asc"], ["date", "desc"]] as const) {
      const label = `${sort} ${order}`;
      const all = await api.main("GET", `/storage/v2/aircraft/${aircraftId}/files.json?${new URLSearchParams({ dir: `/${folder}`, sort, order, per_page: "200" })}`);
      const want = (all.body.contents as { id: number }[]).map((c) => c.id);
      expect(want).toHaveLength(56);
      const first = await b.open(`${base}?${new URLSearchParams({ dir: `/${folder}`, sort, order })}`);
      expect(ids(first), label).toEqual(want.slice(0, 50));
      expect(clean(pager(first).textContent), label).toContain("1–50 of 56 items");

      const nextHref = linkIn(pager(first), "Next page");
      expect(new URL(nextHref, first.url).searchParams.get("page"), label).toBe("2");
      expect(new URL(nextHref, first.url).searchParams.get("cursor"), label).toBeTruthy();
      const second = await b.open(nextHref);
      expect(second.status).toBe(200);
      expect(ids(second), label).toEqual(want.slice(50));
      expect(clean(pager(second).textContent), label).toContain("51–56 of 56 items");
      expect(pager(second).querySelector("[aria-current=page]")?.textContent, label).toBe("2");

      const prevHref = linkIn(pager(second), "Previous page");
      expect(new URL(prevHref, second.url).searchParams.get("cursor"), label).toBeTruthy();
      const back = await b.open(prevHref);
      expect(ids(back), label).toEqual(want.slice(0, 50));
      expect(pager(back).querySelector("[aria-current=page]")?.textContent, label).toBe("1");

      // The numbered link (the spec's ?page=N) shows the same page as the next link.
      const numbered = await b.open(linkIn(pager(first), "Page 2"));
      expect(new URL(numbered.url).searchParams.get("cursor")).toBeNull();
      expect(ids(numbered), label).toEqual(want.slice(50));
    }

    // A damaged link: the folder's first page, and a message that says why.
    const bad = await b.open(`${base}?${new URLSearchParams({ dir: `/${folder}`, page: "2", cursor: "not-a-cursor" })}`);
    expect(bad.status).toBe(200);
    expect(new URL(bad.url).searchParams.get("page")).toBeNull();
    expect(bad.toast()).toBe(FOLDER_LINK_REFUSED);
    expect(clean(pager(bad).textContent)).toContain("1–50 of 56 items");
  });
});
