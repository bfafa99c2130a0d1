// Tabs of aircraft (ops and oil) and template tabs per manufacturer: /v1/ops_tab_info/*, /v1/oil_tab_info/*.
import { isPostgres, jsonHas, jsonRenameKey } from "../db/dialect";
import type { Hono } from "hono";
import { sql, type RawBuilder, type Transaction } from "kysely";
import type { AuthUser, Deps, HonoEnv } from "../context";
import type { AccessLevel, Database } from "../db/schema";
import { nowIso } from "../db";
import { accessLevel, isStaff, requireRole, visibleAircraftIds } from "../access";
import { notFound, readBody, refuse } from "../http";
import {
  CreateTabInput,
  DeleteColumnInput,
  DeleteTabInput,
  FleetTabsInput,
  GetMsnModulesInput,
  GetTemplateDataInput,
  ListTabsInput,
  OIL_FIXED_TABS,
  OPS_FIXED_TABS,
  PushColumnsInput,
  TemplateListTabsInput,
  TemplateManufacturerDeleteInput,
  TemplateManufacturerInput,
  TemplateVersionContentInput,
  TemplateRowInput,
  TemplateSelectionInput,
  TemplateTabInput,
  TemplateVersionInput,
  TemplateVersionListInput,
  type AircraftRef,
  type ModuleProduct,
} from "../../app/models/schemas/ops";
import {
  aircraftTab,
  aircraftTabs,
  aircraftWithAccess,
  audit,
  findAircraft,
  jsonPath,
  manufacturerByName,
  normalizeCell,
  parseData,
  queryRows,
  tabJson,
  templateTab,
  templateTabs,
  touchIssueDate,
  type AircraftCtx,
  type Ctx,
  type TabView,
} from "./common";
import { deleteRows, upsertRow } from "./rows";

const chunked = <T,>(xs: T[], n: number) => Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));

export const TEMPLATE_ROLES: AuthUser["role"][] = ["ops_template", "admin", "member"];
/** Who may create, rename and delete manufacturers (spec: ops_template "works with ... manufacturers"; ADR 052). */
export const MANUFACTURER_ROLES: AuthUser["role"][] = ["ops_template", "admin"];

/** Both spellings: the spec shows some paths without the .json suffix. */
export const both = (p: string) => [p, `${p}.json`];

// ---------------------------------------------------------------------------------------------
// Fixed tabs and template copies (also used when an MSN is registered)
// ---------------------------------------------------------------------------------------------

type ColSpec = { name: string; type: string; editable?: boolean };
interface FixedTabSpec {
  key: string;
  name: string;
  group: string;
  columns: ColSpec[];
}
const FIELD_VALUE: ColSpec[] = [
  { name: "Field", type: "text", editable: false },
  { name: "Value", type: "text" },
];
/** The fixed tabs a newly registered aircraft gets (the same shapes as the demo seed's). */
export const FIXED_TABS: Record<ModuleProduct, FixedTabSpec[]> = {
  ops: [
    { key: "generalInformation", name: "General Information", group: "", columns: FIELD_VALUE },
    {
      key: "opsNotifications",
      name: "Ops Notifications",
      group: "",
      columns: [
        { name: "Date", type: "date" },
        { name: "Reference", type: "text" },
        { name: "Description", type: "text" },
        { name: "Status", type: "select" },
      ],
    },
  ],
  oil: [
    {
      key: "statusDashboard",
      name: "Status Dashboard",
      group: "",
      columns: [
        { name: "Position", type: "text" },
        { name: "Serial No", type: "text" },
        { name: "Last Sample Date", type: "date" },
        { name: "Status", type: "select" },
      ],
    },
    { key: "generalInformation", name: "General Information", group: "", columns: FIELD_VALUE },
    {
      key: "abclisting",
      name: "ABC Listing",
      group: "",
      columns: [
        { name: "Part No", type: "text" },
        { name: "Serial No", type: "text" },
        { name: "Description", type: "text" },
        { name: "ABC Class", type: "select" },
      ],
    },
  ],
};
const FIXED_KEYS = new Set<string>([...OPS_FIXED_TABS, ...OIL_FIXED_TABS]);
/** Tabs whose columns cannot be changed: general information is always Field / Value. */
const LOCKED_STRUCTURE = new Set<string>(["generalInformation"]);

type Trx = Transaction<Database>;

async function insertTab(
  trx: Trx,
  t: {
    product: ModuleProduct;
    organization_id: number | null;
    aircraft_id: number | null;
    manufacturer_id: number | null;
    is_template: number;
    key?: string;
    name: string;
    group: string;
    position: number;
  },
  columns: ColSpec[]
): Promise<number> {
  const inserted = await trx
    .insertInto("tabs")
    .values({
      product: t.product,
      organization_id: t.organization_id,
      aircraft_id: t.aircraft_id,
      manufacturer_id: t.manufacturer_id,
      is_template: t.is_template,
      tab_key: t.key ?? `new-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      tab_name: t.name,
      tab_position: t.position,
      group_name: t.group,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (!t.key)
    await trx
      .updateTable("tabs")
      .set({ tab_key: `tab-${inserted.id}` })
      .where("id", "=", inserted.id)
      .execute();
  if (columns.length) {
    await trx
      .insertInto("tab_columns")
      .values(columns.map((c, i) => ({ tab_id: inserted.id, name: c.name, position: i + 1, type: c.type, editable: c.editable === false ? 0 : 1 })))
      .execute();
  }
  return inserted.id;
}

/**
 * Gives an aircraft the fixed tabs of a product (those it lacks). For a new ops aircraft, the
 * template tabs of its manufacturer are copied too (columns and rows), after the fixed tabs.
 */
export async function ensureProductTabs(
  trx: Trx,
  aircraft: { id: number; organization_id: number; msn: string; registration: string; manufacturer: string; model: string },
  product: ModuleProduct,
  userId: number
): Promise<number> {
  const existing = await trx
    .selectFrom("tabs")
    .select(["tab_key", "tab_position"])
    .where("aircraft_id", "=", aircraft.id)
    .where("product", "=", product)
    .where("is_template", "=", 0)
    .execute();
  const keys = new Set(existing.map((t) => t.tab_key));
  let position = existing.reduce((m, t) => Math.max(m, t.tab_position), 0);
  let created = 0;
  const now = nowIso();
  for (const spec of FIXED_TABS[product]) {
    if (keys.has(spec.key)) continue;
    const tabId = await insertTab(
      trx,
      {
        product,
        organization_id: aircraft.organization_id,
        aircraft_id: aircraft.id,
        manufacturer_id: null,
        is_template: 0,
        key: spec.key,
        name: spec.name,
        group: spec.group,
        position: ++position,
      },
      spec.columns
    );
    created++;
    if (spec.key === "generalInformation") {
      const facts: [string, string][] = [
        ["MSN", aircraft.msn],
        ["Registration", aircraft.registration],
        ["Manufacturer", aircraft.manufacturer],
        ["Model", aircraft.model],
      ];
      await trx
        .insertInto("tab_rows")
        .values(
          facts.map(([f, v], i) => ({
            tab_id: tabId,
            position: i + 1,
            data: JSON.stringify({ Field: f, Value: v || null }),
            updated_by: userId,
            created_at: now,
            updated_at: now,
          }))
        )
        .execute();
    }
  }
  if (product === "ops" && existing.length === 0 && aircraft.manufacturer) {
    const m = await trx
      .selectFrom("manufacturers")
      .select("id")
      .where(sql`lower(name)`, "=", aircraft.manufacturer.toLowerCase())
      .executeTakeFirst();
    if (m) {
      const templates = await trx
        .selectFrom("tabs")
        .selectAll()
        .where("manufacturer_id", "=", m.id)
        .where("is_template", "=", 1)
        .where("product", "=", "ops")
        .orderBy("tab_position")
        .orderBy("id")
        .execute();
      if (templates.length) {
        const ids = templates.map((t) => t.id);
        const cols = await trx.selectFrom("tab_columns").selectAll().where("tab_id", "in", ids).orderBy("position").execute();
        const rows = await trx.selectFrom("tab_rows").selectAll().where("tab_id", "in", ids).orderBy("position").execute();
        for (const t of templates) {
          const newId = await insertTab(
            trx,
            {
              product,
              organization_id: aircraft.organization_id,
              aircraft_id: aircraft.id,
              manufacturer_id: null,
              is_template: 0,
              name: t.tab_name,
              group: t.group_name,
              position: ++position,
            },
            cols.filter((c) => c.tab_id === t.id).map((c) => ({ name: c.name, type: c.type, editable: c.editable === 1 }))
          );
          const tRows = rows.filter((r) => r.tab_id === t.id);
          for (let i = 0; i < tRows.length; i += 100) {
            await trx
              .insertInto("tab_rows")
              .values(
                tRows
                  .slice(i, i + 100)
                  .map((r) => ({ tab_id: newId, position: r.position, data: r.data, updated_by: userId, created_at: now, updated_at: now }))
              )
              .execute();
          }
          created++;
        }
      }
    }
  }
  return created;
}

// ---------------------------------------------------------------------------------------------
// Targets of tab management: an aircraft tab (Super User) or a template tab (template roles)
// ---------------------------------------------------------------------------------------------

type Target =
  | { kind: "aircraft"; aircraft: AircraftCtx; product: ModuleProduct }
  | { kind: "template"; manufacturer: { id: number; name: string }; product: ModuleProduct };

async function resolveTarget(
  deps: Deps,
  user: AuthUser,
  input: AircraftRef & { manufacturer?: string; product?: ModuleProduct },
  opts: { createManufacturer?: boolean } = {}
): Promise<Target> {
  const product = input.product ?? "ops";
  if (input.manufacturer) {
    requireRole(user, TEMPLATE_ROLES);
    if (opts.createManufacturer) {
      const found = await deps.db
        .selectFrom("manufacturers")
        .select(["id", "name"])
        .where(sql`lower(name)`, "=", input.manufacturer.toLowerCase())
        .executeTakeFirst();
      if (found) return { kind: "template", manufacturer: found, product };
      const created = await deps.db.insertInto("manufacturers").values({ name: input.manufacturer }).returning(["id", "name"]).executeTakeFirstOrThrow();
      return { kind: "template", manufacturer: created, product };
    }
    return { kind: "template", manufacturer: await manufacturerByName(deps, input.manufacturer), product };
  }
  const { aircraft } = await aircraftWithAccess(deps, user, input, product, "su_write");
  return { kind: "aircraft", aircraft, product };
}

async function targetTab(deps: Deps, target: Target, key: string): Promise<TabView> {
  return target.kind === "aircraft" ? aircraftTab(deps, target.aircraft.id, target.product, key) : templateTab(deps, target.manufacturer.id, key);
}

/** Registered aircraft name their manufacturer as text; a manufacturer is in use while any does (any case). */
async function manufacturerList(deps: Deps) {
  const rows = await deps.db
    .selectFrom("manufacturers")
    .leftJoin("tabs", (j) => j.onRef("tabs.manufacturer_id", "=", "manufacturers.id").on("tabs.is_template", "=", 1))
    .select([
      "manufacturers.id",
      "manufacturers.name",
      (eb) => eb.fn.count<number>("tabs.id").as("tab_count"),
      sql<number>`(SELECT count(*) FROM aircraft WHERE lower(aircraft.manufacturer) = lower(manufacturers.name))`.as("aircraft_count"),
    ])
    .groupBy(["manufacturers.id", "manufacturers.name"])
    .orderBy("manufacturers.name")
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, tab_count: Number(r.tab_count), aircraft_count: Number(r.aircraft_count) }));
}

const inUse = (m: { name: string; aircraft_count: number }, what: "renamed" | "deleted") =>
  `${m.name} is the manufacturer of ${m.aircraft_count} registered aircraft: it cannot be ${what} while they name it.`;

/** A version's snapshot as the API shows it (older snapshots may lack a field: defaults). */
function snapshotTabs(raw: unknown) {
  if (!Array.isArray(raw)) return [];
  return raw.map((t: Record<string, unknown>, i) => ({
    tab_id: String(t.tab_id ?? `tab-${i + 1}`),
    tab_name: String(t.tab_name ?? ""),
    tab_position: Number(t.tab_position ?? i + 1),
    group_name: String(t.group_name ?? ""),
    columns: (Array.isArray(t.columns) ? t.columns : []).map((col: Record<string, unknown>, j: number) => ({
      name: String(col.name ?? ""),
      type: String(col.type ?? "text"),
      position: Number(col.position ?? j + 1),
      editable: col.editable !== false,
    })),
    rows: (Array.isArray(t.rows) ? t.rows : []).map((r: Record<string, unknown>, j: number) => ({
      position: Number(r.position ?? j + 1),
      data: (r.data && typeof r.data === "object" ? r.data : {}) as Record<string, string | number | boolean | null>,
    })),
  }));
}

function checkColumnNames(columns: { name: string }[]) {
  const seen = new Set<string>();
  for (const c of columns) {
    const k = c.name.toLowerCase();
    if (seen.has(k)) throw refuse(`The column "${c.name}" appears twice.`, { columns: [`The column "${c.name}" appears twice.`] });
    seen.add(k);
  }
}

// ---------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------

export function registerTabRoutes(app: Hono<HonoEnv>) {
  const listTabs = (product: ModuleProduct) => async (c: Ctx) => {
    const deps = c.get("deps");
    const input = await readBody(c, ListTabsInput);
    const { aircraft } = await aircraftWithAccess(deps, c.get("user"), input, product, "read");
    const tabs = await aircraftTabs(deps, aircraft.id, product);
    return c.json({ tabs: tabs.map((t) => tabJson(t, aircraft)) });
  };
  app.on("POST", both("/v1/ops_tab_info/list_tabs"), listTabs("ops"));
  app.on("POST", both("/v1/oil_tab_info/list_tabs"), listTabs("oil"));

  app.on("POST", both("/v1/ops_tab_info/template_list_tabs"), async (c) => {
    const deps = c.get("deps");
    requireRole(c.get("user"), TEMPLATE_ROLES);
    const input = await readBody(c, TemplateListTabsInput);
    const m = await manufacturerByName(deps, input.manufacturer);
    const tabs = await templateTabs(deps, m.id);
    return c.json({ manufacturer: m.name, tabs: tabs.map((t) => tabJson(t, null)) });
  });

  app.on("POST", both("/v1/ops_tab_info/get_template_manufacturer"), async (c) => {
    const deps = c.get("deps");
    requireRole(c.get("user"), TEMPLATE_ROLES);
    return c.json({ manufacturers: await manufacturerList(deps) });
  });

  // --- the template library's manufacturers (issue 14 leftovers, ADR 052) --------------------
  // Created and renamed by name (unique whatever the case), deleted with their template tabs and
  // versions; renaming (other than its case) or deleting a manufacturer that registered aircraft name
  // is refused, since the name is what links an aircraft to its template. Admins and ops_template only.

  app.on("POST", both("/v1/ops_tab_info/add_update_template_manufacturer"), async (c) => {
    const deps = c.get("deps");
    requireRole(c.get("user"), MANUFACTURER_ROLES);
    const input = await readBody(c, TemplateManufacturerInput);
    const clash = await deps.db
      .selectFrom("manufacturers")
      .select(["id", "name"])
      .where(sql`lower(name)`, "=", input.name.toLowerCase())
      .executeTakeFirst();
    if (clash && clash.id !== input.id) throw refuse(`There is already a manufacturer named ${clash.name}.`, { name: [`There is already a manufacturer named ${clash.name}.`] });
    if (input.id == null) {
      const created = await deps.db.insertInto("manufacturers").values({ name: input.name }).returning(["id", "name"]).executeTakeFirstOrThrow();
      await audit(c, "ops.template.manufacturer.create", "manufacturer", created.id, null, { name: created.name });
      const m = (await manufacturerList(deps)).find((x) => x.id === created.id)!;
      return c.json({ message: `The manufacturer ${m.name} was created.`, manufacturer: m });
    }
    const before = (await manufacturerList(deps)).find((x) => x.id === input.id);
    if (!before) throw notFound("That manufacturer");
    if (before.aircraft_count > 0 && before.name.toLowerCase() !== input.name.toLowerCase())
      throw refuse(inUse(before, "renamed"), { name: [inUse(before, "renamed")] });
    await deps.db.updateTable("manufacturers").set({ name: input.name }).where("id", "=", before.id).execute();
    await audit(c, "ops.template.manufacturer.rename", "manufacturer", before.id, null, { from: before.name, to: input.name });
    const m = (await manufacturerList(deps)).find((x) => x.id === before.id)!;
    return c.json({ message: `${before.name} was renamed ${m.name}.`, manufacturer: m });
  });

  app.on("POST", both("/v1/ops_tab_info/delete_template_manufacturer"), async (c) => {
    const deps = c.get("deps");
    requireRole(c.get("user"), MANUFACTURER_ROLES);
    const input = await readBody(c, TemplateManufacturerDeleteInput);
    const m = (await manufacturerList(deps)).find((x) => x.id === input.id);
    if (!m) throw notFound("That manufacturer");
    if (m.aircraft_count > 0) throw refuse(inUse(m, "deleted"));
    // Its template tabs (columns, rows) and versions go with it (ON DELETE CASCADE).
    await deps.db.deleteFrom("manufacturers").where("id", "=", m.id).execute();
    await audit(c, "ops.template.manufacturer.delete", "manufacturer", m.id, null, { name: m.name, tab_count: m.tab_count });
    return c.json({ message: `The manufacturer ${m.name} and its template were deleted.` });
  });

  app.on("POST", both("/v1/ops_tab_info/get_msn_modules"), async (c) => {
    const deps = c.get("deps");
    const user = c.get("user");
    const input = await readBody(c, GetMsnModulesInput);
    const aircraft = await findAircraft(deps, input);
    const [opsAccess, oilAccess] = await Promise.all([accessLevel(deps, user, aircraft.id, "ops"), accessLevel(deps, user, aircraft.id, "oil")]);
    if (!opsAccess && !oilAccess) throw notFound("That aircraft");
    const counts = await deps.db
      .selectFrom("tabs")
      .select(["product", (eb) => eb.fn.countAll<number>().as("n")])
      .where("aircraft_id", "=", aircraft.id)
      .where("is_template", "=", 0)
      .groupBy("product")
      .execute();
    const org = await deps.db.selectFrom("organizations").select(["has_ops", "has_oil"]).where("id", "=", aircraft.organization_id).executeTakeFirstOrThrow();
    const count = (p: ModuleProduct) => Number(counts.find((r) => r.product === p)?.n ?? 0);
    return c.json({
      msn_id: aircraft.msn,
      org_msn_id: aircraft.id,
      modules: [
        { product: "ops" as const, enabled: org.has_ops === 1 && count("ops") > 0, access_type: opsAccess, tab_count: count("ops") },
        { product: "oil" as const, enabled: org.has_oil === 1 && count("oil") > 0, access_type: oilAccess, tab_count: count("oil") },
      ],
    });
  });

  // The fleet's ops tabs (the transition menu and /Aeroops/org/tabslanding): every tab of the aircraft
  // the user may read in AeroOPS, one entry per tab name (case-insensitive), in tab_position order,
  // with each aircraft that has it, the user's level there and its row count.
  app.on("POST", both("/v1/ops_tab_info/fleet_tabs"), async (c) => {
    const deps = c.get("deps");
    const user = c.get("user");
    const input = await readBody(c, FleetTabsInput);
    let orgId: number | null = null;
    if (input.organization) {
      const org = await deps.db.selectFrom("organizations").select("id").where("slug", "=", input.organization).executeTakeFirst();
      if (!org || (user.organization_id != null && user.organization_id !== org.id && !isStaff(user) && user.role !== "ops_template")) throw notFound("That organization");
      orgId = org.id;
    }
    const ids = await visibleAircraftIds(deps, user, "ops", orgId ?? (isStaff(user) || user.role === "ops_template" ? null : user.organization_id));
    if (ids.length === 0) return c.json({ tabs: [] });
    const tabs = await deps.db
      .selectFrom("tabs")
      .innerJoin("aircraft", "aircraft.id", "tabs.aircraft_id")
      .select(["tabs.id", "tabs.tab_key", "tabs.tab_name", "tabs.group_name", "tabs.tab_position", "aircraft.id as aircraft_id", "aircraft.msn", "aircraft.registration", "aircraft.status"])
      .where("tabs.product", "=", "ops")
      .where("tabs.is_template", "=", 0)
      .where("tabs.aircraft_id", "in", ids)
      .orderBy("tabs.tab_position")
      .orderBy("aircraft.msn")
      .execute();
    const counts = new Map<number, number>();
    for (const chunk of chunked(tabs.map((t) => t.id), 500)) {
      const rows = await deps.db.selectFrom("tab_rows").select(["tab_id", (eb) => eb.fn.countAll<number>().as("n")]).where("tab_id", "in", chunk).groupBy("tab_id").execute();
      for (const r of rows) counts.set(r.tab_id, Number(r.n));
    }
    const levels = new Map<number, AccessLevel>();
    for (const id of new Set(tabs.map((t) => t.aircraft_id))) levels.set(id, (await accessLevel(deps, user, id, "ops")) ?? "read");
    const byName = new Map<string, { tab_name: string; group_name: string; tab_ids: string[]; aircraft: unknown[] }>();
    for (const t of tabs) {
      const key = t.tab_name.toLowerCase();
      let e = byName.get(key);
      if (!e) byName.set(key, (e = { tab_name: t.tab_name, group_name: t.group_name, tab_ids: [], aircraft: [] }));
      if (!e.tab_ids.includes(t.tab_key)) e.tab_ids.push(t.tab_key);
      e.aircraft.push({ org_msn_id: t.aircraft_id, msn: t.msn, registration: t.registration, status: t.status, access_type: levels.get(t.aircraft_id)!, tab_id: t.tab_key, rows: counts.get(t.id) ?? 0 });
    }
    return c.json({ tabs: [...byName.values()] });
  });

  // --- tab structure -----------------------------------------------------------------------

  app.on("POST", both("/v1/ops_tab_info/create"), async (c) => {
    const deps = c.get("deps");
    const user = c.get("user");
    const input = await readBody(c, CreateTabInput);
    checkColumnNames(input.columns);
    const target = await resolveTarget(deps, user, input, { createManufacturer: true });
    const scope =
      target.kind === "aircraft"
        ? deps.db.selectFrom("tabs").where("aircraft_id", "=", target.aircraft.id).where("product", "=", target.product).where("is_template", "=", 0)
        : deps.db.selectFrom("tabs").where("manufacturer_id", "=", target.manufacturer.id).where("is_template", "=", 1);
    const clash = await scope
      .select("id")
      .where(sql`lower(tab_name)`, "=", input.tab_name.toLowerCase())
      .executeTakeFirst();
    if (clash) throw refuse(`A tab named "${input.tab_name}" already exists.`, { tab_name: ["That name is taken."] });
    const { max } = await scope.select((eb) => eb.fn.max<number | null>("tab_position").as("max")).executeTakeFirstOrThrow();
    const tabId = await deps.db.transaction().execute((trx) =>
      insertTab(
        trx,
        {
          product: target.product,
          organization_id: target.kind === "aircraft" ? target.aircraft.organization_id : null,
          aircraft_id: target.kind === "aircraft" ? target.aircraft.id : null,
          manufacturer_id: target.kind === "template" ? target.manufacturer.id : null,
          is_template: target.kind === "template" ? 1 : 0,
          name: input.tab_name,
          group: input.group_name,
          position: input.tab_position ?? (max ?? 0) + 1,
        },
        input.columns
      )
    );
    const key = `tab-${tabId}`;
    const view = await targetTab(deps, target, key);
    await audit(c, "ops.tab.create", "tab", tabId, target.kind === "aircraft" ? target.aircraft.organization_id : null, {
      tab_id: key,
      tab_name: input.tab_name,
      product: target.product,
      ...(target.kind === "aircraft" ? { aircraft_id: target.aircraft.id } : { manufacturer: target.manufacturer.name }),
    });
    return c.json({ message: `The tab "${input.tab_name}" was created.`, tab: tabJson(view, target.kind === "aircraft" ? target.aircraft : null) });
  });

  app.on("POST", both("/v1/ops_tab_info/delete_tab"), async (c) => {
    const deps = c.get("deps");
    const input = await readBody(c, DeleteTabInput);
    const target = await resolveTarget(deps, c.get("user"), input);
    if (target.kind === "aircraft" && FIXED_KEYS.has(input.tab_id)) throw refuse("This tab is part of every aircraft and cannot be deleted.");
    const view = await targetTab(deps, target, input.tab_id);
    if (view.source !== "stored") throw refuse("Work-order tabs cannot be deleted.");
    await deps.db.deleteFrom("tabs").where("id", "=", view.dbId!).execute(); // columns and rows cascade
    if (target.kind === "aircraft") await touchIssueDate(deps, target.aircraft.id, target.product);
    await audit(c, "ops.tab.delete", "tab", view.dbId, target.kind === "aircraft" ? target.aircraft.organization_id : null, {
      tab_id: view.key,
      tab_name: view.name,
    });
    return c.json({ message: `The tab "${view.name}" was deleted.` });
  });

  app.on("POST", both("/v1/ops_tab_info/delete_column"), async (c) => {
    const deps = c.get("deps");
    const input = await readBody(c, DeleteColumnInput);
    const target = await resolveTarget(deps, c.get("user"), input);
    const view = await targetTab(deps, target, input.tab_id);
    if (view.source !== "stored") throw refuse("The columns of work-order tabs cannot be changed.");
    if (target.kind === "aircraft" && LOCKED_STRUCTURE.has(view.key)) throw refuse(`The columns of ${view.name} are fixed.`);
    const col = view.columns.find((x) => x.id === input.column_id);
    if (!col) throw notFound("That column");
    await deps.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("tab_columns").where("id", "=", col.id).execute();
      await trx
        .updateTable("tab_rows")
        .set({ data: isPostgres(trx) ? sql<string>`(data::jsonb - ${col.name}::text)::text` : sql`json_remove(data, ${jsonPath(col.name)})` })
        .where("tab_id", "=", view.dbId!)
        .execute();
    });
    if (target.kind === "aircraft") await touchIssueDate(deps, target.aircraft.id, target.product);
    await audit(c, "ops.column.delete", "tab_column", col.id, target.kind === "aircraft" ? target.aircraft.organization_id : null, {
      tab_id: view.key,
      column: col.name,
    });
    const fresh = await targetTab(deps, target, view.key);
    return c.json({ message: `The column "${col.name}" was deleted.`, tab: tabJson(fresh, target.kind === "aircraft" ? target.aircraft : null) });
  });

  app.on("PUT", both("/v1/ops_tab_info/push_data_columns_list"), async (c) => {
    const deps = c.get("deps");
    const input = await readBody(c, PushColumnsInput);
    const target = await resolveTarget(deps, c.get("user"), input);
    const view = await targetTab(deps, target, input.tab_id);
    if (view.source !== "stored") throw refuse("The columns of work-order tabs cannot be changed.");
    if (target.kind === "aircraft" && LOCKED_STRUCTURE.has(view.key)) throw refuse(`The columns of ${view.name} are fixed.`);
    const byId = new Map(view.columns.map((x) => [x.id, x]));
    for (const col of input.columns) {
      if (col.id != null && !byId.has(col.id)) throw notFound(`The column with id ${col.id}`);
    }
    const mentioned = new Set(input.columns.filter((x) => x.id != null).map((x) => x.id!));
    if (mentioned.size !== input.columns.filter((x) => x.id != null).length) throw refuse("A column id appears twice.");
    const kept = view.columns.filter((x) => !mentioned.has(x.id));
    checkColumnNames([...input.columns, ...kept]);

    const renames = input.columns
      .filter((x) => x.id != null && byId.get(x.id)!.name !== x.name)
      .map((x) => ({ id: x.id!, from: byId.get(x.id!)!.name, to: x.name }));
    const retyped = input.columns.filter((x) => x.id != null && byId.get(x.id)!.type !== x.type && x.type !== "text" && x.type !== "select");

    await deps.db.transaction().execute(async (trx) => {
      // Existing values must fit a column's new type; they are normalized (e.g. "12" → 12).
      if (retyped.length) {
        const rows = await trx.selectFrom("tab_rows").select(["id", "data"]).where("tab_id", "=", view.dbId!).execute();
        const problems: string[] = [];
        const updates: { id: number; data: Record<string, unknown> }[] = [];
        for (const r of rows) {
          const data = parseData(r.data);
          let changed = false;
          for (const col of retyped) {
            const old = byId.get(col.id!)!.name;
            if (!(old in data)) continue;
            const res = normalizeCell(col.type, data[old]);
            if (!res.ok) problems.push(`Row ${r.id}: "${old}" ${res.error}.`);
            else if (res.value !== data[old]) {
              data[old] = res.value;
              changed = true;
            }
          }
          if (changed) updates.push({ id: r.id, data });
        }
        if (problems.length) {
          throw refuse(`${problems.length} existing value(s) do not fit the new column type; nothing was changed.`, { columns: problems.slice(0, 50) });
        }
        for (const u of updates)
          await trx
            .updateTable("tab_rows")
            .set({ data: JSON.stringify(u.data) })
            .where("id", "=", u.id)
            .execute();
      }
      // Renames in two steps through temporary keys, so that swapped names do not collide.
      for (const r of renames) {
        await trx
          .updateTable("tab_rows")
          .set({ data: jsonRenameKey(trx, sql`data`, r.from, `__rename_${r.id}`) as RawBuilder<string> })
          .where("tab_id", "=", view.dbId!)
          .where(jsonHas(trx, sql`data`, r.from))
          .execute();
      }
      for (const r of renames) {
        await trx
          .updateTable("tab_rows")
          .set({ data: jsonRenameKey(trx, sql`data`, `__rename_${r.id}`, r.to) as RawBuilder<string> })
          .where("tab_id", "=", view.dbId!)
          .where(jsonHas(trx, sql`data`, `__rename_${r.id}`))
          .execute();
      }
      let position = 0;
      for (const col of input.columns) {
        position++;
        if (col.id != null) {
          await trx
            .updateTable("tab_columns")
            .set({ name: col.name, type: col.type, editable: col.editable ? 1 : 0, position })
            .where("id", "=", col.id)
            .execute();
        } else {
          await trx
            .insertInto("tab_columns")
            .values({ tab_id: view.dbId!, name: col.name, type: col.type, editable: col.editable ? 1 : 0, position })
            .execute();
        }
      }
      for (const col of kept) {
        position++;
        await trx.updateTable("tab_columns").set({ position }).where("id", "=", col.id).execute();
      }
    });
    if (target.kind === "aircraft") await touchIssueDate(deps, target.aircraft.id, target.product);
    await audit(c, "ops.columns.update", "tab", view.dbId, target.kind === "aircraft" ? target.aircraft.organization_id : null, {
      tab_id: view.key,
      columns: input.columns.map((x) => x.name),
      renames,
    });
    const fresh = await targetTab(deps, target, view.key);
    return c.json({ message: `The columns of "${view.name}" were saved.`, tab: tabJson(fresh, target.kind === "aircraft" ? target.aircraft : null) });
  });

  // --- template data -----------------------------------------------------------------------

  const templateView = async (c: Ctx, manufacturer: string, key: string) => {
    requireRole(c.get("user"), TEMPLATE_ROLES);
    const m = await manufacturerByName(c.get("deps"), manufacturer);
    return { m, view: await templateTab(c.get("deps"), m.id, key) };
  };

  app.on("POST", both("/v1/ops_tab_info/get_template_data"), async (c) => {
    const input = await readBody(c, GetTemplateDataInput);
    const { view } = await templateView(c, input.manufacturer, input.tab_id);
    const { rows, total, totalCapped, next, prev } = await queryRows(c.get("deps"), view, {
      page: input.page,
      perPage: input.per_page,
      sortColumn: input.sort_column,
      sortOrder: input.sort_order,
      filter: input.filter,
      after: input.after,
      before: input.before,
    });
    return c.json({ tab: tabJson(view, null), columns: view.columns, rows, total, total_capped: totalCapped, page: input.page, per_page: input.per_page, next, prev });
  });

  app.on("PUT", both("/v1/ops_tab_info/add_update_template_data"), async (c) => {
    const input = await readBody(c, TemplateRowInput);
    const { m, view } = await templateView(c, input.manufacturer, input.tab_id);
    const res = await upsertRow(c.get("deps"), view, input, { allowLocked: true, userId: c.get("user").id });
    await audit(c, res.created ? "ops.template.row.create" : "ops.template.row.update", "tab_row", res.row.id, null, {
      manufacturer: m.name,
      tab_id: view.key,
    });
    return c.json({ message: res.created ? "The row was added." : "The row was saved.", ...res });
  });

  app.on("POST", both("/v1/ops_tab_info/delete_template_data_by_selection"), async (c) => {
    const input = await readBody(c, TemplateSelectionInput);
    const { m, view } = await templateView(c, input.manufacturer, input.tab_id);
    const deleted = await deleteRows(c.get("deps"), view, input.ids);
    await audit(c, "ops.template.rows.delete", "tab", view.dbId, null, { manufacturer: m.name, tab_id: view.key, ids: input.ids, deleted });
    return c.json({ message: `${deleted} row(s) deleted.`, deleted });
  });

  app.on("POST", both("/v1/ops_tab_info/delete_template_data"), async (c) => {
    const input = await readBody(c, TemplateTabInput);
    const { m, view } = await templateView(c, input.manufacturer, input.tab_id);
    const res = await c.get("deps").db.deleteFrom("tab_rows").where("tab_id", "=", view.dbId!).executeTakeFirst();
    const deleted = Number(res.numDeletedRows);
    await audit(c, "ops.template.rows.clear", "tab", view.dbId, null, { manufacturer: m.name, tab_id: view.key, deleted });
    return c.json({ message: `All ${deleted} row(s) of "${view.name}" were deleted.`, deleted });
  });

  // --- template versions -------------------------------------------------------------------

  const versionJson = (v: { version: number; note: string; snapshot: string; created_at: string; created_by_name: string | null }) => {
    let tabCount = 0;
    try {
      const s = JSON.parse(v.snapshot);
      tabCount = Array.isArray(s) ? s.length : 0;
    } catch {
      tabCount = 0;
    }
    return { version: v.version, note: v.note, tab_count: tabCount, created_at: v.created_at, created_by: v.created_by_name };
  };
  const versionRows = (deps: Deps, manufacturerId: number) =>
    deps.db
      .selectFrom("template_versions")
      .leftJoin("users", "users.id", "template_versions.created_by")
      .select([
        "template_versions.version",
        "template_versions.note",
        "template_versions.snapshot",
        "template_versions.created_at",
        "users.username as created_by_name",
      ])
      .where("template_versions.manufacturer_id", "=", manufacturerId);

  app.on("POST", both("/v1/ops_tab_info/get_template_version"), async (c) => {
    const deps = c.get("deps");
    requireRole(c.get("user"), TEMPLATE_ROLES);
    const input = await readBody(c, TemplateVersionListInput);
    const m = await manufacturerByName(deps, input.manufacturer);
    const rows = await versionRows(deps, m.id).orderBy("template_versions.version", "desc").execute();
    return c.json({ manufacturer: m.name, versions: rows.map(versionJson), current_version: rows[0]?.version ?? null });
  });

  app.on("POST", both("/v1/ops_tab_info/get_template_version_content"), async (c) => {
    const deps = c.get("deps");
    requireRole(c.get("user"), TEMPLATE_ROLES);
    const input = await readBody(c, TemplateVersionContentInput);
    const m = await manufacturerByName(deps, input.manufacturer);
    const row = await versionRows(deps, m.id).where("template_versions.version", "=", input.version).executeTakeFirst();
    if (!row) throw notFound("That template version");
    let tabs: unknown = [];
    try {
      tabs = JSON.parse(row.snapshot);
    } catch {
      tabs = [];
    }
    return c.json({ manufacturer: m.name, version: versionJson(row), tabs: snapshotTabs(tabs) });
  });

  app.on("POST", both("/v1/ops_tab_info/add_update_template_version"), async (c) => {
    const deps = c.get("deps");
    const user = c.get("user");
    requireRole(user, TEMPLATE_ROLES);
    const input = await readBody(c, TemplateVersionInput);
    const m = await manufacturerByName(deps, input.manufacturer);
    if (input.version != null) {
      const res = await deps.db
        .updateTable("template_versions")
        .set({ note: input.note })
        .where("manufacturer_id", "=", m.id)
        .where("version", "=", input.version)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) throw notFound("That template version");
      await audit(c, "ops.template.version.update", "template_version", input.version, null, { manufacturer: m.name, note: input.note });
      const row = await versionRows(deps, m.id).where("template_versions.version", "=", input.version).executeTakeFirstOrThrow();
      return c.json({ message: `Version ${input.version} was saved.`, version: versionJson(row) });
    }
    // A new version: a snapshot of the manufacturer's template tabs with their columns and rows.
    const version = await deps.db.transaction().execute(async (trx) => {
      const tabs = await trx.selectFrom("tabs").selectAll().where("manufacturer_id", "=", m.id).where("is_template", "=", 1).orderBy("tab_position").execute();
      const ids = tabs.map((t) => t.id);
      const cols = ids.length ? await trx.selectFrom("tab_columns").selectAll().where("tab_id", "in", ids).orderBy("position").execute() : [];
      const rows = ids.length
        ? await trx.selectFrom("tab_rows").select(["tab_id", "position", "data"]).where("tab_id", "in", ids).orderBy("position").execute()
        : [];
      const snapshot = tabs.map((t) => ({
        tab_id: t.tab_key,
        tab_name: t.tab_name,
        tab_position: t.tab_position,
        group_name: t.group_name,
        product: t.product,
        columns: cols.filter((x) => x.tab_id === t.id).map((x) => ({ name: x.name, type: x.type, position: x.position, editable: x.editable === 1 })),
        rows: rows.filter((r) => r.tab_id === t.id).map((r) => ({ position: r.position, data: parseData(r.data) })),
      }));
      const { max } = await trx
        .selectFrom("template_versions")
        .select((eb) => eb.fn.max<number | null>("version").as("max"))
        .where("manufacturer_id", "=", m.id)
        .executeTakeFirstOrThrow();
      const next = (max ?? 0) + 1;
      await trx
        .insertInto("template_versions")
        .values({ manufacturer_id: m.id, version: next, note: input.note, snapshot: JSON.stringify(snapshot), created_by: user.id })
        .execute();
      return next;
    });
    await audit(c, "ops.template.version.create", "template_version", version, null, { manufacturer: m.name, note: input.note });
    const row = await versionRows(deps, m.id).where("template_versions.version", "=", version).executeTakeFirstOrThrow();
    return c.json({ message: `Version ${version} of the ${m.name} template was saved.`, version: versionJson(row) });
  });
}
