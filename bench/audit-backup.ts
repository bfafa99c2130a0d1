// The audit chain and the backup (issue 19 items 4-5, ADR 044): appends per second through the one
// append path (sequential and 50 at a time), a whole-chain verification of 100,000 entries, then
// `npm run backup` and `npm run restore` of that DATA_DIR (the small demo seed plus the log).
//   npx tsx bench/audit-backup.ts
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createUpstream } from "../upstream";
import { seedDemo } from "../upstream/db/seed";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aero-bench-audit-"));
const dataDir = path.join(dir, "data");
const up = await createUpstream({ dataDir, clientUuid: "bench", secret: "bench-secret-0123456789abcdef0123", blobBaseUrl: "/_blob", portalUrl: "http://localhost", tokenTtlHours: 12, jobWorkers: 0 });
await seedDemo(up.deps, { small: true });
const { audit } = up.deps;
const entry = (i: number) => ({ userId: 1, action: "bench.entry", entity: "storage_item", entityId: i, organizationId: 1, detail: { path: `/01 Certificates/file-${i}.pdf`, size: i * 31 }, ip: "192.0.2.10" });

let t = performance.now();
for (let i = 0; i < 5000; i++) await audit.log(entry(i));
console.log(`appends, one after another: ${Math.round(5000 / ((performance.now() - t) / 1000))} per second`);
t = performance.now();
for (let b = 0; b < 100; b++) await Promise.all(Array.from({ length: 50 }, (_, i) => audit.log(entry(b * 50 + i))));
console.log(`appends, 50 at a time: ${Math.round(5000 / ((performance.now() - t) / 1000))} per second`);
// Fill to 100,000 entries quickly (same path).
const have = (await audit.verify()).count;
for (let i = have; i < 100_000; i++) await audit.log(entry(i));
for (const full of [true, false]) {
  const times: number[] = [];
  let count = 0;
  for (let r = 0; r < 3; r++) {
    await audit.log(entry(r));
    t = performance.now();
    const res = await audit.verify({ full });
    times.push(performance.now() - t);
    count = res.count;
    if (!res.ok) throw new Error("chain broken");
  }
  times.sort((a, b) => a - b);
  console.log(`${full ? "verify the whole chain" : "the admin page's check after one new entry (resumed)"} of ${count.toLocaleString("en-US")} entries: median ${times[1]!.toFixed(0)} ms of 3`);
}
await up.close();
const size = (f: string) => (fs.statSync(f).size / 1024 / 1024).toFixed(1);
console.log(`database ${size(path.join(dataDir, "portal.sqlite"))} MiB`);

const run = (script: string, args: string[]) => {
  const s = performance.now();
  execFileSync("npm", ["run", "-s", script, "--", ...args], { stdio: "ignore" });
  return performance.now() - s;
};
console.log(`npm run backup (process start included): ${run("backup", [path.join(dir, "backup"), "--data-dir", dataDir]).toFixed(0)} ms`);
console.log(`npm run restore (verify, copy, verify again): ${run("restore", [path.join(dir, "backup"), "--data-dir", path.join(dir, "restored")]).toFixed(0)} ms`);
console.log(`npm run audit:verify on the restored DATA_DIR: ${run("audit:verify", ["--data-dir", path.join(dir, "restored")]).toFixed(0)} ms`);
fs.rmSync(dir, { recursive: true, force: true });
