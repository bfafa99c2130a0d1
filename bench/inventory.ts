// Inventory Report figures (issue 17 item 4, ADR 040): the fleet report over the demo fleet as admin
// (every aircraft) and as client@demo.aero, one aircraft's report, and the same aircraft grown to
// 20,000 files in 400 folders (rows written straight into the table, no blobs: only the SQL is timed);
// upstream function medians of 20 runs, then the two pages through the portal.
//   npx tsx bench/inventory.ts
import { portalLogin, startBenchServer, timeIt } from "./lib";
import { aircraftInventory, fleetInventory } from "../upstream/main/inventory";
import type { AuthUser } from "../upstream/context";

const s = await startBenchServer();
const deps = s.upstream!.deps;
const userOf = async (email: string): Promise<AuthUser> => {
  const u = await deps.db.selectFrom("users").select(["id", "email", "role", "username", "first_name", "organization_id"]).where("email", "=", email).executeTakeFirstOrThrow();
  return { ...u, role: u.role as AuthUser["role"], tokenId: 0, ip: null };
};
const admin = await userOf("admin@demo.aero");
const client = await userOf("client@demo.aero");
const fleet = await fleetInventory(deps, admin);
const files = fleet.totals.files;
const ms = (x: { median: number; p95: number }) => `median ${x.median.toFixed(1)} ms, p95 ${x.p95.toFixed(1)} ms`;

console.log(`fleet inventory, admin (${fleet.totals.aircraft} aircraft, ${files} files): ${ms(await timeIt(20, () => fleetInventory(deps, admin)))}`);
const mine = await fleetInventory(deps, client);
console.log(`fleet inventory, client (${mine.totals.aircraft} aircraft): ${ms(await timeIt(20, () => fleetInventory(deps, client)))}`);
const a = fleet.aircraft[0]!.aircraft;
console.log(`one aircraft (${fleet.aircraft[0]!.files} files): ${ms(await timeIt(20, () => aircraftInventory(deps, a)))}`);

// Grow the aircraft: 400 folders of 50 files each under "/09 Component Records".
const root = await deps.db.selectFrom("storage_items").select("id").where("aircraft_id", "=", a.id).where("path", "=", "/09 Component Records").executeTakeFirstOrThrow();
await deps.db.transaction().execute(async (trx) => {
  for (let f = 0; f < 400; f++) {
    const dir = `/09 Component Records/Bench ${f}`;
    const { id } = await trx.insertInto("storage_items").values({ aircraft_id: a.id, parent_id: root.id, path: dir, name: `Bench ${f}`, is_folder: 1, size: 0, blob_key: null, content_type: null, created_by: null }).returning("id").executeTakeFirstOrThrow();
    const rows = Array.from({ length: 50 }, (_, i) => ({ aircraft_id: a.id, parent_id: id, path: `${dir}/Card ${i}.${["pdf", "png", "xlsx"][i % 3]}`, name: `Card ${i}.${["pdf", "png", "xlsx"][i % 3]}`, is_folder: 0, size: 1000 + i, blob_key: null, content_type: null, created_by: null, created_at: new Date(Date.UTC(2020, 0, 1) + (f * 50 + i) * 3600_000).toISOString() }));
    await trx.insertInto("storage_items").values(rows).execute();
  }
});
console.log(`one aircraft grown to 20,000 more files in 400 folders: ${ms(await timeIt(20, () => aircraftInventory(deps, a)))}`);
console.log(`fleet inventory, admin, with that aircraft: ${ms(await timeIt(20, () => fleetInventory(deps, admin)))}`);

const cookie = await portalLogin(s.url, "client@demo.aero");
const page = (p: string) => async () => {
  const r = await fetch(`${s.url}${p}`, { headers: { cookie } });
  if (r.status !== 200) throw new Error(`${p}: ${r.status}`);
  await r.arrayBuffer();
};
console.log(`page /aero-box/storage/inventory-report (client): ${ms(await timeIt(10, page("/aero-box/storage/inventory-report")))}`);
console.log(`page /storage/InventoryReport/${mine.aircraft[0]!.aircraft.id} (client): ${ms(await timeIt(10, page(`/storage/InventoryReport/${mine.aircraft[0]!.aircraft.id}`)))}`);
await s.close();
