// The demo seed: both variants on fresh DATA_DIRs, through the real upstream (blob store, FTS index).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUpstream, type Upstream } from "../../upstream";
import { verifyPassword } from "../../upstream/auth";
import {
  DEMO_ACCOUNTS,
  DEMO_FLEET,
  DEMO_ONBOARDING_ACCOUNTS,
  DEMO_PASSWORD,
  READER_MSNS,
  SMALL_SEED_FILES,
  seedDemo,
} from "../../upstream/db/seed";
import { avatarPng, csvBytes, xlsxBytes } from "../../upstream/lib/sample-files";
import { FILE_NAME_PATTERN } from "../../app/models/file-names";
import { readPdf } from "../helpers/pdf-text";

const TABLES = [
  "organizations", "aircraft", "users", "aircraft_access", "storage_items", "favourites", "follows", "consultants",
  "consultant_projects", "consultant_ratings", "consultant_likes", "messages", "notifications", "tabs", "tab_columns",
  "tab_rows", "work_orders", "work_order_versions", "logbooks", "logbook_pages", "manufacturers", "template_versions", "kv",
] as const;

async function start(): Promise<{ up: Upstream; dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aero-seed-"));
  const up = await createUpstream({
    dataDir: dir,
    clientUuid: "00000000-test-4000-8000-000000000001",
    secret: "test-secret-0123456789abcdef",
    blobBaseUrl: "http://127.0.0.1/_blob",
    portalUrl: "http://127.0.0.1",
    tokenTtlHours: 12,
  });
  return { up, dir };
}

async function counts(up: Upstream) {
  const out: Record<string, number> = {};
  for (const t of TABLES) {
    const r = await up.deps.db.selectFrom(t).select((e) => e.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    out[t] = Number(r.n);
  }
  return out;
}

async function bytesOf(up: Upstream, key: string): Promise<Uint8Array> {
  const res = await up.deps.blob.read(key);
  return new Uint8Array(await res.arrayBuffer());
}

/** Checks the PNG signature, every chunk's CRC and that the image data inflates to the right size. */
function assertValidPng(bytes: Uint8Array) {
  const buf = Buffer.from(bytes);
  expect(buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  let off = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  let ended = false;
  while (off < buf.length) {
    const len = buf.readUInt32BE(off);
    const type = buf.subarray(off + 4, off + 8).toString("latin1");
    const data = buf.subarray(off + 8, off + 8 + len);
    expect(buf.readUInt32BE(off + 8 + len)).toBe(zlib.crc32(buf.subarray(off + 4, off + 8 + len)));
    if (type === "IHDR") {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect(data[8]).toBe(8);
      expect(data[9]).toBe(2);
    }
    if (type === "IDAT") idat.push(data);
    if (type === "IEND") ended = true;
    off += 12 + len;
  }
  expect(ended).toBe(true);
  expect(zlib.inflateSync(Buffer.concat(idat)).length).toBe((width * 3 + 1) * height);
}

describe("demo seed (small variant)", () => {
  let up: Upstream;
  let dir: string;
  let durationMs = 0;

  beforeAll(async () => {
    ({ up, dir } = await start());
    const t = Date.now();
    await seedDemo(up.deps, { small: true });
    durationMs = Date.now() - t;
  }, 60_000);
  afterAll(async () => {
    await up?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("is quick enough for every contract test", () => {
    // The brief's budget is ~2 s; leave room for a busy machine.
    expect(durationMs).toBeLessThan(8_000);
  });

  it("creates the organizations, with one UAMBOX and one search-all organization", async () => {
    const orgs = await up.deps.db.selectFrom("organizations").selectAll().execute();
    expect(orgs.length).toBeGreaterThanOrEqual(3);
    expect(orgs.some((o) => o.product_type === "UAMBOX")).toBe(true);
    expect(orgs.some((o) => o.search_all === 1)).toBe(true);
    const skyline = orgs.find((o) => o.slug === "skyline")!;
    expect(skyline).toMatchObject({ name: "Skyline Leasing", product_type: "STORAGE", has_ops: 1, has_oil: 1, client_logo: "Skyline Leasing" });
    expect(orgs.find((o) => o.slug === "nordic")).toMatchObject({ search_all: 1, has_ops: 1 });
    expect(orgs.find((o) => o.slug === "vertiport")).toMatchObject({ product_type: "UAMBOX" });
  });

  it("creates 12+ aircraft and 3+ helicopters in all three statuses, each with its root folder", async () => {
    const aircraft = await up.deps.db.selectFrom("aircraft").selectAll().execute();
    expect(aircraft.filter((a) => a.kind === "aircraft").length).toBeGreaterThanOrEqual(12);
    expect(aircraft.filter((a) => a.kind === "helicopter").length).toBeGreaterThanOrEqual(3);
    expect(new Set(aircraft.map((a) => a.status))).toEqual(new Set(["GROUNDED", "IN OPERATION", "IN TRANSITION"]));
    expect(aircraft.length).toBe(DEMO_FLEET.length);
    const roots = await up.deps.db.selectFrom("storage_items").selectAll().where("path", "=", "/").execute();
    for (const a of aircraft) {
      expect(a.msn).not.toBe("");
      expect(a.registration).toMatch(/^[A-Z0-9]{1,2}-[A-Z0-9]{3,5}$/);
      const root = roots.find((r) => r.id === a.file_id);
      expect(root, a.name).toMatchObject({ aircraft_id: a.id, is_folder: 1, parent_id: null, name: a.name });
    }
  });

  it("puts only a handful of files per aircraft, all with their blobs", async () => {
    const files = await up.deps.db.selectFrom("storage_items").selectAll().where("is_folder", "=", 0).execute();
    const perAircraft = new Map<number, number>();
    for (const f of files) perAircraft.set(f.aircraft_id, (perAircraft.get(f.aircraft_id) ?? 0) + 1);
    for (const n of perAircraft.values()) expect(n).toBe(SMALL_SEED_FILES.length);
    for (const f of files) expect(SMALL_SEED_FILES as readonly string[]).toContain(f.path);
    for (const f of files.slice(0, 10)) expect((await up.deps.blob.stat(f.blob_key!))?.size).toBe(f.size);
  });

  it("creates the demo accounts, confirmed and active, with the demo password", async () => {
    const users = await up.deps.db.selectFrom("users").selectAll().execute();
    for (const a of DEMO_ACCOUNTS) {
      const u = users.find((x) => x.email === a.email);
      expect(u, a.email).toBeDefined();
      expect(u).toMatchObject({ role: a.role, active: 1 });
      expect(u!.confirmed_at).not.toBeNull();
      expect(await verifyPassword(DEMO_PASSWORD, u!.password_hash)).toBe(true);
    }
    expect(await verifyPassword("wrong-password", users[0].password_hash)).toBe(false);
    const orgs = await up.deps.db.selectFrom("organizations").select(["id", "slug"]).execute();
    const skylineId = orgs.find((o) => o.slug === "skyline")!.id;
    expect(users.find((u) => u.email === "client@demo.aero")!.organization_id).toBe(skylineId);
    expect(users.find((u) => u.email === "reader@demo.aero")!.organization_id).toBe(skylineId);
    // Named users in every organization, one su_write user per organization, one UAM user.
    for (const o of orgs) expect(users.filter((u) => u.organization_id === o.id).length, o.slug).toBeGreaterThanOrEqual(2);
    const vertiport = orgs.find((o) => o.slug === "vertiport")!.id;
    expect(users.some((u) => u.organization_id === vertiport && u.is_uam === 1)).toBe(true);
    const su = await up.deps.db
      .selectFrom("aircraft_access")
      .innerJoin("users", "users.id", "aircraft_access.user_id")
      .select("users.organization_id")
      .distinct()
      .where("access", "=", "su_write")
      .execute();
    expect(new Set(su.map((r) => r.organization_id))).toEqual(new Set(orgs.map((o) => o.id)));
  });

  it("gives client@demo.aero Edit Access to every Skyline aircraft and reader@demo.aero Read Access to some", async () => {
    const db = up.deps.db;
    const skyline = await db.selectFrom("aircraft").innerJoin("organizations", "organizations.id", "aircraft.organization_id").select(["aircraft.id", "aircraft.msn"]).where("organizations.slug", "=", "skyline").execute();
    const rows = await db
      .selectFrom("aircraft_access")
      .innerJoin("users", "users.id", "aircraft_access.user_id")
      .select(["users.email", "aircraft_access.aircraft_id", "aircraft_access.product", "aircraft_access.access"])
      .where("users.email", "in", ["client@demo.aero", "reader@demo.aero"])
      .execute();
    for (const a of skyline) {
      for (const product of ["storage", "ops", "oil"]) {
        expect(rows.find((r) => r.email === "client@demo.aero" && r.aircraft_id === a.id && r.product === product)?.access).toBe("write");
        const reader = rows.find((r) => r.email === "reader@demo.aero" && r.aircraft_id === a.id && r.product === product);
        if (READER_MSNS.includes(a.msn)) expect(reader?.access).toBe("read");
        else expect(reader).toBeUndefined();
      }
    }
    expect(READER_MSNS.length).toBeLessThan(skyline.length);
  });

  it("creates 10+ complete consultants with projects and ratings, and the onboarding consultants", async () => {
    const db = up.deps.db;
    const consultants = await db.selectFrom("consultants").innerJoin("users", "users.id", "consultants.user_id").selectAll("consultants").select("users.email").execute();
    const complete = consultants.filter((c) => c.stage === "complete");
    expect(complete.length).toBeGreaterThanOrEqual(10);
    expect(new Set(complete.map((c) => c.approval_status))).toEqual(new Set(["verified", "disapproved", "undecided"]));
    expect(new Set(complete.map((c) => c.availability_status))).toEqual(new Set([1, 0, null]));
    expect(new Set(complete.map((c) => c.country)).size).toBeGreaterThanOrEqual(8);
    for (const c of complete) {
      expect(c.name && c.city && c.country && c.summary).toBeTruthy();
      expect(c.phone_number_with_country_code).toMatch(/^\+[1-9]\d{6,14}$/);
      expect(c.phone_verified).toBe(1);
      expect(JSON.parse(c.services).length).toBeGreaterThan(0);
    }
    expect(complete.find((c) => c.email === "consultant@demo.aero")).toMatchObject({ stage: "complete", approval_status: "verified" });
    for (const a of DEMO_ONBOARDING_ACCOUNTS) expect(consultants.find((c) => c.email === a.email)?.stage).toBe(a.stage);

    const projects = await db.selectFrom("consultant_projects").select(["consultant_id"]).execute();
    for (const c of complete) {
      const n = projects.filter((p) => p.consultant_id === c.id).length;
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(8);
    }
    const ratings = await db.selectFrom("consultant_ratings").select(["rating"]).execute();
    expect(ratings.length).toBeGreaterThan(complete.length);
    for (const r of ratings) expect(r.rating >= 1 && r.rating <= 5).toBe(true);
    const likes = await db.selectFrom("consultant_likes").innerJoin("users", "users.id", "consultant_likes.user_id").select("users.email").execute();
    expect(likes.filter((l) => l.email === "client@demo.aero").length).toBeGreaterThanOrEqual(2);

    // Most have a resume and a photo, and their blobs exist; a couple have no resume.
    const withResume = complete.filter((c) => c.resume_key);
    expect(withResume.length).toBeGreaterThan(complete.length / 2);
    expect(withResume.length).toBeLessThan(complete.length);
    for (const c of withResume) {
      expect(c.resume_key).toMatch(new RegExp(`^consultants/${c.id}/resume/`));
      expect(Buffer.from(await bytesOf(up, c.resume_key!)).subarray(0, 5).toString()).toBe("%PDF-");
    }
    for (const c of complete.filter((x) => x.photo_key)) {
      expect(c.photo_key).toMatch(new RegExp(`^consultants/${c.id}/photo/`));
      assertValidPng(await bytesOf(up, c.photo_key!));
    }
  });

  it("creates ops and oil tabs with typed columns and rows, templates, work orders and logbooks", async () => {
    const db = up.deps.db;
    const tabs = await db.selectFrom("tabs").selectAll().execute();
    const columns = await db.selectFrom("tab_columns").selectAll().execute();
    const rows = await db.selectFrom("tab_rows").select(["tab_id", "data"]).execute();
    const rowCount = new Map<number, number>();
    for (const r of rows) rowCount.set(r.tab_id, (rowCount.get(r.tab_id) ?? 0) + 1);

    const aircraftTabs = tabs.filter((t) => t.aircraft_id != null);
    const byAircraft = new Map<string, string[]>();
    for (const t of aircraftTabs) byAircraft.set(`${t.product}|${t.aircraft_id}`, [...(byAircraft.get(`${t.product}|${t.aircraft_id}`) ?? []), t.tab_key]);
    for (const [k, keys] of byAircraft) {
      if (k.startsWith("ops|")) expect(keys).toEqual(expect.arrayContaining(["generalInformation", "opsNotifications"]));
      else expect(keys).toEqual(expect.arrayContaining(["statusDashboard", "generalInformation", "abclisting"]));
      expect(keys.filter((key) => /^tab-\d+$/.test(key)).length).toBeGreaterThan(0);
      expect(new Set(keys).size).toBe(keys.length);
    }
    const skyline = await db.selectFrom("aircraft").innerJoin("organizations", "organizations.id", "aircraft.organization_id").select("aircraft.id").where("slug", "=", "skyline").execute();
    for (const a of skyline) {
      expect(byAircraft.has(`ops|${a.id}`)).toBe(true);
      expect(byAircraft.has(`oil|${a.id}`)).toBe(true);
    }
    for (const t of aircraftTabs) {
      expect(rowCount.get(t.id), `${t.product} ${t.tab_name}`).toBeGreaterThan(0);
      const cols = columns.filter((c) => c.tab_id === t.id);
      expect(cols.length).toBeGreaterThanOrEqual(2);
      for (const c of cols) expect(["text", "number", "date", "select"]).toContain(c.type);
      if (t.tab_key.startsWith("tab-")) {
        expect(t.group_name).not.toBe("");
        expect(cols.length).toBeGreaterThanOrEqual(4);
        expect(rowCount.get(t.id), t.tab_name).toBeGreaterThanOrEqual(10);
        expect(rowCount.get(t.id), t.tab_name).toBeLessThanOrEqual(40);
      }
    }
    // Row data use the column names as keys.
    const gi = aircraftTabs.find((t) => t.tab_key === "generalInformation")!;
    const giRows = rows.filter((r) => r.tab_id === gi.id).map((r) => JSON.parse(r.data));
    expect(giRows.map((r) => r.Field)).toEqual(expect.arrayContaining(["Registration", "MSN", "Type", "Engines", "MTOW", "Lessee", "Delivery date"]));
    for (const t of tabs.filter((x) => x.tab_key.startsWith("tab-"))) expect(t.tab_key).toBe(`tab-${t.id}`);
    const oilTab = aircraftTabs.find((t) => t.product === "oil" && t.tab_name === "Engine 1 Oil Analysis")!;
    expect(Object.keys(JSON.parse(rows.find((r) => r.tab_id === oilTab.id)!.data))).toEqual(expect.arrayContaining(["Fe ppm", "Cu ppm", "Ag ppm", "Sample Date", "Serial No"]));

    const templates = tabs.filter((t) => t.is_template === 1);
    const manufacturers = await db.selectFrom("manufacturers").selectAll().execute();
    expect(manufacturers.map((m) => m.name)).toEqual(expect.arrayContaining(["Airbus", "Boeing", "ATR", "Embraer", "Airbus Helicopters", "Leonardo"]));
    for (const m of manufacturers) {
      const mine = templates.filter((t) => t.manufacturer_id === m.id);
      expect(mine.length).toBeGreaterThan(0);
      for (const t of mine) expect(t.aircraft_id).toBeNull();
    }
    const versions = await db.selectFrom("template_versions").selectAll().execute();
    expect(versions.length).toBe(manufacturers.length);
    for (const v of versions) {
      const snapshot = JSON.parse(v.snapshot) as { tab_id: string; columns: unknown[]; rows: unknown[] }[];
      const mine = templates.filter((t) => t.manufacturer_id === v.manufacturer_id);
      expect(snapshot.map((t) => t.tab_id).sort()).toEqual(mine.map((t) => t.tab_key).sort());
      for (const t of snapshot) expect(t.columns.length).toBeGreaterThan(0);
    }

    const wos = await db.selectFrom("work_orders").selectAll().execute();
    expect(new Set(wos.map((w) => w.kind))).toEqual(new Set(["aircraft", "engine", "component"]));
    const woVersions = await db.selectFrom("work_order_versions").selectAll().execute();
    for (const w of wos) {
      const n = woVersions.filter((v) => v.work_order_id === w.id).length;
      expect(n >= 1 && n <= 2).toBe(true);
    }
    const pages = await db.selectFrom("logbook_pages").selectAll().execute();
    expect(pages.length).toBeGreaterThan(0);
  });

  it("creates notifications of every type and messages", async () => {
    const n = await up.deps.db.selectFrom("notifications").select("type").execute();
    expect(new Set(n.map((x) => x.type))).toEqual(new Set(["order", "user", "project", "feature"]));
    expect((await counts(up)).messages).toBeGreaterThanOrEqual(2);
  });

  it("does nothing the second time", async () => {
    const before = await counts(up);
    const maxIds = await up.deps.db.selectFrom("storage_items").select((e) => e.fn.max("id").as("m")).executeTakeFirstOrThrow();
    await seedDemo(up.deps, { small: true });
    await seedDemo(up.deps); // not even when asked for the full variant
    expect(await counts(up)).toEqual(before);
    expect((await up.deps.db.selectFrom("storage_items").select((e) => e.fn.max("id").as("m")).executeTakeFirstOrThrow()).m).toBe(maxIds.m);
  });
});

describe("demo seed (full variant)", () => {
  let up: Upstream;
  let dir: string;

  beforeAll(async () => {
    ({ up, dir } = await start());
    await seedDemo(up.deps);
  }, 120_000);
  afterAll(async () => {
    await up?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("stores 200+ real files whose blobs exist with the recorded size", async () => {
    const items = await up.deps.db.selectFrom("storage_items").selectAll().execute();
    const files = items.filter((i) => i.is_folder === 0);
    expect(files.length).toBeGreaterThanOrEqual(200);
    const stats = await Promise.all(files.map((f) => up.deps.blob.stat(f.blob_key!)));
    files.forEach((f, i) => {
      expect(f.blob_key).toBe(`aircraft/${f.aircraft_id}/seed${f.path}`);
      expect(stats[i]?.size, f.path).toBe(f.size);
      expect(f.size).toBeGreaterThan(0);
    });
    const perAircraft = new Map<number, number>();
    for (const f of files) perAircraft.set(f.aircraft_id, (perAircraft.get(f.aircraft_id) ?? 0) + 1);
    for (const n of perAircraft.values()) expect(n).toBeGreaterThanOrEqual(10);
    const kinds = new Set(files.map((f) => f.name.split(".").pop()));
    expect(kinds).toEqual(new Set(["pdf", "xlsx", "png", "csv", "txt"]));
  }, 60_000);

  it("keeps the tree consistent and the names within the product's naming rule", async () => {
    const items = await up.deps.db.selectFrom("storage_items").selectAll().execute();
    const byKey = new Map(items.map((i) => [`${i.aircraft_id}|${i.path}`, i]));
    for (const i of items) {
      if (i.path === "/") continue;
      const parentPath = i.path.slice(0, i.path.lastIndexOf("/")) || "/";
      const parent = byKey.get(`${i.aircraft_id}|${parentPath}`);
      expect(parent?.id, i.path).toBe(i.parent_id);
      expect(parent?.is_folder).toBe(1);
      expect(i.name).toBe(i.path.slice(i.path.lastIndexOf("/") + 1));
      if (i.is_folder) expect(i.name).toMatch(/^[\p{L}\p{N} _-]+$/u);
      else expect(i.name).toMatch(FILE_NAME_PATTERN);
    }
  });

  it("indexes every file and folder for search", async () => {
    const items = await up.deps.db.selectFrom("storage_items").select(["id", "path"]).execute();
    expect(await up.deps.search.count()).toBe(items.filter((i) => i.path !== "/").length);
    const hits = await up.deps.search.search({ text: "Airworthiness", aircraftIds: "all", limit: 50, offset: 0 });
    expect(hits.total).toBeGreaterThanOrEqual(DEMO_FLEET.length);
    expect((await up.deps.search.search({ text: "Damage Charts", aircraftIds: "all", limit: 5, offset: 0 })).total).toBeGreaterThan(0);
  });

  it("writes real PDF, XLSX, PNG, CSV and text files", async () => {
    const files = await up.deps.db.selectFrom("storage_items").selectAll().where("is_folder", "=", 0).where("aircraft_id", "=", 1).execute();
    const first = (ext: string) => files.find((f) => f.name.endsWith(`.${ext}`))!;
    const pdf = Buffer.from(await bytesOf(up, first("pdf").blob_key!));
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.subarray(-6).toString()).toContain("%%EOF");
    expect((await readPdf(pdf)).text).toContain("5123");
    const xlsx = Buffer.from(await bytesOf(up, first("xlsx").blob_key!));
    expect(xlsx.subarray(0, 2).toString()).toBe("PK");
    const XLSX = await import("@e965/xlsx");
    const wb = XLSX.read(xlsx, { type: "buffer" });
    expect(wb.SheetNames.length).toBeGreaterThan(0);
    for (const f of files.filter((x) => x.name.endsWith(".png"))) assertValidPng(await bytesOf(up, f.blob_key!));
    const csvFile = await up.deps.db.selectFrom("storage_items").selectAll().where("name", "like", "%.csv").executeTakeFirstOrThrow();
    const csv = Buffer.from(await bytesOf(up, csvFile.blob_key!)).toString();
    expect(csv.split("\r\n")[0].split(",").length).toBeGreaterThan(2);
    expect(first("pdf").content_type).toBe("application/pdf");
    expect(first("png").content_type).toBe("image/png");
  });

  it("is deterministic: the same file has the same content in both variants' seeds", async () => {
    const { up: other, dir: otherDir } = await start();
    try {
      await seedDemo(other.deps, { small: true });
      const same = async (p: string, normalize: (b: Buffer) => string) => {
        const q = (u: Upstream) => u.deps.db.selectFrom("storage_items").select("blob_key").where("path", "=", p).where("aircraft_id", "=", 3).executeTakeFirstOrThrow();
        const [a, b] = [await q(up), await q(other)];
        expect(normalize(Buffer.from(await bytesOf(up, a.blob_key!))), p).toBe(normalize(Buffer.from(await bytesOf(other, b.blob_key!))));
      };
      await same("/01 Certificates/Certificate of Airworthiness.pdf", (b) => b.toString("base64"));
      await same("/11 Damage Charts/Damage Chart Fuselage LH.png", (b) => b.toString("base64"));
    } finally {
      await other.close();
      fs.rmSync(otherDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("sample files", () => {
  it("encodes a valid PNG", () => assertValidPng(avatarPng({ initials: "AB", hue: 120 })));
  it("quotes CSV fields that need it", () => {
    expect(Buffer.from(csvBytes(["a", "b"], [["x,y", 'say "hi"'], [1, null]])).toString()).toBe('a,b\r\n"x,y","say ""hi"""\r\n1,\r\n');
  });
  it("writes an xlsx workbook that reads back", async () => {
    const XLSX = await import("@e965/xlsx");
    const wb = XLSX.read(Buffer.from(xlsxBytes([{ name: "AD Status", columns: ["AD", "Due"], rows: [["2024-0001", 12]] }])), { type: "buffer" });
    expect(XLSX.utils.sheet_to_json(wb.Sheets["AD Status"])).toEqual([{ AD: "2024-0001", Due: 12 }]);
  });
});
