// The AeroOIL status dashboard as a PNG (issue 15 item 2, "Screenshot download"; ADR 049), drawn by the
// ops API (POST /v1/oil_data/status_dashboard_png) with @napi-rs/canvas (Skia, a native module; already
// a dependency for OCR): no browser, no screenshot service, and nothing native in the portal. It shows
// what the page shows at a glance: the title (ADR 037) and aircraft, the fleet counts, the status of
// each unit, and per oil tab the watched rows and the rows above an alert limit (ADR 048).
// Text is set in DejaVu Sans from the dejavu-fonts-ttf package, so a server without fonts draws it too.
import { createRequire } from "node:module";
import path from "node:path";
import { createCanvas, GlobalFonts, type SKRSContext2D } from "@napi-rs/canvas";

/** What the picture shows (oil-limits.ts reads it as get_status_dashboard does). */
export interface DashboardPicture {
  title: string;
  header: { msn: string; registration: string | null; oil_issue_date: string | null };
  counts: { total: number; grounded: number; operational: number; transitional: number };
  /** The status tab's first rows (its columns without the Watch/Unwatch one), if the aircraft has it. */
  units: { columns: { name: string; type: string }[]; rows: { data: Record<string, unknown>; watched: boolean }[] } | null;
  /** The oil tabs with watched rows or rows above an alert limit. */
  byTab: { tab_name: string; watched: number; over: number }[];
}

const FONT = "AeroPng Sans";
let fontsReady = false;
function ensureFonts() {
  if (fontsReady) return;
  const dir = path.join(path.dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")), "ttf");
  GlobalFonts.registerFromPath(path.join(dir, "DejaVuSans.ttf"), FONT);
  GlobalFonts.registerFromPath(path.join(dir, "DejaVuSans-Bold.ttf"), FONT);
  fontsReady = true;
}

export const DASHBOARD_PNG_WIDTH = 1200;
const PAD = 40;
const INK = "#101828";
const MUTED = "#475467";
const BORDER = "#d0d5dd";
const NAVY = "#0b2545";
const WATCHED = "#d97706";
const OVER = "#b42318";
const TONE: Record<string, string> = { Alert: "#b42318", Monitor: "#9a6700", Normal: "#067647" };

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const day = (iso: string | null | undefined) => {
  if (!iso || !/^\d{4}-\d{2}-\d{2}/.test(iso)) return "—";
  return `${Number(iso.slice(8, 10))} ${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;
};

function text(ctx: SKRSContext2D, s: string, x: number, y: number, size: number, color = INK, weight: "normal" | "bold" = "normal", align: CanvasTextAlign = "left", maxW?: number) {
  ctx.font = `${weight} ${size}px "${FONT}"`;
  ctx.fillStyle = color;
  ctx.textAlign = align;
  ctx.textBaseline = "alphabetic";
  let out = s;
  if (maxW) while (out.length > 1 && ctx.measureText(out).width > maxW) out = `${out.slice(0, -2)}…`;
  ctx.fillText(out, x, y);
}

function roundRect(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, r: number, fill: string, stroke?: string) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
  ctx.fillStyle = fill;
  ctx.fill();
  if (stroke) {
    ctx.strokeStyle = stroke;
    ctx.lineWidth = 1;
    ctx.stroke();
  }
}

/** The dashboard drawn as a PNG (bytes), DASHBOARD_PNG_WIDTH wide, as tall as its content. */
export function dashboardPng(d: DashboardPicture, now = new Date()): Uint8Array {
  ensureFonts();
  const W = DASHBOARD_PNG_WIDTH;
  const units = d.units?.rows ?? [];
  const unitCols = (d.units?.columns ?? []).slice(0, 5);
  const tabs = d.byTab;
  const unitsH = units.length ? 60 + 36 * (units.length + 1) : 0;
  const chartH = tabs.length ? 90 + 44 * tabs.length : 0;
  const H = 130 + 150 + unitsH + chartH + 60;
  const canvas = createCanvas(W, H);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#f5f7fa";
  ctx.fillRect(0, 0, W, H);

  // Title band.
  ctx.fillStyle = NAVY;
  ctx.fillRect(0, 0, W, 110);
  text(ctx, d.title, PAD, 52, 34, "#ffffff", "bold");
  const who = `MSN ${d.header.msn}${d.header.registration ? ` · ${d.header.registration}` : ""} · OIL issue date ${day(d.header.oil_issue_date)}`;
  text(ctx, who, PAD, 88, 18, "#d6e4f5");
  text(ctx, "AeroOIL", W - PAD, 52, 22, "#ffffff", "bold", "right");
  text(ctx, `${now.toISOString().slice(0, 16).replace("T", " ")} UTC`, W - PAD, 88, 16, "#d6e4f5", "normal", "right");

  // Fleet counts.
  let y = 140;
  text(ctx, "Your AeroOIL fleet", PAD, y, 20, INK, "bold");
  const counts: [string, number][] = [
    ["Total", d.counts.total],
    ["Grounded", d.counts.grounded],
    ["Operational", d.counts.operational],
    ["Transitional", d.counts.transitional],
  ];
  const tileW = (W - PAD * 2 - 3 * 16) / 4;
  counts.forEach(([label, n], i) => {
    const x = PAD + i * (tileW + 16);
    roundRect(ctx, x, y + 16, tileW, 96, 10, "#ffffff", BORDER);
    text(ctx, String(n), x + 20, y + 72, 40, INK, "bold");
    text(ctx, label, x + 20, y + 100, 16, MUTED);
  });
  y += 150;

  // Status by unit.
  if (units.length) {
    text(ctx, "Status by unit", PAD, y, 20, INK, "bold");
    const top = y + 16;
    const colW = (W - PAD * 2) / (unitCols.length + 1);
    roundRect(ctx, PAD, top, W - PAD * 2, 36 * (units.length + 1) + 8, 10, "#ffffff", BORDER);
    [...unitCols.map((c) => c.name), "Watch"].forEach((name, i) => text(ctx, name, PAD + 16 + i * colW, top + 26, 15, MUTED, "bold", "left", colW - 20));
    units.forEach((r, k) => {
      const ry = top + 36 * (k + 1) + 26;
      ctx.strokeStyle = "#eaecf0";
      ctx.beginPath();
      ctx.moveTo(PAD + 12, ry - 24);
      ctx.lineTo(W - PAD - 12, ry - 24);
      ctx.stroke();
      unitCols.forEach((c, i) => {
        const v = r.data[c.name];
        const s = v === null || v === undefined ? "" : c.type === "date" && typeof v === "string" ? day(v) : String(v);
        const tone = c.name === "Status" ? TONE[s] : undefined;
        text(ctx, s, PAD + 16 + i * colW, ry, 16, tone ?? INK, tone ? "bold" : "normal", "left", colW - 20);
      });
      text(ctx, r.watched ? "Watched" : "Unwatched", PAD + 16 + unitCols.length * colW, ry, 16, r.watched ? WATCHED : MUTED);
    });
    y = top + 36 * (units.length + 1) + 44;
  }

  // Watched rows and rows above an alert limit, per tab.
  if (tabs.length) {
    text(ctx, "Watched rows and rows above alert limits, by tab", PAD, y, 20, INK, "bold");
    const top = y + 16;
    const labelW = 300;
    const plotX = PAD + labelW;
    const plotW = W - PAD * 2 - labelW - 60;
    const max = Math.max(1, ...tabs.map((t) => Math.max(t.watched, t.over)));
    roundRect(ctx, PAD, top, W - PAD * 2, 44 * tabs.length + 44, 10, "#ffffff", BORDER);
    tabs.forEach((t, i) => {
      const ry = top + 16 + i * 44;
      text(ctx, t.tab_name, plotX - 14, ry + 22, 16, INK, "normal", "right", labelW - 30);
      const bars: [number, string][] = [
        [t.watched, WATCHED],
        [t.over, OVER],
      ];
      bars.forEach(([n, color], j) => {
        const by = ry + 4 + j * 16;
        const bw = (n / max) * plotW;
        if (n > 0) roundRect(ctx, plotX, by, Math.max(2, bw), 13, 3, color);
        text(ctx, String(n), plotX + Math.max(2, bw) + 8, by + 12, 13, MUTED);
      });
    });
    const ly = top + 44 * tabs.length + 30;
    roundRect(ctx, plotX, ly - 11, 14, 14, 3, WATCHED);
    text(ctx, "Watched rows", plotX + 22, ly, 15, MUTED);
    roundRect(ctx, plotX + 170, ly - 11, 14, 14, 3, OVER);
    text(ctx, "Rows above an alert limit", plotX + 192, ly, 15, MUTED);
    y = top + 44 * tabs.length + 44;
  }

  text(ctx, "AeroRecords · AeroOIL status dashboard", PAD, H - 24, 14, MUTED);
  return new Uint8Array(canvas.toBuffer("image/png"));
}
