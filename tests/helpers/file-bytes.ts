// Files with known bytes for the storage tests, Playwright's (tests/e2e/) and the HTTP ones
// (tests/http/): deterministic bytes, a small real PDF and PNG, and the entry names of a zip.
import zlib from "node:zlib";

/** Deterministic bytes (so a download can be compared with what was uploaded). */
export function bytesOf(size: number, seed: number): Buffer {
  const b = Buffer.alloc(size);
  let x = (seed * 2654435761) >>> 0 || 1;
  for (let i = 0; i < size; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    b[i] = x & 0xff;
  }
  return b;
}

/** A one-page PDF with a line of text (valid enough for Chromium's viewer). */
export function pdfBytes(text: string): Buffer {
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
export function pngBytes(w: number, h: number, rgb: [number, number, number]): Buffer {
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

/** The width and height a PNG declares (its IHDR). */
export function pngSize(buf: Uint8Array): { width: number; height: number } {
  const b = Buffer.from(buf);
  if (b.subarray(1, 4).toString("latin1") !== "PNG" || b.subarray(12, 16).toString("latin1") !== "IHDR") throw new Error("not a PNG");
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

/** The entry names of a zip (its central directory). */
export function zipEntries(buf: Uint8Array): string[] {
  const b = Buffer.from(buf);
  const names: string[] = [];
  for (let i = b.length - 22; i >= 0; i--) {
    if (b.readUInt32LE(i) !== 0x06054b50) continue;
    let p = b.readUInt32LE(i + 16);
    const count = b.readUInt16LE(i + 10);
    for (let n = 0; n < count; n++) {
      const nameLen = b.readUInt16LE(p + 28);
      const extra = b.readUInt16LE(p + 30);
      const comment = b.readUInt16LE(p + 32);
      names.push(b.subarray(p + 46, p + 46 + nameLen).toString("utf8"));
      p += 46 + nameLen + extra + comment;
    }
    break;
  }
  return names;
}
