// Another user's page latency while a hostile file is processed, before and after the sandbox
// (ADR 068). Prints figures; never pass/fail.
//
//   npx tsx bench/hostile-files.ts             both modes, one child process each
//   npx tsx bench/hostile-files.ts in-process  only one mode (the child's own entry)
//
// Each mode starts the production server on a fresh demo DATA_DIR (no job workers), signs a client in,
// times 30 GETs of /client/home when idle, then uploads a 306 KB PDF whose content stream inflates to
// 300 MB and has its text extracted in the same process as the server:
// - "in-process": read by pdf.js in the portal's own process, as before the sandbox;
// - "sandbox": through the sandbox (a child process with memory and time caps), as now.
// While it runs, the same client keeps requesting /client/home; the figures are that page's times.
import { spawnSync } from "node:child_process";
import { pdfBomb } from "../tests/helpers/hostile-files";
import { portalLogin, startBenchServer } from "./lib";

type Mode = "in-process" | "sandbox";
const mode = process.argv[2] as Mode | undefined;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! : NaN;
};
const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(0)} ms` : "-");

if (!mode) {
  console.log(`Hostile PDF (300 MB inflated content stream) while a client loads /client/home, ${new Date().toISOString().slice(0, 10)}`);
  console.log("| mode | idle p50 | idle p95 | during p50 | during p95 | during max | pages answered | extraction |");
  console.log("|---|---|---|---|---|---|---|---|");
  for (const m of ["in-process", "sandbox"] as const) {
    const r = spawnSync(process.execPath, ["--import", "tsx", new URL(import.meta.url).pathname, m], { encoding: "utf8", timeout: 600_000 });
    const row = (r.stdout ?? "").split("\n").find((l) => l.startsWith("| "));
    console.log(row ?? `| ${m} | the portal process died (${r.signal ?? `exit ${r.status}`}): ${(r.stderr ?? "").trim().split("\n").slice(-1)[0]?.slice(0, 120) ?? ""} |||||||`);
  }
} else {
  const srv = await startBenchServer({ jobs: false });
  try {
    const up = srv.upstream!;
    const cookie = await portalLogin(srv.url, "client@demo.aero");
    const page = async () => {
      const t0 = performance.now();
      const res = await fetch(`${srv.url}/client/home`, { headers: { cookie }, signal: AbortSignal.timeout(120_000) });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`status ${res.status}`);
      return performance.now() - t0;
    };
    for (let i = 0; i < 3; i++) await page();
    const idle: number[] = [];
    for (let i = 0; i < 30; i++) idle.push(await page());

    // The bomb, filed the way a user would: an upload link, the signed POST, index_files.
    const main = `${srv.url}/_api/main`;
    const signIn = (await (await fetch(`${main}/users/sign_in.json`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ user: { email: "client@demo.aero", password: "demo-pass-2026" } }) })).json()) as { token: string };
    const h = { "x-user-email": "client@demo.aero", "x-user-token": signIn.token, "x-user-uuid": process.env.CLIENT_UUID ?? "a4e0f9d2-7c1b-4e8a-9f3d-2b6c5e8a1d70", "content-type": "application/json" };
    const aircraft = ((await (await fetch(`${main}/storage/v2/aircraft.json`, { headers: h })).json()) as { aircrafts: { id: number }[] }).aircrafts[0]!.id;
    const link = (await (await fetch(`${main}/storage/v2/files/upload_link.json`, { method: "POST", headers: h, body: JSON.stringify({ aircraft_id: aircraft, dir: "/" }) })).json()) as { url: string; url_fields: Record<string, string>; key_prefix: string };
    const bytes = pdfBomb(300);
    const form = new FormData();
    for (const [k, v] of Object.entries(link.url_fields)) form.append(k, v);
    form.append("key", `${link.key_prefix}Bomb.pdf`);
    form.append("file", new Blob([new Uint8Array(bytes)]), "Bomb.pdf");
    await fetch(new URL(link.url, srv.url), { method: "POST", body: form });
    const indexed = (await (await fetch(`${main}/storage/v2/files/index_files.json`, { method: "POST", headers: h, body: JSON.stringify({ key: link.key_prefix, files: [{ path: "Bomb.pdf", size: bytes.length }], aircraft_id: aircraft, dir: "/" }) })).json()) as { indexed: { id: number }[] };
    const fileId = indexed.indexed[0]!.id;

    const { extractTextHandler, extractText, createOcrEngine } = await import("../upstream/jobs/extract-text");
    const { createExtractSandbox, DEFAULT_EXTRACT_LIMITS } = await import("../upstream/jobs/extract-sandbox");
    // Both with OCR, as the job does: a page without a text layer is rendered and OCRed.
    const sandbox = createExtractSandbox(DEFAULT_EXTRACT_LIMITS);
    const ocr = createOcrEngine();
    const handler = extractTextHandler(up.deps, mode === "sandbox" ? sandbox.extract : (b, f) => extractText(b, f, ocr));
    const t0 = performance.now();
    let finished = false;
    // Started on the next tick: the first page request below is already on its way.
    const running = new Promise((r) => setTimeout(r, 50))
      .then(() => handler({ id: "bench", kind: "extract-text", payload: { file_id: fileId }, attempts: 5, max_attempts: 5 }))
      .catch(() => {})
      .finally(() => (finished = true));
    const during: number[] = [];
    let failed = 0;
    while (!finished || during.length < 5) {
      try {
        during.push(await page());
      } catch {
        failed++;
      }
      if (performance.now() - t0 > 240_000) break;
    }
    await running;
    const took = performance.now() - t0;
    const row = await up.deps.db.selectFrom("file_text").select(["status", "error"]).where("file_id", "=", fileId).executeTakeFirst();
    await sandbox.close();
    await ocr.close();
    const result = `${row?.status}${row?.error ? `: ${row.error}` : ""} (${(took / 1000).toFixed(1)} s)`;
    console.log(`| ${mode} | ${ms(pct(idle, 50))} | ${ms(pct(idle, 95))} | ${ms(pct(during, 50))} | ${ms(pct(during, 95))} | ${ms(Math.max(...during))} | ${during.length}${failed ? ` (+${failed} failed)` : ""} | ${result} |`);
  } finally {
    await srv.close();
  }
  process.exit(0);
}
