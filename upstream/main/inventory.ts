// The Inventory Report of the main API (issue 17 item 4, ADR 040; contract: docs/api/storage.md,
// "Inventory report"; schemas: app/models/schemas/inventory.ts):
//   GET /storage/v2/aircraft/{id}/inventory.json           one aircraft (read access, product storage)
//   GET /storage/v2/inventory.json                         every aircraft the user may read
//   GET /storage/v2/aircraft/{id}/inventory_export.json    ?format=xlsx|pdf, an attachment
//   GET /storage/v2/inventory_export.json                  ?format=xlsx|pdf, the fleet's
//
// Everything is computed by a fixed number of aggregate queries over storage_items (whatever the
// number of folders or aircraft): per top-level folder (its subfolders rolled up) the files, bytes,
// subfolders, types by extension, newest and oldest document (window functions), and the empty
// folders (a range probe on the (aircraft_id, path) index). The completeness check is the shared
// rule of app/models/records-index.ts.
import { instr } from "../db/dialect";
import type { DB } from "../db";
import type { Context, Hono } from "hono";
import { sql, type RawBuilder } from "kysely";
import type { AuthUser, Deps, HonoEnv } from "../context";
import { requireAccess, visibleAircraftIds } from "../access";
import { notFound, readQuery } from "../http";
import { nowIso } from "../db";
import { renderPdf, type PdfSection } from "../lib/pdf";
import { buildWorkbook, type SheetSpec, type SheetValue } from "../ops/sheets";
import { blobAnswer, blobRoute } from "../ops/common";
import { formatBytes } from "../../app/models/size";
import { COMPLETENESS_LABEL, completeness, completenessSummary, type CompletenessRow } from "../../app/models/records-index";
import {
  INVENTORY_EMPTY_FOLDERS_MAX,
  InventoryExportQuery,
  type FleetInventory,
  type Inventory,
} from "../../app/models/schemas/inventory";

type Ctx = Context<HonoEnv>;
type Doc = NonNullable<Inventory["totals"]["newest"]>;
type AircraftInfo = Inventory["aircraft"];

const ctx = (c: Ctx) => ({ user: c.get("user") as AuthUser, deps: c.get("deps") as Deps });

const idList = (ids: number[]) => sql.join(ids.map((i) => sql`${i}`));

/**
 * Every item below the root of the given aircraft, tagged with its top-level folder (`top`; null for
 * a file directly in the root), whether it sits at the top level, and its extension (files only).
 */
const tagged = (db: DB, ids: number[]): RawBuilder<unknown> => sql`
  SELECT id, aircraft_id, path, name, is_folder, size, created_at, CASE WHEN rel_slash = 0 THEN 1 ELSE 0 END AS at_top,
    CASE WHEN rel_slash = 0 AND is_folder = 0 THEN NULL
         WHEN rel_slash = 0 THEN rel ELSE substr(rel, 1, rel_slash - 1) END AS top,
    CASE WHEN is_folder = 0 AND ${instr(db)}(name, '.') > 0
         THEN lower(substr(name, length(rtrim(name, replace(name, '.', ''))) + 1)) ELSE '' END AS ext
  FROM (
    SELECT si.*, substr(si.path, 2) AS rel, ${instr(db)}(substr(si.path, 2), '/') AS rel_slash
    FROM storage_items si
    WHERE si.aircraft_id IN (${idList(ids)}) AND si.path <> '/'
  ) AS si_rel`;

interface TopRow {
  aircraft_id: number;
  top: string | null;
  is_top_folder: number;
  files: number;
  bytes: number;
  subfolders: number;
  folders: number;
  oldest_at: string | null;
  newest_at: string | null;
}

async function topFolders(deps: Deps, ids: number[]) {
  const { rows } = await sql<TopRow>`
    SELECT aircraft_id, top,
      MAX(CASE WHEN at_top = 1 AND is_folder = 1 THEN 1 ELSE 0 END) AS is_top_folder,
      COALESCE(SUM(CASE WHEN is_folder = 0 THEN 1 ELSE 0 END), 0) AS files,
      COALESCE(SUM(CASE WHEN is_folder = 0 THEN size ELSE 0 END), 0) AS bytes,
      COALESCE(SUM(CASE WHEN is_folder = 1 AND at_top = 0 THEN 1 ELSE 0 END), 0) AS subfolders,
      COALESCE(SUM(CASE WHEN is_folder = 1 THEN 1 ELSE 0 END), 0) AS folders,
      MIN(CASE WHEN is_folder = 0 THEN created_at END) AS oldest_at,
      MAX(CASE WHEN is_folder = 0 THEN created_at END) AS newest_at
    FROM (${tagged(deps.db, ids)}) AS tg
    GROUP BY aircraft_id, top`.execute(deps.db);
  return rows.map((r) => ({ ...r, files: Number(r.files), bytes: Number(r.bytes), subfolders: Number(r.subfolders), folders: Number(r.folders) }));
}

async function emptyFolders(deps: Deps, ids: number[]) {
  // A folder is empty when no file's path starts with "{folder}/": the range ("{p}/", "{p}0") of the
  // (aircraft_id, path) index ('0' follows '/' in byte order), probed once per folder inside SQLite.
  const { rows } = await sql<{ aircraft_id: number; path: string; top: string }>`
    SELECT f.aircraft_id, f.path, f.top FROM (${tagged(deps.db, ids)}) f
    WHERE f.is_folder = 1 AND NOT EXISTS (
      SELECT 1 FROM storage_items x
      WHERE x.aircraft_id = f.aircraft_id AND x.is_folder = 0 AND x.path > f.path || '/' AND x.path < f.path || '0')
    ORDER BY f.aircraft_id, f.path`.execute(deps.db);
  return rows;
}

async function aircraftInfo(deps: Deps, ids: number[]): Promise<AircraftInfo[]> {
  if (!ids.length) return [];
  const rows = await deps.db
    .selectFrom("aircraft")
    .innerJoin("organizations as o", "o.id", "aircraft.organization_id")
    .select(["aircraft.id", "aircraft.name", "aircraft.msn", "aircraft.registration", "aircraft.kind", "o.id as org_id", "o.name as org_name", "o.slug as org_slug"])
    .where("aircraft.id", "in", ids)
    .orderBy("o.name")
    .orderBy("aircraft.name")
    .orderBy("aircraft.id")
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, msn: r.msn, registration: r.registration, kind: r.kind, organization: { id: r.org_id, name: r.org_name, slug: r.org_slug } }));
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, "en", { numeric: true, sensitivity: "base" });

/** The report of one aircraft: 5 queries, whatever its size. */
export async function aircraftInventory(deps: Deps, aircraft: AircraftInfo): Promise<Inventory> {
  const ids = [aircraft.id];
  const [tops, types, docs, empties] = await Promise.all([
    topFolders(deps, ids),
    sql<{ top: string | null; ext: string; files: number; bytes: number }>`
      SELECT top, ext, COUNT(*) AS files, COALESCE(SUM(size), 0) AS bytes FROM (${tagged(deps.db, ids)}) AS tg
      WHERE is_folder = 0 GROUP BY top, ext`.execute(deps.db).then((r) => r.rows),
    sql<Doc & { top: string | null; rn_new: number; rn_old: number }>`
      SELECT * FROM (
        SELECT id, name, path, size, created_at, top,
          ROW_NUMBER() OVER (PARTITION BY top ORDER BY created_at DESC, id DESC) AS rn_new,
          ROW_NUMBER() OVER (PARTITION BY top ORDER BY created_at ASC, id ASC) AS rn_old
        FROM (${tagged(deps.db, ids)}) AS tg WHERE is_folder = 0) AS ranked
      WHERE rn_new = 1 OR rn_old = 1`.execute(deps.db).then((r) => r.rows),
    emptyFolders(deps, ids),
  ]);
  const doc = (d: (typeof docs)[number]): Doc => ({ id: d.id, name: d.name, path: d.path, size: Number(d.size), created_at: d.created_at });
  const folderTops = tops.filter((t) => t.top !== null && t.is_top_folder);
  const rows = completeness(
    aircraft.kind,
    folderTops.map((t) => ({ name: t.top!, files: t.files })),
  );
  const keyOf = new Map<string, string>();
  for (const r of rows) for (const f of r.folders) keyOf.set(f, r.key);

  const typesOf = (top: string | null | undefined) => {
    const list = types.filter((t) => top === undefined || t.top === top);
    const merged = new Map<string, { ext: string; files: number; bytes: number }>();
    for (const t of list) {
      const m = merged.get(t.ext) ?? { ext: t.ext, files: 0, bytes: 0 };
      m.files += Number(t.files);
      m.bytes += Number(t.bytes);
      merged.set(t.ext, m);
    }
    return [...merged.values()].sort((a, b) => b.files - a.files || a.ext.localeCompare(b.ext));
  };
  const newestOf = (top: string | null) => docs.find((d) => d.top === top && Number(d.rn_new) === 1);
  const oldestOf = (top: string | null) => docs.find((d) => d.top === top && Number(d.rn_old) === 1);
  const emptyIn = (top: string) => empties.filter((e) => e.top === top).length;

  const folders = folderTops
    .map((t) => {
      const n = newestOf(t.top);
      const o = oldestOf(t.top);
      return {
        name: t.top!,
        path: `/${t.top}`,
        files: t.files,
        bytes: t.bytes,
        subfolders: t.subfolders,
        empty_folders: emptyIn(t.top!),
        types: typesOf(t.top),
        newest: n ? doc(n) : null,
        oldest: o ? doc(o) : null,
        index_key: keyOf.get(t.top!) ?? null,
      };
    })
    .sort(byName);

  const allNewest = docs.filter((d) => Number(d.rn_new) === 1).sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)[0];
  const allOldest = docs.filter((d) => Number(d.rn_old) === 1).sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id)[0];
  const root = tops.find((t) => t.top === null);
  return {
    aircraft,
    generated_at: nowIso(),
    totals: {
      files: tops.reduce((n, t) => n + t.files, 0),
      bytes: tops.reduce((n, t) => n + t.bytes, 0),
      folders: tops.reduce((n, t) => n + t.folders, 0),
      empty_folders: empties.length,
      types: typesOf(undefined),
      newest: allNewest ? doc(allNewest) : null,
      oldest: allOldest ? doc(allOldest) : null,
    },
    root: { files: root?.files ?? 0, bytes: root?.bytes ?? 0 },
    completeness: rows,
    summary: completenessSummary(rows),
    folders,
    empty_folders: empties.slice(0, INVENTORY_EMPTY_FOLDERS_MAX).map((e) => e.path),
  };
}

/** Every aircraft the user may read: 3 queries for the whole fleet. */
export async function fleetInventory(deps: Deps, user: AuthUser): Promise<FleetInventory> {
  const ids = await visibleAircraftIds(deps, user, "storage");
  const aircraft = await aircraftInfo(deps, ids);
  const [tops, empties] = ids.length ? await Promise.all([topFolders(deps, ids), emptyFolders(deps, ids)]) : [[], []];
  const rows = aircraft.map((a) => {
    const mine = tops.filter((t) => t.aircraft_id === a.id);
    const check = completeness(
      a.kind,
      mine.filter((t) => t.top !== null && t.is_top_folder).map((t) => ({ name: t.top!, files: t.files })),
    );
    const dates = (k: "oldest_at" | "newest_at") => mine.map((t) => t[k]).filter((d): d is string => !!d).sort();
    return {
      aircraft: a,
      files: mine.reduce((n, t) => n + t.files, 0),
      bytes: mine.reduce((n, t) => n + t.bytes, 0),
      folders: mine.reduce((n, t) => n + t.folders, 0),
      empty_folders: empties.filter((e) => e.aircraft_id === a.id).length,
      oldest_at: dates("oldest_at")[0] ?? null,
      newest_at: dates("newest_at").at(-1) ?? null,
      summary: completenessSummary(check),
      missing: check.filter((r) => r.status === "missing").map((r) => r.label),
      empty: check.filter((r) => r.status === "empty").map((r) => r.label),
    };
  });
  return {
    generated_at: nowIso(),
    aircraft: rows,
    totals: {
      aircraft: rows.length,
      files: rows.reduce((n, r) => n + r.files, 0),
      bytes: rows.reduce((n, r) => n + r.bytes, 0),
      empty_folders: rows.reduce((n, r) => n + r.empty_folders, 0),
      complete: rows.filter((r) => r.summary.present === r.summary.total).length,
    },
  };
}

async function readableAircraft(deps: Deps, user: AuthUser, id: number): Promise<AircraftInfo> {
  await requireAccess(deps, user, id, "storage", "read");
  const [a] = await aircraftInfo(deps, [id]);
  if (!a) throw notFound("That aircraft");
  return a;
}

const aircraftIdParam = (c: Ctx) => {
  const id = Number(c.req.param("id"));
  if (!Number.isInteger(id) || id <= 0) throw notFound("That aircraft");
  return id;
};

// ---------------------------------------------------------------------------------------------
// Exports (Excel with ExcelJS through buildWorkbook, ADR 036; PDF with renderPdf, ADR 032)
// ---------------------------------------------------------------------------------------------

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const dateOf = (iso: string | null | undefined): SheetValue => (iso ? new Date(iso) : null);
const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : "—");
const mb = (bytes: number) => Math.round((bytes / 1048576) * 100) / 100;
const typesText = (types: { ext: string; files: number }[]) => types.map((t) => `${t.ext || "(none)"} ${t.files}`).join(", ");
const stamp = () => nowIso().slice(0, 10);
const fileBase = (a: AircraftInfo) => `Inventory Report MSN ${a.msn}${a.registration ? ` ${a.registration}` : ""}`;

function completenessSheet(rows: CompletenessRow[]): SheetSpec {
  return {
    name: "Completeness",
    columns: ["Index entry", "Status", "Folders", "Files"],
    rows: rows.map((r) => [r.label, COMPLETENESS_LABEL[r.status], r.folders.join(", ") || null, r.files]),
  };
}

export async function aircraftWorkbook(inv: Inventory): Promise<Uint8Array> {
  const a = inv.aircraft;
  const s = inv.summary;
  const summary: SheetSpec = {
    name: "Summary",
    columns: ["Item", "Value"],
    rows: [
      ["Aircraft", a.name],
      ["MSN", a.msn],
      ["Registration", a.registration],
      ["Organization", a.organization.name],
      ["Files", inv.totals.files],
      ["Size (bytes)", inv.totals.bytes],
      ["Size (MB)", mb(inv.totals.bytes)],
      ["Folders", inv.totals.folders],
      ["Empty folders", inv.totals.empty_folders],
      ["Records index present", `${s.present} of ${s.total}`],
      ["Records index empty", s.empty],
      ["Records index missing", s.missing],
      ["Oldest document", dateOf(inv.totals.oldest?.created_at)],
      ["Newest document", dateOf(inv.totals.newest?.created_at)],
      ["Generated", dateOf(inv.generated_at)],
    ],
  };
  const folders: SheetSpec = {
    name: "Folders",
    columns: ["Folder", "Files", "Size (bytes)", "Size (MB)", "Subfolders", "Empty folders", "Types", "Oldest document", "Oldest date", "Newest document", "Newest date", "Index entry"],
    rows: inv.folders.map((f) => [
      f.name,
      f.files,
      f.bytes,
      mb(f.bytes),
      f.subfolders,
      f.empty_folders,
      typesText(f.types) || null,
      f.oldest?.name ?? null,
      dateOf(f.oldest?.created_at),
      f.newest?.name ?? null,
      dateOf(f.newest?.created_at),
      inv.completeness.find((r) => r.key === f.index_key)?.label ?? null,
    ]),
  };
  const types: SheetSpec = { name: "Types", columns: ["Type", "Files", "Size (bytes)", "Size (MB)"], rows: inv.totals.types.map((t) => [t.ext || "(none)", t.files, t.bytes, mb(t.bytes)]) };
  const empty: SheetSpec = { name: "Empty folders", columns: ["Folder"], rows: inv.empty_folders.map((p) => [p]) };
  return buildWorkbook([summary, completenessSheet(inv.completeness), folders, types, empty], {
    title: `Inventory Report: MSN ${a.msn}`,
    subject: `Inventory Report, MSN ${a.msn} (${a.registration})`,
    keywords: [`MSN ${a.msn}`, a.registration, a.organization.name].filter(Boolean).join("; "),
    category: "Inventory Report",
  });
}

export async function fleetWorkbook(f: FleetInventory): Promise<Uint8Array> {
  const fleet: SheetSpec = {
    name: "Fleet",
    columns: ["Aircraft", "MSN", "Registration", "Organization", "Type", "Files", "Size (bytes)", "Size (MB)", "Folders", "Empty folders", "Index present", "Index total", "Missing", "Empty", "Oldest document", "Newest document"],
    rows: f.aircraft.map((r) => [
      r.aircraft.name,
      r.aircraft.msn,
      r.aircraft.registration,
      r.aircraft.organization.name,
      r.aircraft.kind,
      r.files,
      r.bytes,
      mb(r.bytes),
      r.folders,
      r.empty_folders,
      r.summary.present,
      r.summary.total,
      r.missing.join(", ") || null,
      r.empty.join(", ") || null,
      dateOf(r.oldest_at),
      dateOf(r.newest_at),
    ]),
  };
  return buildWorkbook([fleet], { title: "Fleet Inventory Report", subject: `Inventory Report of ${f.totals.aircraft} aircraft`, category: "Inventory Report" });
}

export function aircraftPdf(inv: Inventory): Promise<Uint8Array> {
  const a = inv.aircraft;
  const s = inv.summary;
  const sections: PdfSection[] = [
    {
      fields: [
        ["Aircraft", a.name],
        ["MSN", a.msn],
        ["Registration", a.registration || "—"],
        ["Organization", a.organization.name],
        ["Files", String(inv.totals.files)],
        ["Size", formatBytes(inv.totals.bytes)],
        ["Folders", `${inv.totals.folders} (${inv.totals.empty_folders} empty)`],
        ["Records index", `${s.present} of ${s.total} present, ${s.empty} empty, ${s.missing} missing`],
        ["Oldest document", inv.totals.oldest ? `${day(inv.totals.oldest.created_at)}  ${inv.totals.oldest.name}` : "—"],
        ["Newest document", inv.totals.newest ? `${day(inv.totals.newest.created_at)}  ${inv.totals.newest.name}` : "—"],
      ],
    },
    {
      heading: "Completeness against the standard records index",
      table: {
        columns: ["Index entry", "Status", "Folders", "Files"],
        rows: inv.completeness.map((r) => [r.label, COMPLETENESS_LABEL[r.status], r.folders.join(", ") || "—", String(r.files)]),
        numeric: [false, false, false, true],
      },
    },
    {
      heading: "Folders",
      bookmark: true,
      table: {
        columns: ["Folder", "Files", "Size", "Subfolders", "Empty", "Types", "Oldest", "Newest"],
        rows: [
          ...inv.folders.map((f) => [f.name, String(f.files), formatBytes(f.bytes), String(f.subfolders), String(f.empty_folders), typesText(f.types) || "—", day(f.oldest?.created_at), day(f.newest?.created_at)]),
          ...(inv.root.files ? [["(root folder)", String(inv.root.files), formatBytes(inv.root.bytes), "—", "—", "—", "—", "—"]] : []),
        ],
        numeric: [false, true, true, true, true, false, false, false],
        footer: ["Total", String(inv.totals.files), formatBytes(inv.totals.bytes), String(inv.totals.folders), String(inv.totals.empty_folders), typesText(inv.totals.types) || "—", day(inv.totals.oldest?.created_at), day(inv.totals.newest?.created_at)],
      },
    },
  ];
  if (inv.empty_folders.length) sections.push({ heading: "Empty folders", table: { columns: ["Folder"], rows: inv.empty_folders.map((p) => [p]) } });
  return renderPdf({ title: "Inventory Report", subtitle: `${a.name}  |  MSN ${a.msn}  |  Registration ${a.registration || "—"}  |  ${a.organization.name}`, subject: `Inventory Report, MSN ${a.msn}`, sections });
}

export function fleetPdf(f: FleetInventory): Promise<Uint8Array> {
  const t = f.totals;
  return renderPdf({
    title: "Fleet Inventory Report",
    subtitle: `${t.aircraft} aircraft`,
    subject: "Fleet Inventory Report",
    sections: [
      { fields: [["Aircraft", String(t.aircraft)], ["Files", String(t.files)], ["Size", formatBytes(t.bytes)], ["Empty folders", String(t.empty_folders)], ["Complete records index", `${t.complete} of ${t.aircraft} aircraft`]] },
      {
        heading: "Completeness by aircraft",
        table: {
          columns: ["Aircraft", "MSN", "Registration", "Index", "Missing", "Empty"],
          rows: f.aircraft.map((r) => [r.aircraft.name, r.aircraft.msn, r.aircraft.registration || "—", `${r.summary.present} of ${r.summary.total}`, r.missing.join(", ") || "—", r.empty.join(", ") || "—"]),
        },
      },
      {
        heading: "Records by aircraft",
        table: {
          columns: ["Aircraft", "MSN", "Files", "Size", "Folders", "Empty folders", "Oldest", "Newest"],
          rows: f.aircraft.map((r) => [r.aircraft.name, r.aircraft.msn, String(r.files), formatBytes(r.bytes), String(r.folders), String(r.empty_folders), day(r.oldest_at), day(r.newest_at)]),
          numeric: [false, false, true, true, true, true, false, false],
          footer: ["Total", "", String(t.files), formatBytes(t.bytes), String(f.aircraft.reduce((n, r) => n + r.folders, 0)), String(t.empty_folders), "", ""],
        },
      },
    ],
  });
}

// ---------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------

async function inventoryRoute(c: Ctx) {
  const { user, deps } = ctx(c);
  return c.json(await aircraftInventory(deps, await readableAircraft(deps, user, aircraftIdParam(c))));
}

async function fleetRoute(c: Ctx) {
  const { user, deps } = ctx(c);
  return c.json(await fleetInventory(deps, user));
}

const aircraftExport = blobRoute(async (c) => {
  const { user, deps } = ctx(c);
  const { format } = readQuery(c, InventoryExportQuery);
  const inv = await aircraftInventory(deps, await readableAircraft(deps, user, aircraftIdParam(c)));
  const name = `${fileBase(inv.aircraft)} ${stamp()}`;
  return format === "pdf" ? blobAnswer(await aircraftPdf(inv), "application/pdf", `${name}.pdf`) : blobAnswer(await aircraftWorkbook(inv), XLSX_TYPE, `${name}.xlsx`);
});

const fleetExport = blobRoute(async (c) => {
  const { user, deps } = ctx(c);
  const { format } = readQuery(c, InventoryExportQuery);
  const f = await fleetInventory(deps, user);
  const name = `Fleet Inventory Report ${stamp()}`;
  return format === "pdf" ? blobAnswer(await fleetPdf(f), "application/pdf", `${name}.pdf`) : blobAnswer(await fleetWorkbook(f), XLSX_TYPE, `${name}.xlsx`);
});

export function registerInventoryRoutes(app: Hono<HonoEnv>) {
  app.get("/storage/v2/aircraft/:id{[0-9]+}/inventory.json", inventoryRoute);
  app.get("/storage/v2/aircraft/:id{[0-9]+}/inventory_export.json", aircraftExport);
  app.get("/storage/v2/inventory.json", fleetRoute);
  app.get("/storage/v2/inventory_export.json", fleetExport);
}
