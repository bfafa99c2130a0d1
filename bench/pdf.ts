// PDF figures (ADR 032): the time and size of a tab export of 5,000 rows (seven columns, DejaVu Sans
// embedded, compressed) and of a 12-tab binder's worth of small tables; medians of three runs.
//   npx tsx bench/pdf.ts
import { renderPdf, type PdfSection } from "../upstream/lib/pdf";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function measure(label: string, make: () => Promise<Uint8Array>) {
  const times: number[] = [];
  let size = 0;
  for (let k = 0; k < 3; k++) {
    const t = performance.now();
    size = (await make()).length;
    times.push(performance.now() - t);
  }
  console.log(`${label}: ${median(times).toFixed(0)} ms, ${(size / 1024).toFixed(0)} KiB`);
}

const columns = ["No", "Description", "Part No", "Serial No", "Installed", "Remarks", "Due"];
const row = (i: number) => [String(i + 1), `Escape slide ${i}`, `PN-${(i * 7919) % 100_000}`, `SN${(i * 104_729) % 1_000_000}`, "2024-01-01", `Serviceable; inspected per AMM 25-62-00, note ${i}`, "2027-01-01"];
await measure("tab PDF, 5,000 rows", () => renderPdf({ title: "Hard Time Components", sections: [{ table: { columns, rows: Array.from({ length: 5000 }, (_, i) => row(i)) } }] }));
const tabs: PdfSection[] = Array.from({ length: 12 }, (_, t) => ({ heading: `Tab ${t + 1}`, bookmark: true, table: { columns, rows: Array.from({ length: 40 }, (_, i) => row(i)) } }));
await measure("binder PDF, 12 tabs of 40 rows with contents", () => renderPdf({ title: "Full Delivery Binder", contents: true, sections: tabs }));
