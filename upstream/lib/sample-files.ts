// Small but real files for the demo seed: PNG bitmaps (encoded here with node:zlib), XLSX workbooks
// (SheetJS), CSV and text. PDFs come from ./pdf (renderPdf). Everything is deterministic: the same
// inputs give the same bytes, so the seed is reproducible.
import crypto from "node:crypto";
import fs from "node:fs";
import zlib from "node:zlib";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import * as XLSX from "@e965/xlsx";

const require = createRequire(import.meta.url);

// ---------------------------------------------------------------------------------------------
// A cache of the slow images (the scanned pages: a canvas render and a deflate each). Their bytes
// depend only on their inputs and this file, so a process keeps each once, and with
// SAMPLE_CACHE_DIR set (the test runs: vitest.config.ts) a file per image is shared by every test
// process and run. The key holds this file's own hash: a change here makes new entries.
// ---------------------------------------------------------------------------------------------

const memo = new Map<string, Uint8Array>();
let sourceHash: string | null = null;

function cacheKey(kind: string, opts: unknown): string {
  if (sourceHash == null) {
    try {
      sourceHash = crypto.createHash("sha256").update(fs.readFileSync(fileURLToPath(import.meta.url))).digest("hex").slice(0, 16);
    } catch {
      sourceHash = "unknown";
    }
  }
  return crypto.createHash("sha256").update(`${sourceHash}\n${kind}\n${JSON.stringify(opts)}`).digest("hex").slice(0, 32);
}

async function cachedImage(kind: string, opts: unknown, make: () => Promise<Uint8Array>): Promise<Uint8Array> {
  const key = cacheKey(kind, opts);
  const hit = memo.get(key);
  if (hit) return hit;
  const dir = process.env.SAMPLE_CACHE_DIR;
  const file = dir ? path.join(dir, `${key}.bin`) : null;
  if (file) {
    try {
      const bytes = new Uint8Array(fs.readFileSync(file));
      memo.set(key, bytes);
      return bytes;
    } catch {
      /* not cached yet */
    }
  }
  const bytes = await make();
  memo.set(key, bytes);
  if (file) {
    try {
      fs.mkdirSync(dir!, { recursive: true });
      // Written aside, then renamed: a parallel reader never sees half a file.
      const tmp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, bytes);
      fs.renameSync(tmp, file);
    } catch {
      /* a cache only */
    }
  }
  return bytes;
}

// ---------------------------------------------------------------------------------------------
// Deterministic randomness
// ---------------------------------------------------------------------------------------------

/** mulberry32: a small, fast, seeded PRNG. Returns a function giving floats in [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stable 32-bit seed from a string (FNV-1a). */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

// ---------------------------------------------------------------------------------------------
// PNG
// ---------------------------------------------------------------------------------------------

export type Rgb = [number, number, number];

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out, 4, 8 + data.length));
  return out;
}

// A 5x7 bitmap font: each glyph is seven rows of five bits (most significant bit = left column).
const FONT_ROWS: Record<string, string> = {
  A: "01110 10001 10001 11111 10001 10001 10001",
  B: "11110 10001 10001 11110 10001 10001 11110",
  C: "01110 10001 10000 10000 10000 10001 01110",
  D: "11110 10001 10001 10001 10001 10001 11110",
  E: "11111 10000 10000 11110 10000 10000 11111",
  F: "11111 10000 10000 11110 10000 10000 10000",
  G: "01110 10001 10000 10111 10001 10001 01111",
  H: "10001 10001 10001 11111 10001 10001 10001",
  I: "01110 00100 00100 00100 00100 00100 01110",
  J: "00111 00010 00010 00010 00010 10010 01100",
  K: "10001 10010 10100 11000 10100 10010 10001",
  L: "10000 10000 10000 10000 10000 10000 11111",
  M: "10001 11011 10101 10101 10001 10001 10001",
  N: "10001 10001 11001 10101 10011 10001 10001",
  O: "01110 10001 10001 10001 10001 10001 01110",
  P: "11110 10001 10001 11110 10000 10000 10000",
  Q: "01110 10001 10001 10001 10101 10010 01101",
  R: "11110 10001 10001 11110 10100 10010 10001",
  S: "01111 10000 10000 01110 00001 00001 11110",
  T: "11111 00100 00100 00100 00100 00100 00100",
  U: "10001 10001 10001 10001 10001 10001 01110",
  V: "10001 10001 10001 10001 10001 01010 00100",
  W: "10001 10001 10001 10101 10101 10101 01010",
  X: "10001 10001 01010 00100 01010 10001 10001",
  Y: "10001 10001 10001 01010 00100 00100 00100",
  Z: "11111 00001 00010 00100 01000 10000 11111",
  "0": "01110 10001 10011 10101 11001 10001 01110",
  "1": "00100 01100 00100 00100 00100 00100 01110",
  "2": "01110 10001 00001 00010 00100 01000 11111",
  "3": "11111 00010 00100 00010 00001 10001 01110",
  "4": "00010 00110 01010 10010 11111 00010 00010",
  "5": "11111 10000 11110 00001 00001 10001 01110",
  "6": "00110 01000 10000 11110 10001 10001 01110",
  "7": "11111 00001 00010 00100 01000 01000 01000",
  "8": "01110 10001 10001 01110 10001 10001 01110",
  "9": "01110 10001 10001 01111 00001 00010 01100",
  "-": "00000 00000 00000 11111 00000 00000 00000",
  ".": "00000 00000 00000 00000 00000 01100 01100",
  ",": "00000 00000 00000 00000 01100 00100 01000",
  ":": "00000 01100 01100 00000 01100 01100 00000",
  "/": "00001 00001 00010 00100 01000 10000 10000",
  "%": "11000 11001 00010 00100 01000 10011 00011",
  "(": "00010 00100 01000 01000 01000 00100 00010",
  ")": "01000 00100 00010 00010 00010 00100 01000",
  "+": "00000 00100 00100 11111 00100 00100 00000",
  "#": "01010 01010 11111 01010 11111 01010 01010",
  " ": "00000 00000 00000 00000 00000 00000 00000",
};
const FONT: Record<string, number[]> = Object.fromEntries(
  Object.entries(FONT_ROWS).map(([ch, rows]) => [ch, rows.split(" ").map((r) => parseInt(r, 2))]),
);

/** An RGB bitmap with a few drawing primitives, encoded as PNG by toPng(). */
export class Bitmap {
  readonly data: Uint8Array;
  constructor(readonly width: number, readonly height: number, background: Rgb = [255, 255, 255]) {
    this.data = new Uint8Array(width * height * 3);
    this.fill(background);
  }

  fill(c: Rgb) {
    for (let i = 0; i < this.data.length; i += 3) {
      this.data[i] = c[0];
      this.data[i + 1] = c[1];
      this.data[i + 2] = c[2];
    }
  }

  set(x: number, y: number, c: Rgb) {
    x = Math.round(x);
    y = Math.round(y);
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 3;
    this.data[i] = c[0];
    this.data[i + 1] = c[1];
    this.data[i + 2] = c[2];
  }

  rect(x: number, y: number, w: number, h: number, c: Rgb) {
    const x0 = Math.max(0, Math.round(x));
    const y0 = Math.max(0, Math.round(y));
    const x1 = Math.min(this.width, Math.round(x + w));
    const y1 = Math.min(this.height, Math.round(y + h));
    for (let yy = y0; yy < y1; yy++) {
      for (let xx = x0; xx < x1; xx++) {
        const i = (yy * this.width + xx) * 3;
        this.data[i] = c[0];
        this.data[i + 1] = c[1];
        this.data[i + 2] = c[2];
      }
    }
  }

  strokeRect(x: number, y: number, w: number, h: number, c: Rgb, t = 1) {
    this.rect(x, y, w, t, c);
    this.rect(x, y + h - t, w, t, c);
    this.rect(x, y, t, h, c);
    this.rect(x + w - t, y, t, h, c);
  }

  line(x0: number, y0: number, x1: number, y1: number, c: Rgb, t = 1) {
    const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0), 1);
    const half = Math.floor(t / 2);
    for (let s = 0; s <= steps; s++) {
      const x = x0 + ((x1 - x0) * s) / steps;
      const y = y0 + ((y1 - y0) * s) / steps;
      if (t <= 1) this.set(x, y, c);
      else this.rect(Math.round(x) - half, Math.round(y) - half, t, t, c);
    }
  }

  /** Ellipse outline (t = thickness) or filled. */
  ellipse(cx: number, cy: number, rx: number, ry: number, c: Rgb, { fill = false, t = 1 } = {}) {
    const x0 = Math.floor(cx - rx - t);
    const x1 = Math.ceil(cx + rx + t);
    const y0 = Math.floor(cy - ry - t);
    const y1 = Math.ceil(cy + ry + t);
    const inner = (rx - t) > 0 && (ry - t) > 0;
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const d = ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2;
        if (d > 1) continue;
        if (fill) this.set(x, y, c);
        else if (!inner || ((x - cx) / (rx - t)) ** 2 + ((y - cy) / (ry - t)) ** 2 > 1) this.set(x, y, c);
      }
    }
  }

  /** Text in the 5x7 font (upper-cased; unknown characters become spaces). Returns the width drawn. */
  text(x: number, y: number, str: string, c: Rgb, scale = 1): number {
    let cx = x;
    for (const ch of str.toUpperCase()) {
      const glyph = FONT[ch] ?? FONT[" "];
      for (let row = 0; row < 7; row++) {
        for (let col = 0; col < 5; col++) {
          if (glyph[row] & (1 << (4 - col))) this.rect(cx + col * scale, y + row * scale, scale, scale, c);
        }
      }
      cx += 6 * scale;
    }
    return cx - x;
  }

  static textWidth(str: string, scale = 1) {
    return str.length * 6 * scale;
  }

  toPng(): Uint8Array {
    const { width, height, data } = this;
    const raw = new Uint8Array((width * 3 + 1) * height);
    for (let y = 0; y < height; y++) {
      raw[y * (width * 3 + 1)] = 0; // filter: none
      raw.set(data.subarray(y * width * 3, (y + 1) * width * 3), y * (width * 3 + 1) + 1);
    }
    const ihdr = new Uint8Array(13);
    const v = new DataView(ihdr.buffer);
    v.setUint32(0, width);
    v.setUint32(4, height);
    ihdr[8] = 8; // bit depth
    ihdr[9] = 2; // colour type: truecolour
    const idat = zlib.deflateSync(raw, { level: 6 });
    const parts = [
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk("IHDR", ihdr),
      pngChunk("IDAT", new Uint8Array(idat.buffer, idat.byteOffset, idat.byteLength)),
      pngChunk("IEND", new Uint8Array(0)),
    ];
    return concat(parts);
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let off = 0;
  for (const p of parts) {
    out.set(p, off);
    off += p.length;
  }
  return out;
}

const INK: Rgb = [33, 43, 54];
const GRID: Rgb = [226, 232, 240];
const NAVY: Rgb = [20, 61, 110];
const RED: Rgb = [200, 30, 45];
const AMBER: Rgb = [214, 137, 16];
const GREEN: Rgb = [34, 139, 84];

export interface DamageMark {
  ref: string;
  /** Position along the view, 0..1 (nose to tail / root to tip). */
  x: number;
  /** Position across the view, 0..1. */
  y: number;
  kind: "dent" | "scratch" | "repair";
}

/** A damage chart: the outline of a fuselage side or a wing in plan view, a frame grid and marked damages. */
export function damageChartPng(opts: { title: string; subtitle: string; view: "fuselage" | "wing"; marks: DamageMark[] }): Uint8Array {
  const W = 640;
  const H = 360;
  const b = new Bitmap(W, H);
  b.rect(0, 0, W, 28, NAVY);
  b.text(10, 8, opts.title, [255, 255, 255], 2);
  b.text(10, H - 18, opts.subtitle, INK, 1);
  const left = 40;
  const right = W - 40;
  const top = 60;
  const bottom = H - 70;
  for (let x = left; x <= right; x += 28) b.line(x, top, x, bottom, GRID);
  for (let y = top; y <= bottom; y += 28) b.line(left, y, right, y, GRID);
  const midY = (top + bottom) / 2;
  if (opts.view === "fuselage") {
    // Cabin barrel, nose and tail cone, vertical fin, windows and doors.
    b.rect(left + 60, midY - 40, right - left - 160, 2, INK);
    b.rect(left + 60, midY + 38, right - left - 160, 2, INK);
    b.ellipse(left + 60, midY, 60, 40, INK, { t: 2 });
    b.rect(left + 61, midY - 38, 60, 76, [255, 255, 255]);
    b.line(right - 100, midY - 40, right, midY - 10, INK, 2);
    b.line(right - 100, midY + 40, right, midY + 5, INK, 2);
    b.line(right, midY - 10, right, midY + 5, INK, 2);
    b.line(right - 90, midY - 38, right - 40, midY - 110, INK, 2);
    b.line(right - 40, midY - 110, right - 10, midY - 110, INK, 2);
    b.line(right - 10, midY - 110, right - 20, midY - 15, INK, 2);
    for (let x = left + 100; x < right - 120; x += 18) b.rect(x, midY - 20, 8, 10, [150, 170, 190]);
    b.strokeRect(left + 80, midY - 30, 16, 56, INK, 2);
    b.strokeRect(right - 140, midY - 30, 16, 56, INK, 2);
    for (let f = 0; f <= 10; f++) {
      const x = left + 60 + ((right - left - 160) * f) / 10;
      b.text(x - 6, bottom + 6, `FR${f * 10}`, [120, 130, 140], 1);
    }
  } else {
    // Wing planform: leading edge, trailing edge with flaps, tip.
    const rootTop = top + 10;
    const rootBottom = bottom - 10;
    const tipX = right - 20;
    b.line(left, rootTop, tipX, midY - 20, INK, 2);
    b.line(left, rootBottom, tipX, midY + 10, INK, 2);
    b.line(tipX, midY - 20, tipX, midY + 10, INK, 2);
    b.line(left, rootTop, left, rootBottom, INK, 2);
    for (let i = 1; i < 5; i++) {
      const x = left + ((tipX - left) * i) / 6;
      const yEdge = rootBottom + ((midY + 10 - rootBottom) * (x - left)) / (tipX - left);
      b.line(x, yEdge - 30, x, yEdge, INK, 1);
    }
    for (let s = 0; s <= 8; s++) {
      const x = left + ((tipX - left) * s) / 8;
      b.text(x - 6, bottom + 6, `WS${s * 100}`, [120, 130, 140], 1);
    }
  }
  for (const m of opts.marks) {
    const x = left + 20 + m.x * (right - left - 40);
    const y = top + 20 + m.y * (bottom - top - 40);
    const c = m.kind === "dent" ? RED : m.kind === "scratch" ? AMBER : GREEN;
    if (m.kind === "repair") b.strokeRect(x - 6, y - 6, 12, 12, c, 2);
    else {
      b.line(x - 6, y - 6, x + 6, y + 6, c, 2);
      b.line(x - 6, y + 6, x + 6, y - 6, c, 2);
    }
    b.text(x + 9, y - 3, m.ref, c, 1);
  }
  // Legend
  const ly = H - 44;
  b.line(left, ly, left + 10, ly + 10, RED, 2);
  b.line(left, ly + 10, left + 10, ly, RED, 2);
  b.text(left + 16, ly + 2, "DENT", INK);
  b.line(left + 70, ly, left + 80, ly + 10, AMBER, 2);
  b.line(left + 70, ly + 10, left + 80, ly, AMBER, 2);
  b.text(left + 86, ly + 2, "SCRATCH", INK);
  b.strokeRect(left + 150, ly, 11, 11, GREEN, 2);
  b.text(left + 168, ly + 2, "REPAIR", INK);
  return b.toPng();
}

/** A trend chart (line with markers) with axes, limit line and labels. */
export function trendChartPng(opts: { title: string; subtitle: string; unit: string; values: number[]; limit?: number; labels?: string[] }): Uint8Array {
  const W = 640;
  const H = 320;
  const b = new Bitmap(W, H);
  b.rect(0, 0, W, 28, NAVY);
  b.text(10, 8, opts.title, [255, 255, 255], 2);
  const left = 60;
  const right = W - 20;
  const top = 50;
  const bottom = H - 50;
  const max = Math.max(...opts.values, opts.limit ?? 0) * 1.15 || 1;
  for (let i = 0; i <= 5; i++) {
    const y = bottom - ((bottom - top) * i) / 5;
    b.line(left, y, right, y, GRID);
    const label = ((max * i) / 5).toFixed(max < 10 ? 2 : 0);
    b.text(left - Bitmap.textWidth(label) - 6, y - 3, label, [100, 110, 120]);
  }
  b.line(left, top, left, bottom, INK, 2);
  b.line(left, bottom, right, bottom, INK, 2);
  b.text(left, top - 14, opts.unit, INK);
  if (opts.limit != null) {
    const y = bottom - ((bottom - top) * opts.limit) / max;
    for (let x = left; x < right; x += 10) b.line(x, y, x + 5, y, RED, 2);
    b.text(right - 60, y - 12, "LIMIT", RED);
  }
  const n = opts.values.length;
  let prev: [number, number] | null = null;
  opts.values.forEach((v, i) => {
    const x = left + 10 + ((right - left - 20) * i) / Math.max(1, n - 1);
    const y = bottom - ((bottom - top) * v) / max;
    if (prev) b.line(prev[0], prev[1], x, y, [37, 99, 235], 2);
    prev = [x, y];
  });
  opts.values.forEach((v, i) => {
    const x = left + 10 + ((right - left - 20) * i) / Math.max(1, n - 1);
    const y = bottom - ((bottom - top) * v) / max;
    b.rect(x - 3, y - 3, 7, 7, NAVY);
    const lab = opts.labels?.[i];
    if (lab && (n <= 12 || i % Math.ceil(n / 12) === 0)) b.text(x - Bitmap.textWidth(lab) / 2, bottom + 8, lab, [100, 110, 120]);
  });
  b.text(10, H - 16, opts.subtitle, INK);
  return b.toPng();
}

/** An inspection "photo": a hangar-like scene (gradient, floor, panel with rivet lines and a marked area) with a caption. */
export function inspectionPhotoPng(opts: { caption: string; seed: number }): Uint8Array {
  const W = 400;
  const H = 300;
  const rnd = prng(opts.seed);
  const b = new Bitmap(W, H);
  for (let y = 0; y < H; y++) {
    const t = y / H;
    const base: Rgb = y < H * 0.62 ? [Math.round(170 - 60 * t), Math.round(180 - 60 * t), Math.round(195 - 50 * t)] : [Math.round(96 + 30 * t), 96, 92];
    for (let x = 0; x < W; x++) {
      const n = Math.round((rnd() - 0.5) * 14);
      b.set(x, y, [clamp(base[0] + n), clamp(base[1] + n), clamp(base[2] + n)]);
    }
  }
  // The skin panel, its rivet rows and a circled finding.
  const px = 40 + Math.round(rnd() * 40);
  b.rect(px, 40, 300, 150, [205, 210, 216]);
  b.strokeRect(px, 40, 300, 150, [120, 126, 134], 2);
  for (let y = 52; y < 190; y += 34) for (let x = px + 10; x < px + 300; x += 14) b.rect(x, y, 3, 3, [110, 116, 124]);
  const fx = px + 80 + Math.round(rnd() * 140);
  const fy = 90 + Math.round(rnd() * 60);
  b.ellipse(fx, fy, 16, 10, [150, 150, 155], { fill: true });
  b.ellipse(fx, fy, 28, 22, RED, { t: 3 });
  b.rect(0, H - 26, W, 26, [0, 0, 0]);
  b.text(8, H - 18, opts.caption, [255, 255, 255]);
  return b.toPng();
}

/** A round avatar with initials, for consultant profile photos. */
export function avatarPng(opts: { initials: string; hue: number }): Uint8Array {
  const S = 160;
  const b = new Bitmap(S, S, [244, 246, 248]);
  const c = hsl(opts.hue, 0.45, 0.42);
  b.ellipse(S / 2, S / 2, S / 2 - 4, S / 2 - 4, c, { fill: true });
  const initials = opts.initials.slice(0, 2).toUpperCase();
  const scale = 7;
  b.text(S / 2 - Bitmap.textWidth(initials, scale) / 2 + scale / 2, S / 2 - (7 * scale) / 2, initials, [255, 255, 255], scale);
  return b.toPng();
}

const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));

function hsl(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [clamp(f(0) * 255), clamp(f(8) * 255), clamp(f(4) * 255)];
}

// ---------------------------------------------------------------------------------------------
// XLSX, CSV, TXT
// ---------------------------------------------------------------------------------------------

export type Cell = string | number | boolean | null;

export interface SheetSpec {
  name: string;
  /** Optional lines above the header row (title, aircraft, date). */
  preamble?: string[];
  columns: string[];
  rows: Cell[][];
}

/** An .xlsx workbook with one sheet per spec; column widths follow the content. */
export function xlsxBytes(sheets: SheetSpec[]): Uint8Array {
  const wb = XLSX.utils.book_new();
  for (const s of sheets) {
    const pre = (s.preamble ?? []).map((l) => [l]);
    const aoa: Cell[][] = [...pre, ...(pre.length ? [[]] : []), s.columns, ...s.rows];
    const ws = XLSX.utils.aoa_to_sheet(aoa);
    ws["!cols"] = s.columns.map((c, i) => ({
      wch: Math.min(60, Math.max(c.length, ...s.rows.map((r) => String(r[i] ?? "").length)) + 2),
    }));
    XLSX.utils.book_append_sheet(wb, ws, s.name.slice(0, 31));
  }
  const out = XLSX.write(wb, { type: "buffer", bookType: "xlsx", compression: true }) as Buffer;
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

const csvField = (v: Cell) => {
  const s = v == null ? "" : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** RFC 4180 CSV (CRLF line ends, quoted where needed). */
export function csvBytes(columns: string[], rows: Cell[][]): Uint8Array {
  const lines = [columns, ...rows].map((r) => r.map(csvField).join(","));
  return new TextEncoder().encode(lines.join("\r\n") + "\r\n");
}

export function textBytes(lines: string[]): Uint8Array {
  return new TextEncoder().encode(lines.join("\n") + "\n");
}

export const CONTENT_TYPES = {
  pdf: "application/pdf",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  png: "image/png",
  csv: "text/csv; charset=utf-8",
  txt: "text/plain; charset=utf-8",
} as const;

export type SampleKind = keyof typeof CONTENT_TYPES;

/**
 * A "scanned" page: printed lines in DejaVu Sans (the font package the PDFs use) on an off-white
 * sheet with a slight tilt and speckle, as a flat-bed scan of a form looks: the demo's OCR material
 * (issue 17). Drawn with @napi-rs/canvas; the 5x7 bitmap font is the fallback if it is missing.
 */
export function scannedPagePng(opts: { lines: string[]; seed: number; size?: number; ink?: string }): Promise<Uint8Array> {
  return cachedImage("scannedPagePng", opts, () => drawScannedPage(opts));
}

async function drawScannedPage(opts: { lines: string[]; seed: number; size?: number; ink?: string }): Promise<Uint8Array> {
  const rnd = prng(opts.seed);
  const size = opts.size ?? 30;
  let canvasMod: typeof import("@napi-rs/canvas") | null = null;
  try {
    canvasMod = await import("@napi-rs/canvas");
  } catch {
    canvasMod = null;
  }
  if (!canvasMod) {
    const longest = Math.max(...opts.lines.map((l) => l.length), 20);
    const b = new Bitmap(Bitmap.textWidth("X".repeat(longest), 4) + 120, opts.lines.length * 40 + 120, [246, 244, 238]);
    opts.lines.forEach((line, i) => b.text(60, 60 + i * 40, line, [28, 28, 34], 4));
    return b.toPng();
  }
  const { createCanvas, GlobalFonts } = canvasMod;
  if (!GlobalFonts.has("DejaVu Sans Scan")) {
    GlobalFonts.registerFromPath(path.join(path.dirname(require.resolve("dejavu-fonts-ttf/package.json")), "ttf", "DejaVuSans.ttf"), "DejaVu Sans Scan");
  }
  const lineH = Math.round(size * 1.6);
  const width = 1240;
  const height = opts.lines.length * lineH + 160;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "rgb(246,244,238)";
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = "rgb(175,175,175)";
  for (let i = 0; i < (width * height) / 500; i++) ctx.fillRect(rnd() * width, rnd() * height, 1, 1);
  ctx.translate(width / 2, height / 2);
  ctx.rotate((rnd() - 0.5) * 0.012); // a sheet fed slightly askew
  ctx.translate(-width / 2, -height / 2);
  ctx.strokeStyle = "rgb(110,110,110)";
  ctx.lineWidth = 2;
  ctx.strokeRect(24, 24, width - 48, height - 48);
  ctx.fillStyle = opts.ink ?? "rgb(30,30,38)";
  ctx.font = `${size}px "DejaVu Sans Scan"`;
  opts.lines.forEach((line, i) => ctx.fillText(line, 70, 80 + size + i * lineH));
  // Re-encoded by our own writer: an RGB PNG like every other seeded image, byte-for-byte reproducible.
  const rgba = ctx.getImageData(0, 0, width, height).data;
  const b = new Bitmap(width, height);
  for (let i = 0, j = 0; i < rgba.length; i += 4, j += 3) {
    b.data[j] = rgba[i]!;
    b.data[j + 1] = rgba[i + 1]!;
    b.data[j + 2] = rgba[i + 2]!;
  }
  return b.toPng();
}

/** A PDF whose pages are images only (no text layer), as a scanner writes them. */
export async function scannedPdf(pages: Uint8Array[]): Promise<Uint8Array> {
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({ size: "A4", margin: 0, autoFirstPage: false, info: { Title: "Scan", CreationDate: new Date(Date.UTC(2026, 0, 1)) } });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((r) => doc.on("end", () => r()));
  for (const png of pages) {
    doc.addPage();
    doc.image(Buffer.from(png), 20, 20, { width: 555 });
  }
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}
