// Storage figures (issue 4): the listing time of a folder with 5,000 files and a search over 100,000
// indexed files (upstream API and portal page, medians), and the upload throughput of a 200 MB file
// through the signed POST against a plain copy of the same bytes on this machine. Prints a table.
//
// Setup inserts the rows and index entries directly through the upstream's deps (not through the API):
// creating 100,000 files one upload at a time would measure the setup, not the listing.
//   npx tsx bench/storage.ts            (BENCH_UPLOAD_MB=200 by default)
//
// Runs twice, side by side (issue 18): on SQLite, then on PostgreSQL (a throwaway cluster,
// scripts/pg-run.ts) when PostgreSQL is installed; each run is a child process of this one
// (BENCH_STORAGE_CHILD), and the last table puts their figures next to each other.
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { execFile, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { median, portalLogin, startBenchServer, timeIt } from "./lib";
import { findPgTool } from "../upstream/db/pg-tools";

if (!process.env.BENCH_STORAGE_CHILD) {
  // The two engines, one child process each; then one table with both.
  const self = fileURLToPath(import.meta.url);
  const runs: { engine: string; rows: string[][] }[] = [];
  const hasPg = !!(findPgTool("initdb") && findPgTool("postgres"));
  for (const engine of hasPg ? ["SQLite", "PostgreSQL"] : ["SQLite"]) {
    const json = path.join(os.tmpdir(), `aero-bench-storage-${process.pid}-${engine}.json`);
    const node = [process.execPath, "--import", "tsx", self];
    const cmd = engine === "PostgreSQL" ? ["npx", "tsx", path.join(path.dirname(self), "../scripts/pg-run.ts"), ...node] : node;
    console.log(`\n--- storage bench on ${engine}`);
    const { DATABASE_URL: _ignored, ...env } = process.env;
    spawnSync(cmd[0]!, cmd.slice(1), { stdio: "inherit", env: { ...env, BENCH_STORAGE_CHILD: "1", BENCH_JSON: json } });
    try {
      runs.push({ engine, rows: JSON.parse(fs.readFileSync(json, "utf8")) as string[][] });
      fs.rmSync(json);
    } catch {
      console.log(`(no figures from the ${engine} run)`);
    }
  }
  if (!hasPg) console.log("\nPostgreSQL is not installed: SQLite only (Debian: apt-get install postgresql).");
  if (runs.length) {
    const head = ["measure", ...runs.flatMap((r) => [`${r.engine}: upstream API`, `${r.engine}: portal page`])];
    const table = runs[0]!.rows.map((row, i) => [row[0]!, ...runs.flatMap((r) => [r.rows[i]?.[1] ?? "", r.rows[i]?.[2] ?? ""])]);
    const widths = head.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
    const line = (r: string[]) => "| " + r.map((c, i) => c.padEnd(widths[i]!)).join(" | ") + " |";
    console.log(`\nStorage side by side (production build, loopback, ${os.cpus().length} cores)`);
    console.log(line(head));
    console.log("|" + widths.map((w) => "-".repeat(w + 2)).join("|") + "|");
    for (const r of table) console.log(line(r));
  }
  process.exit(0);
}

/** Runs curl (a client in its own process) and answers what -w printed. */
const curl = (args: string[]) =>
  new Promise<string>((resolve, reject) => execFile("curl", args, { maxBuffer: 1 << 20 }, (err, stdout) => (err ? reject(err) : resolve(stdout.trim()))));

const LIST_FILES = 5_000;
const SEARCH_FILES = 100_000;
const UPLOAD_MB = Number(process.env.BENCH_UPLOAD_MB ?? 200);
const RUNS = 30;
const WORDS = Array.from({ length: 1_000 }, (_, i) => `w${i.toString(36).padStart(3, "0")}x`);

const srv = await startBenchServer();
const deps = srv.upstream!.deps;
const rows: string[][] = [];
const ms = (n: number) => `${n.toFixed(1)} ms`;
const mbs = (bytes: number, msTaken: number) => `${(bytes / 1024 / 1024 / (msTaken / 1000)).toFixed(0)} MB/s`;

try {
  // ---- who and where ------------------------------------------------------------------------------
  const client = await deps.db.selectFrom("users").select(["id", "organization_id"]).where("email", "=", "client@demo.aero").executeTakeFirstOrThrow();
  const fleet = await deps.db.selectFrom("aircraft").select(["id", "file_id", "organization_id"]).where("organization_id", "=", client.organization_id!).orderBy("id").execute();
  const aircraft = fleet[0]!;
  const signIn = await fetch(`${srv.url}/_api/main/users/sign_in.json`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ user: { email: "client@demo.aero", password: "demo-pass-2026" } }),
  });
  const { token } = (await signIn.json()) as { token: string };
  const api = { "X-User-Email": "client@demo.aero", "X-User-Token": token, "X-User-Uuid": process.env.CLIENT_UUID! };
  const cookie = await portalLogin(srv.url, "client@demo.aero");

  // ---- setup: a folder of 5,000 files, and 100,000 indexed files across the fleet -------------------
  const now = new Date().toISOString();
  const folder = async (aircraftId: number, rootId: number, name: string) =>
    deps.db
      .insertInto("storage_items")
      .values({ aircraft_id: aircraftId, parent_id: rootId, path: `/${name}`, name, is_folder: 1, size: 0, blob_key: null, content_type: null, created_by: client.id, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
  const insertFiles = async (aircraftId: number, parent: { id: number; path: string }, names: string[], index: boolean) => {
    for (let i = 0; i < names.length; i += 2_000) {
      const chunk = names.slice(i, i + 2_000);
      const inserted = await deps.db.transaction().execute(async (trx) => {
        const out: { id: number; name: string; path: string }[] = [];
        for (let j = 0; j < chunk.length; j += 200) {
          const values = chunk.slice(j, j + 200).map((n, k) => ({
            aircraft_id: aircraftId,
            parent_id: parent.id,
            path: `${parent.path}/${n}`,
            name: n,
            is_folder: 0,
            size: 1_000 + ((i + j + k) * 7_919) % 5_000_000,
            blob_key: null,
            content_type: "application/pdf",
            created_by: client.id,
            created_at: now,
            updated_at: new Date(Date.parse(now) - (i + j + k) * 60_000).toISOString(),
          }));
          out.push(...(await trx.insertInto("storage_items").values(values).returning(["id", "name", "path"]).execute()));
        }
        return out;
      });
      if (index) await deps.search.index(inserted.map((r) => ({ id: r.id, name: r.name, path: r.path, aircraft_id: aircraftId, organization_id: client.organization_id! })));
    }
  };
  let t0 = performance.now();
  const big = await folder(aircraft.id, aircraft.file_id!, "Bench 5000");
  await insertFiles(aircraft.id, { id: big.id, path: "/Bench 5000" }, Array.from({ length: LIST_FILES }, (_, i) => `Task card ${String(i).padStart(5, "0")}.pdf`), false);
  const perAircraft = Math.ceil(SEARCH_FILES / fleet.length);
  let made = 0;
  for (const a of fleet) {
    const f = await folder(a.id, a.file_id!, "Bench search");
    const n = Math.min(perAircraft, SEARCH_FILES - made);
    await insertFiles(a.id, { id: f.id, path: "/Bench search" }, Array.from({ length: n }, (_, i) => `Record ${made + i} ${WORDS[(made + i) % WORDS.length]} scan.pdf`), true);
    made += n;
  }
  console.log(`setup: ${LIST_FILES} files in one folder, ${made} indexed files over ${fleet.length} aircraft in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // ---- listing ------------------------------------------------------------------------------------
  const get = async (url: string, headers: Record<string, string>) => {
    const r = await fetch(url, { headers, redirect: "manual" });
    if (r.status !== 200) throw new Error(`${url}: HTTP ${r.status}`);
    await r.arrayBuffer();
  };
  const dir = encodeURIComponent("/Bench 5000");
  for (const [label, q] of [
    ["page 1, by name", ""],
    ["page 60, by size", "&page=60&sort=size&order=desc"],
  ] as const) {
    const up = await timeIt(RUNS, () => get(`${srv.url}/_api/main/storage/v2/aircraft/${aircraft.id}/files.json?dir=${dir}&per_page=50${q}`, api));
    const portal = await timeIt(RUNS, () => get(`${srv.url}/storage/aircraft/${aircraft.id}/files?dir=${dir}${q}`, { cookie }));
    rows.push([`List a folder of ${LIST_FILES.toLocaleString("en-US")} files (${label})`, ms(up.median), ms(portal.median)]);
  }

  // ---- search -------------------------------------------------------------------------------------
  const word = WORDS[123]!;
  const answer = (await (await fetch(`${srv.url}/_api/main/storage/v2/search.json?query=${word}`, { headers: api })).json()) as { total: number };
  for (const [label, q] of [
    [`one word (${answer.total} hits)`, word],
    ["two words, prefix", `record 4242`],
    ["three-letter prefix matching every file", "rec"],
    ["the same, page 1,000", "rec&page=1000"],
  ] as const) {
    const up = await timeIt(RUNS, () => get(`${srv.url}/_api/main/storage/v2/search.json?query=${q.replace(/ /g, "%20")}`, api));
    const portal = await timeIt(RUNS, () => get(`${srv.url}/storage/search?query=${q.replace(/ /g, "%20")}`, { cookie }));
    rows.push([`Search ${(await deps.search.count(client.organization_id)).toLocaleString("en-US")} indexed files: ${label}`, ms(up.median), ms(portal.median)]);
  }

  // ---- upload throughput --------------------------------------------------------------------------
  const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), "aero-bench-upload-"));
  const src = path.join(tmp, "source.bin");
  const bytes = UPLOAD_MB * 1024 * 1024;
  {
    const out = fs.createWriteStream(src);
    for (let written = 0; written < bytes; written += 4 * 1024 * 1024) {
      if (!out.write(crypto.randomBytes(Math.min(4 * 1024 * 1024, bytes - written)))) await new Promise<void>((r) => out.once("drain", () => r()));
    }
    await new Promise<void>((r) => out.end(r));
  }
  const copyTimes: number[] = [];
  const postTimes: number[] = [];
  const zipFolderMade = await fetch(`${srv.url}/_api/main/storage/v2/folders.json`, {
    method: "POST",
    headers: { ...api, "content-type": "application/json" },
    body: JSON.stringify({ aircraft_id: aircraft.id, dir: "/", paths: ["Zip bench"] }),
  });
  if (!zipFolderMade.ok) throw new Error(`folder: HTTP ${zipFolderMade.status}`);
  for (let run = 0; run < 3; run++) {
    // A plain copy of the same bytes, streamed (what the disk and the CPU can do at best).
    t0 = performance.now();
    await new Promise<void>((resolve, reject) => fs.createReadStream(src).pipe(fs.createWriteStream(path.join(tmp, `copy-${run}.bin`))).on("finish", resolve).on("error", reject));
    copyTimes.push(performance.now() - t0);
    await fsp.rm(path.join(tmp, `copy-${run}.bin`));

    // The browser's path: upload_link.json, then one multipart POST of the file to the blob store,
    // sent by curl in its own process (as a browser would be): a client in this process would share
    // the server's event loop and CPU.
    const link = (await (
      await fetch(`${srv.url}/_api/main/storage/v2/files/upload_link.json`, {
        method: "POST",
        headers: { ...api, "content-type": "application/json" },
        body: JSON.stringify({ aircraft_id: aircraft.id, dir: "/" }),
      })
    ).json()) as { url: string; url_fields: Record<string, string>; key_prefix: string };
    const args = ["-s", "-o", "/dev/null", "-w", "%{http_code}"];
    for (const [k, v] of Object.entries(link.url_fields)) args.push("-F", `${k}=${k === "key" ? `${link.key_prefix}bench-${run}.pdf` : v}`);
    args.push("-F", `file=@${src};filename=bench-${run}.pdf`, new URL(link.url, srv.url).href);
    t0 = performance.now();
    const code = await curl(args);
    if (code !== "204" && code !== "201" && code !== "200") throw new Error(`signed POST: HTTP ${code}`);
    postTimes.push(performance.now() - t0);
    const idx = await fetch(`${srv.url}/_api/main/storage/v2/files/index_files.json`, {
      method: "POST",
      headers: { ...api, "content-type": "application/json" },
      body: JSON.stringify({ key: link.key_prefix, files: [{ path: `bench-${run}.pdf`, size: bytes }], aircraft_id: aircraft.id, dir: "/Zip bench" }),
    });
    if (!idx.ok) throw new Error(`index: HTTP ${idx.status}`);
  }
  // The folder zip of the three uploaded files (PDFs: stored, not deflated again), downloaded by curl.
  const zipTimes: number[] = [];
  let zipBytes = 0;
  for (let run = 0; run < 3; run++) {
    t0 = performance.now();
    const out = await curl(["-s", "-o", "/dev/null", "-w", "%{http_code} %{size_download}", "-H", `cookie: ${cookie}`, `${srv.url}/resources/storage/zip?aircraft_id=${aircraft.id}&dir=${encodeURIComponent("/Zip bench")}`]);
    zipTimes.push(performance.now() - t0);
    const [code, size] = out.split(" ");
    if (code !== "200") throw new Error(`zip: HTTP ${code}`);
    zipBytes = Number(size);
  }
  // The no-JS fallback: the same file through the portal's files route (streamed into the store),
  // posted by curl; the server's RSS growth shows it is not buffered.
  const rss0 = process.memoryUsage().rss;
  t0 = performance.now();
  const nojsCode = await curl(["-s", "-o", "/dev/null", "-w", "%{http_code}", "-H", `cookie: ${cookie}`, "-H", `origin: ${srv.url}`, "-F", "intent=upload", "-F", `files=@${src};filename=bench-nojs.bin`, `${srv.url}/storage/aircraft/${aircraft.id}/files?dir=%2F`]);
  const nojsMs = performance.now() - t0;
  if (nojsCode !== "302") throw new Error(`no-JS upload: HTTP ${nojsCode}`);
  const rssGrowth = (process.memoryUsage().rss - rss0) / 1024 / 1024;
  const stored = await deps.db.selectFrom("storage_items").select("size").where("aircraft_id", "=", aircraft.id).where("path", "=", "/bench-nojs.bin").executeTakeFirst();
  if (stored?.size !== bytes) throw new Error("no-JS upload: the file was not stored whole");
  await fsp.rm(tmp, { recursive: true, force: true });

  const copyMs = median(copyTimes);
  const postMs = median(postTimes);
  rows.push([`Plain copy of a ${UPLOAD_MB} MB file (median of 3)`, `${ms(copyMs)} · ${mbs(bytes, copyMs)}`, ""]);
  rows.push([`Signed POST of the same ${UPLOAD_MB} MB to the blob store (median of 3)`, `${ms(postMs)} · ${mbs(bytes, postMs)} (${((copyMs / postMs) * 100).toFixed(0)}% of copy)`, ""]);
  rows.push([`No-JS upload of the same ${UPLOAD_MB} MB through the portal (1 run; process RSS +${rssGrowth.toFixed(0)} MB)`, "", `${ms(nojsMs)} · ${mbs(bytes, nojsMs)}`]);
  const zipMs = median(zipTimes);
  rows.push([`Folder zip of 3 × ${UPLOAD_MB} MB PDFs (stored, not deflated; median of 3)`, "", `${ms(zipMs)} · ${mbs(zipBytes, zipMs)}`]);

  console.log(`\nStorage on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"} (production build, loopback, median of ${RUNS} unless noted; ${os.cpus().length} cores)`);
  const head = ["measure", "upstream API", "portal page"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => "| " + r.map((c, i) => c.padEnd(widths[i]!)).join(" | ") + " |";
  console.log(line(head));
  console.log("|" + widths.map((w) => "-".repeat(w + 2)).join("|") + "|");
  for (const r of rows) console.log(line(r));
  if (process.env.BENCH_JSON) fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify(rows));
} finally {
  await srv.close();
}
