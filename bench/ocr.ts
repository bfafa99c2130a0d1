// Issue 17: text extraction and search inside documents. Prints figures, never pass/fail.
//   1. OCR pages per minute on a generated scanned page (tesseract.js, English data from node_modules)
//   2. text extraction of a generated 200-page PDF (pdf.js text layer)
//   3. content search over 10,000 documents (FTS5, median of 40 searches per query)
// `npx tsx bench/ocr.ts`
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createUpstream } from "../upstream";
import { seedDemo } from "../upstream/db/seed";
import { createOcrEngine, extractText } from "../upstream/jobs/extract-text";
import { renderPdf } from "../upstream/lib/pdf";
import { prng, scannedPagePng } from "../upstream/lib/sample-files";
import { median } from "./lib";

const WORDS = (
  "aircraft engine landing gear actuator hydraulic pump inspection borescope blade compressor turbine fuel valve seal " +
  "overhaul repair replacement certificate release serviceable airworthiness directive bulletin modification " +
  "component serial part number record logbook task card signed station torque check leak crack corrosion panel " +
  "frame stringer doubler fastener wing fuselage flap slat spoiler rudder elevator aileron cabin cargo door"
).split(" ");

async function ocrRate() {
  const rnd = prng(42);
  const lines = Array.from({ length: 24 }, () => Array.from({ length: 7 }, () => WORDS[Math.floor(rnd() * WORDS.length)]!.toUpperCase()).join(" "));
  const png = await scannedPagePng({ lines, seed: 1, size: 24 });
  const ocr = createOcrEngine();
  const t0 = performance.now();
  await ocr.recognize(png); // first page includes the engine start
  const first = performance.now() - t0;
  const n = 5;
  const t1 = performance.now();
  let conf = 0;
  for (let i = 0; i < n; i++) conf += (await ocr.recognize(png)).confidence;
  const per = (performance.now() - t1) / n;
  await ocr.close();
  console.log(`OCR: ${(60_000 / per).toFixed(1)} pages/min (${per.toFixed(0)} ms per page of 24 lines, mean confidence ${(conf / n).toFixed(0)}; first page with engine start ${first.toFixed(0)} ms)`);
}

async function pdf200() {
  const rnd = prng(7);
  const sections = Array.from({ length: 200 }, (_, i) => ({
    heading: `Task card ${i + 1}`,
    bookmark: true,
    lines: Array.from({ length: 30 }, () => Array.from({ length: 12 }, () => WORDS[Math.floor(rnd() * WORDS.length)]).join(" ")),
  }));
  const bytes = await renderPdf({ title: "Bench binder", sections });
  const t0 = performance.now();
  const out = await extractText(bytes, { name: "binder.pdf" }, null);
  const ms = performance.now() - t0;
  const chars = out.pages.reduce((n, p) => n + p.length, 0);
  console.log(`PDF text layer: ${out.pages.length} pages (${(bytes.length / 1024).toFixed(0)} KiB, ${(chars / 1024).toFixed(0)} KiB of text) in ${ms.toFixed(0)} ms (${(ms / out.pages.length).toFixed(1)} ms/page)`);
}

async function contentSearch() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aero-bench-ocr-"));
  const up = await createUpstream({ dataDir, clientUuid: "b", secret: "s".repeat(32), blobBaseUrl: "/_blob", portalUrl: "http://b", tokenTtlHours: 1, jobWorkers: 0 });
  try {
    await seedDemo(up.deps, { small: true });
    await up.deps.db.deleteFrom("jobs").execute();
    const aircraft = await up.deps.db.selectFrom("aircraft").select(["id", "organization_id", "file_id"]).execute();
    const rnd = prng(3);
    const N = 10_000;
    const t0 = performance.now();
    for (let i = 0; i < N; i += 500) {
      const rows = Array.from({ length: Math.min(500, N - i) }, (_, k) => {
        const ac = aircraft[(i + k) % aircraft.length]!;
        return { aircraft_id: ac.id, parent_id: ac.file_id, path: `/Bench/Doc ${i + k}.pdf`, name: `Doc ${i + k}.pdf`, is_folder: 0, size: 1000, blob_key: `bench/${i + k}`, content_type: "application/pdf", created_by: null };
      });
      const made = await up.deps.db.insertInto("storage_items").values(rows).returning(["id", "aircraft_id", "name", "path"]).execute();
      const orgOf = new Map(aircraft.map((a) => [a.id, a.organization_id]));
      await up.deps.search.index(made.map((m) => ({ id: m.id, name: m.name, path: m.path, aircraft_id: m.aircraft_id, organization_id: orgOf.get(m.aircraft_id)! })));
      await up.deps.db
        .insertInto("file_text")
        .values(
          made.map((m, k) => {
            // ~3 pages of ~150 words each; "quokka" in 1 document of 1000.
            const pages = Array.from({ length: 3 }, () => Array.from({ length: 150 }, () => WORDS[Math.floor(rnd() * WORDS.length)]).join(" "));
            if ((i + k) % 1000 === 7) pages[1] += " quokka";
            return { file_id: m.id, aircraft_id: m.aircraft_id, organization_id: orgOf.get(m.aircraft_id)!, status: "done" as const, method: "pdf-text", pages: 3, confidence: null, text: pages.join("\f"), extracted_at: new Date().toISOString() };
          }),
        )
        .execute();
    }
    console.log(`Indexed ${N.toLocaleString("en-US")} documents (~${(3 * 150).toLocaleString("en-US")} words each) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const ids = aircraft.map((a) => a.id);
    for (const [label, text, scope] of [
      ["rare word, all aircraft", "quokka", "all"],
      ["rare word, one aircraft", "quokka", "one"],
      ["common word (most documents)", "hydraulic", "all"],
      ["two words", "borescope turbine", "all"],
      ["3-letter prefix", "cor", "all"],
    ] as const) {
      const times: number[] = [];
      let total = 0;
      for (let r = 0; r < 40; r++) {
        const t = performance.now();
        const res = await up.deps.search.search({ text, aircraftIds: scope === "one" ? [ids[7 % ids.length]!] : ids, organizationId: null, limit: 20, offset: 0 });
        times.push(performance.now() - t);
        total = res.total;
      }
      console.log(`  content search "${text}" (${label}): median ${median(times).toFixed(1)} ms, ${total.toLocaleString("en-US")} matches, first page of 20 with snippets`);
    }
  } finally {
    await up.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`bench/ocr.ts ${new Date().toISOString().slice(0, 10)} (node ${process.version}, ${os.cpus().length} cores)`);
await ocrRate();
await pdf200();
await contentSearch();
