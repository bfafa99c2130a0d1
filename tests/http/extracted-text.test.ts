// What needs the seeded documents' text, without JavaScript over HTTP: the server runs on the seeded
// demo whose text extraction and link suggestions already ran (tests/helpers/seed-snapshot.ts,
// `extracted`), so nothing waits for background jobs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPortal, type HttpPage, type Portal } from "../helpers/http-browser";

let portal: Portal;
beforeAll(async () => {
  portal = await startPortal({ extracted: true });
}, 180_000);
afterAll(async () => portal?.close());

/** A table by its accessible name (aria-label or caption). */
function table(page: HttpPage, name: string): HTMLTableElement {
  const t = [...page.doc.querySelectorAll("table")].find((x) => x.getAttribute("aria-label") === name || x.querySelector("caption")?.textContent?.trim() === name);
  if (!t) throw new Error(`${page.path}: no table "${name}"`);
  return t as HTMLTableElement;
}
const rowsOf = (t: HTMLTableElement) => [...t.querySelectorAll("tbody tr")];

describe("the seeded documents' text", () => {
  it("the file search finds a word inside a seeded PDF and shows the snippet", async () => {
    const b = portal.browser();
    await b.signIn("client@demo.aero");
    // "pursuant" is only inside the Certificates of Airworthiness, never in a file or folder name.
    const page = await b.open("/storage/search?query=pursuant");
    const hit = [...page.doc.querySelectorAll("[data-result-id]")].find((el) => el.textContent?.includes("Certificate of Airworthiness.pdf"));
    expect(hit, page.text("main") ?? "").toBeTruthy();
    const snippet = hit!.querySelector("[data-snippet]");
    expect(snippet?.textContent).toContain("Page 1");
    expect(snippet?.querySelector("mark")?.textContent).toBe("pursuant");
    expect(hit!.textContent).toContain("Found in the document’s text");
  });

  it("a suggestion found in a report's text is rejected, and is not suggested again", async () => {
    const b = portal.browser();
    await b.signIn("client@demo.aero");
    // The client's aircraft seeded first: the lowest id on the OCR Status page.
    const status = await b.open("/aero-box/storage/ocr-status");
    const ids = [...status.doc.querySelectorAll("tr[data-aircraft-id]")].map((r) => Number(r.getAttribute("data-aircraft-id")));
    expect(ids.length).toBeGreaterThan(0);
    const id = Math.min(...ids);
    // The seeded compliance statement of the AD Status tab's third AD is suggested for its row.
    const isRow3 = (tr: Element) => /AD Status, row 3:/.test(tr.textContent ?? "") && /Compliance Statement/.test(tr.textContent ?? "");
    let page = await b.open(`/storage/linkedDocuments/${id}`);
    const suggestion = rowsOf(table(page, "Suggested links")).find(isRow3);
    expect(suggestion, page.text("main") ?? "").toBeTruthy();
    expect(suggestion!.textContent).toMatch(/found on page \d+/);
    const form = page.forms().find((f) => suggestion!.contains(f.el) && f.buttons().some((t) => /^Reject/.test(t)));
    expect(form).toBeTruthy();
    page = await form!.submit(/^Reject/);
    expect(page.toastType()).toBe("success");
    expect(page.toast()).toContain("will not be suggested again");
    expect(rowsOf(table(page, "Linked documents")).some((tr) => /AD Status, row 3:/.test(tr.textContent ?? ""))).toBe(false);
    const left = [...page.doc.querySelectorAll("table")].find((x) => x.getAttribute("aria-label") === "Suggested links");
    expect(left ? rowsOf(left as HTMLTableElement).some(isRow3) : false).toBe(false);
    // Not suggested again on the next visit either.
    page = await b.open(`/storage/linkedDocuments/${id}`);
    const again = [...page.doc.querySelectorAll("table")].find((x) => x.getAttribute("aria-label") === "Suggested links");
    expect(again ? rowsOf(again as HTMLTableElement).some(isRow3) : false).toBe(false);
  });
});
