// Hostile files for the tests of ADR 067/068, made on the fly (nothing large is committed).
import zlib from "node:zlib";
/** A one-page PDF (about 300 KB) whose FlateDecode content stream inflates to `mb` MB of zeros. */
export function pdfBomb(mb = 300): Buffer {
  const raw = Buffer.alloc(mb * 1024 * 1024, 0);
  const deflated = zlib.deflateSync(raw, { level: 9 });
  const objs: Buffer[] = [];
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n%\xE2\xE3\xCF\xD3\n", "latin1")];
  const offsets: number[] = [];
  let len = parts[0].length;
  const add = (b: Buffer) => { parts.push(b); len += b.length; };
  const obj = (n: number, body: Buffer | string) => { offsets[n] = len; add(Buffer.from(`${n} 0 obj\n`)); add(typeof body === "string" ? Buffer.from(body) : body); add(Buffer.from("\nendobj\n")); };
  obj(1, "<< /Type /Catalog /Pages 2 0 R >>");
  obj(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>");
  obj(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << >> >>");
  obj(4, Buffer.concat([Buffer.from(`<< /Length ${deflated.length} /Filter /FlateDecode >>\nstream\n`), deflated, Buffer.from("\nendstream")]));
  const xref = len;
  let x = `xref\n0 5\n0000000000 65535 f \n`;
  for (let i = 1; i <= 4; i++) x += `${String(offsets[i]).padStart(10, "0")} 00000 n \n`;
  add(Buffer.from(x + `trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`));
  return Buffer.concat(parts);
}
