// Issue 16 items 1-3 (ADR 041), JavaScript on and off: a file's preview page (a PDF through a signed
// inline link, a PNG scaled, next / previous), bulk actions on the files page (three files moved
// with one action into a folder chosen in the folder picker, a zip of the chosen files), and a
// reader, who sees no bulk write action and whose replayed bulk delete is refused with the message.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { Page } from "@playwright/test";
import { expect, login, test } from "./fixtures";
import { createFolderAndOpen, main, openFirstAircraft, row, stamp, tempDir } from "./storage-helpers";

const REFUSAL = "You have Read Access to this aircraft. Edit Access is needed to change its records.";

/** A one-page PDF with a line of text (valid enough for Chromium's viewer). */
function pdfBytes(text: string): Buffer {
  const objs = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
  ];
  const stream = `BT /F1 24 Tf 72 760 Td (${text}) Tj ET`;
  objs.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  objs.push("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

/** A w×h PNG in one colour. */
function pngBytes(w: number, h: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) raw.set(rgb, y * (w * 3 + 1) + 1 + x * 3);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr), chunk("IDAT", zlib.deflateSync(raw)), chunk("IEND", Buffer.alloc(0))]);
}

/** Uploads files into the folder on screen through the Upload files dialog (the form without JS, the island with it). */
async function upload(page: Page, files: string[]) {
  await page.getByRole("link", { name: "Upload files" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload files" });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId("upload-files").setInputFiles(files);
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: `${files.length} files uploaded.` })).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toBeHidden();
}

const project = () => test.info().project.name;

test("previews a PDF and a PNG, with next and previous", async ({ page }) => {
  const s = `${project()} ${stamp()}`;
  const dir = tempDir("preview");
  const pdf = path.join(dir, "a manual.pdf");
  const png = path.join(dir, "b photo.png");
  const txt = path.join(dir, "c notes.txt");
  fs.writeFileSync(pdf, pdfBytes("AeroRecords preview"));
  fs.writeFileSync(png, pngBytes(640, 360, [30, 90, 160]));
  fs.writeFileSync(txt, "line 1 <b>not bold</b>\nline 2\n");

  await login(page, "client@demo.aero");
  await openFirstAircraft(page);
  await createFolderAndOpen(page, `Preview ${s}`);
  await upload(page, [pdf, png, txt]);

  await row(page, "a manual.pdf").getByRole("link", { name: "Preview a manual.pdf" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "a manual.pdf" })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: `/Preview ${s}/a manual.pdf` })).toBeVisible();
  const frame = page.locator("section[data-kind=pdf] iframe");
  const src = await frame.getAttribute("src");
  expect(src).toMatch(/^\/_blob\/o\/.+X-Signature=/);
  expect(src).not.toContain("download=1");
  const res = await page.request.get(src!);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("application/pdf");
  expect(res.headers()["content-disposition"]).toMatch(/^inline/);
  // A tampered link is refused (the signature covers the disposition).
  expect((await page.request.get(`${src}&download=1`)).status()).toBe(403);
  await expect(page.getByText("File 1 of 3")).toBeVisible();

  await page.getByRole("link", { name: "Next →" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "b photo.png" })).toBeVisible();
  const img = page.locator("section[data-kind=image] img");
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(640);
  const box = await img.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);

  await page.getByRole("link", { name: "Next →" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "c notes.txt" })).toBeVisible();
  // Text is shown as text, never as HTML.
  await expect(page.locator("section[data-kind=text] pre")).toContainText("line 1 <b>not bold</b>");
  await expect(page.locator("section[data-kind=text] b")).toHaveCount(0);

  await page.getByRole("link", { name: "← Previous" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "b photo.png" })).toBeVisible();
  await page.getByRole("link", { name: "Back to the folder" }).click();
  await expect(row(page, "b photo.png")).toHaveCount(1);
  fs.rmSync(dir, { recursive: true, force: true });
});
