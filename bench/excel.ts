// Excel figures (ADR 036): the time and size of a tab export of 5,000 rows (seven columns, two of them
// dates written as date cells, one a number; bold frozen header, autofilter, measured widths) with
// ExcelJS; for comparison the unstyled, untyped SheetJS CE writer it replaced; and the same rows read back by the upload's reader (SheetJS); medians of three runs.
//   npx tsx bench/excel.ts
import * as XLSX from "@e965/xlsx";
import { buildWorkbook, readSheet, type SheetSpec } from "../upstream/ops/sheets";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function measure<T>(label: string, make: () => Promise<T> | T, describe: (x: T) => string) {
  const times: number[] = [];
  let out!: T;
  for (let k = 0; k < 3; k++) {
    const t = performance.now();
    out = await make();
    times.push(performance.now() - t);
  }
  console.log(`${label}: ${median(times).toFixed(0)} ms, ${describe(out)}`);
  return out;
}

const columns = ["Description", "ATA", "Part No", "Serial No", "Installed", "Limit Months", "Due"];
const types = ["text", "text", "text", "text", "date", "number", "date"];
const day = (i: number) => new Date(Date.UTC(2020, 0, 1) + (i % 2000) * 86400_000).toISOString().slice(0, 10);
const row = (i: number) => [`Escape slide ${i}; inspected per AMM 25-62-00`, String(21 + (i % 60)), `PN-${(i * 7919) % 100_000}`, `SN${(i * 104_729) % 1_000_000}`, day(i), 12 + (i % 5) * 12, day(i + 365)];
const sheet: SheetSpec = { name: "Hard Time Components", columns, types, rows: Array.from({ length: 5000 }, (_, i) => row(i)) };
const meta = { title: "Hard Time Components: MSN 5123", subject: "AeroOPS Hard Time Components, MSN 5123 (EI-FSK)", keywords: "MSN 5123; EI-FSK; AeroOPS" };
const bytes = await measure("tab workbook, 5,000 rows × 7 columns (ExcelJS)", () => buildWorkbook([sheet], meta), (b) => `${(b.length / 1024).toFixed(0)} KiB`);
await measure("the same unstyled, dates as text (SheetJS CE, before ADR 036)", () => {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([columns, ...sheet.rows]), sheet.name);
  return XLSX.write(wb, { type: "buffer", bookType: "xlsx", compression: true }) as Buffer;
}, (b) => `${(b.length / 1024).toFixed(0)} KiB`);
await measure("the same read back (SheetJS, as an upload)", () => readSheet(bytes, "tab.xlsx"), (s) => `${s.rows.length} rows`);
