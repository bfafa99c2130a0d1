// Helpers of the storage and records HTTP tests (not a test file): the pages of the records area as a
// browser without JavaScript reads them. A dialog is a page of its own (`?dialog=…`), a row's menu is
// a <details> whose links are in the HTML, so every step is a GET or a form post.
import { expect } from "vitest";
import type { HttpPage, NoJsBrowser, UploadFile } from "../helpers/http-browser";

export const clean = (s: string | null | undefined) => (s ?? "").replace(/\s+/g, " ").trim();
export const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

export const REFUSAL = "You have Read Access to this aircraft. Edit Access is needed to change its records.";

/** The page's content (not the side navigation, whose fleet tree lists folders too). */
export const main = (page: HttpPage) => page.doc.querySelector("main#main")!;

const nameMatches = (text: string | null, name: string | RegExp) => (typeof name === "string" ? clean(text) === name : name.test(clean(text)));

/** The listing rows of an item by its exact name (the row holds a link of that name). */
export function rows(page: HttpPage, name: string): Element[] {
  return [...main(page).querySelectorAll("tbody tr")].filter((tr) => [...tr.querySelectorAll("a")].some((a) => clean(a.textContent) === name));
}
/** The one listing row of an item; fails the test when there is none or several. */
export function row(page: HttpPage, name: string): Element {
  const hits = rows(page, name);
  expect(hits, `${page.path}: rows named ${name}`).toHaveLength(1);
  return hits[0]!;
}

/** The href of the link of an element by its text or aria-label. */
export function linkIn(el: Element, name: string | RegExp): string {
  const a = [...el.querySelectorAll("a[href]")].find((x) => nameMatches(x.getAttribute("aria-label") ?? x.textContent, name));
  if (!a) throw new Error(`no link ${name} in ${clean(el.textContent).slice(0, 200)}`);
  return a.getAttribute("href")!;
}

/** The accessible name of an element from aria-label, or aria-labelledby. */
export function accessibleName(page: HttpPage, el: Element): string {
  const by = el.getAttribute("aria-labelledby");
  if (by) return clean(by.split(/\s+/).map((id) => page.doc.getElementById(id)?.textContent ?? "").join(" "));
  return clean(el.getAttribute("aria-label"));
}
/** The table named (aria-label or aria-labelledby), or null. */
export function table(page: HttpPage, name: string | RegExp): HTMLTableElement | null {
  return ([...page.doc.querySelectorAll("table")].find((t) => nameMatches(accessibleName(page, t), name)) as HTMLTableElement | undefined) ?? null;
}
/** The body rows of a table. */
export const bodyRows = (t: Element | null) => [...(t?.querySelectorAll("tbody tr") ?? [])];
/** The dialog named (its heading by aria-labelledby), or null; `open` dialogs only, as the server renders them. */
export function dialog(page: HttpPage, name?: string | RegExp): Element | null {
  const all = [...page.doc.querySelectorAll("dialog[open], [role=dialog]")];
  return all.find((d) => name === undefined || nameMatches(accessibleName(page, d), name)) ?? null;
}
/** Every rendered dialog of the page. */
export const dialogs = (page: HttpPage) => [...page.doc.querySelectorAll("dialog[open], [role=dialog]")];
/** The texts of the page's alerts and statuses (the toast, a dialog's error). */
export const alerts = (page: HttpPage) => [...page.doc.querySelectorAll("[role=alert], [role=status], [data-toast]")].map((e) => clean(e.textContent));

/** The records page of the first aircraft on the user's overview (its "Open records" link). */
export async function openFirstAircraft(b: NoJsBrowser): Promise<{ page: HttpPage; base: string; aircraftId: string }> {
  const overview = await b.open("/storage/overview");
  const href = overview.link("Open records", "main");
  expect(href).toMatch(/^\/storage\/aircraft\/\d+\/files/);
  const page = await b.open(href);
  expect(page.status).toBe(200);
  expect(page.doc.querySelector("nav[aria-label='Folder path']")).not.toBeNull();
  const base = href.split("?")[0]!;
  return { page, base, aircraftId: base.split("/")[3]! };
}

/** Creates a folder in the listing on screen through the New folder dialog (a page without JS); answers the listing. */
export async function createFolder(page: HttpPage, name: string): Promise<HttpPage> {
  const dialogPage = await page.click("New folder", "main");
  expect(dialogPage.path).toMatch(/[?&]dialog=create/);
  expect(dialog(dialogPage, "Create folder")).not.toBeNull();
  const form = dialogPage.form({ button: "Create" });
  form.set("name", name);
  const listing = await form.submit("Create");
  expect(listing.toast()).toBe("Folder created.");
  expect(rows(listing, name)).toHaveLength(1);
  return listing;
}

/** Creates a folder and opens it. */
export async function createFolderAndOpen(page: HttpPage, name: string): Promise<HttpPage> {
  const listing = await createFolder(page, name);
  const folder = await listing.click(name, "main");
  expect(folder.text("nav[aria-label='Folder path']")).toContain(name);
  return folder;
}

/** Uploads files into the folder on screen through the Upload files dialog's plain multipart form. */
export async function upload(page: HttpPage, files: UploadFile[], uploaded = `${files.length} ${files.length === 1 ? "file" : "files"} uploaded.`): Promise<HttpPage> {
  const dialogPage = await page.click("Upload files", "main");
  expect(dialogPage.path).toMatch(/[?&]dialog=upload/);
  expect(dialog(dialogPage, "Upload files")).not.toBeNull();
  const form = dialogPage.form({ button: "Upload" });
  expect(form.enctype).toBe("multipart/form-data");
  form.attach("files", ...files);
  const listing = await form.submit("Upload");
  expect(listing.toast()).toBe(uploaded);
  expect(dialogs(listing)).toHaveLength(0);
  return listing;
}

/** Follows one of a row's menu links (the <details> menu is plain HTML: its links are there without JS). */
export async function rowAction(page: HttpPage, name: string, action: string): Promise<HttpPage> {
  return page.browser.open(new URL(linkIn(row(page, name), new RegExp(`^${action}$`)), page.url).toString());
}

/** The filename a download's Content-Disposition names (its UTF-8 form when there is one). */
export function downloadName(page: HttpPage): string {
  const cd = page.headers.get("content-disposition") ?? "";
  const star = /filename\*=UTF-8''([^;]+)/i.exec(cd);
  if (star) return decodeURIComponent(star[1]!);
  return /filename="?([^";]+)"?/i.exec(cd)?.[1] ?? "";
}

/** A text file for an upload. */
export const textFile = (name: string, text: string): UploadFile => ({ name, type: "text/plain", bytes: text });
