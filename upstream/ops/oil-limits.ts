// AeroOIL trends and alert limits (issue 15 item 4, ADR 048) and the status dashboard's share by
// e-mail and PNG (item 2): /v1/oil_data/get_oil_limits, set_oil_limit, get_oil_trend,
// share_status_dashboard, status_dashboard_png; and the status dashboard's data in one call
// (get_status_dashboard).
// A limit is an upper limit per numeric column of an aircraft's oil tab; a row above it has crossed it.
import { isPostgres, jsonIsNumber, nowExpr } from "../db/dialect";
import type { Hono } from "hono";
import { sql } from "kysely";
import type { z } from "zod";
import type { Deps, HonoEnv } from "../context";
import type { DB } from "../db";
import { readBody, refuse } from "../http";
import { portalLink } from "../main/accounts";
import { OIL_TREND_MAX_ROWS, OilLimitsInput, OilTrendInput, SetOilLimitInput, ShareOilDashboardInput, StatusDashboardInput } from "../../app/models/schemas/oil-limits";
import { OIL_STATUS_TAB, statusPageTitle } from "../../app/models/oil-rules";
import { WATCH_COLUMN } from "../../app/models/schemas/ops";
import { AircraftListQuery } from "../../app/models/schemas/storage";
import { listAircraft } from "../main/storage";
import { aircraftTab, aircraftTabs, aircraftWithAccess, apiColumns, audit, blobAnswer, blobRoute, queryRows, tabJson, type Ctx, type TabView } from "./common";
import { dashboardPng } from "./oil-dashboard-png";
import { both } from "./tabs";

/** The column that names the engine or unit of a row (ESN, Serial No, S/N…), else none (one series). */
const SERIES_NAME = /^(esn|s\/?n|serial|serial no\.?|serial number|engine serial( no\.?| number)?|unit serial( no\.?)?|part serial( no\.?)?)$/i;

export function trendColumns(view: TabView) {
  const date = view.columns.find((c) => c.type === "date") ?? null;
  const series = view.columns.find((c) => SERIES_NAME.test(c.name.trim())) ?? view.columns.find((c) => /\b(esn|serial)\b/i.test(c.name)) ?? null;
  const numeric = view.columns.filter((c) => c.type === "number");
  return { date, series, numeric };
}

async function limitsOf(deps: Deps, view: TabView) {
  const rows = await deps.db
    .selectFrom("oil_limits")
    .innerJoin("tab_columns", "tab_columns.id", "oil_limits.column_id")
    .leftJoin("users", "users.id", "oil_limits.set_by")
    .select(["tab_columns.name as column_name", "tab_columns.type", "tab_columns.position", "oil_limits.limit_value", "oil_limits.set_at", "users.email", "users.username"])
    .where("oil_limits.tab_id", "=", view.dbId!)
    .orderBy("tab_columns.position")
    .execute();
  // A column retyped away from number keeps its limit stored but it no longer applies.
  return rows
    .filter((r) => r.type === "number")
    .map((r) => ({ column_name: r.column_name, limit: r.limit_value, set_by: r.username || r.email || null, set_at: r.set_at }));
}

const cellPath = (name: string) => sql`'$."' || ${name} || '"'`;
/** SQL: the row's number in a column is above the limit. */
const above = (db: DB, name: string, limit: number) =>
  isPostgres(db)
    ? sql<boolean>`(${jsonIsNumber(db, sql`r.data`, name)} AND (r.data::jsonb ->> ${name}::text)::float8 > ${limit})`
    : sql<boolean>`(json_type(r.data, ${cellPath(name)}) IN ('integer', 'real') AND json_extract(r.data, ${cellPath(name)}) > ${limit})`;

async function crossings(deps: Deps, view: TabView, limits: { column_name: string; limit: number }[]) {
  if (limits.length === 0) return { rows: 0, by_column: {} as Record<string, number> };
  const cols = limits.map((l, i) => sql`SUM(CASE WHEN ${above(deps.db, l.column_name, l.limit)} THEN 1 ELSE 0 END) AS ${sql.ref(`c${i}`)}`);
  const any = sql.join(
    limits.map((l) => above(deps.db, l.column_name, l.limit)),
    sql` OR `
  );
  const res = await sql<Record<string, number | null>>`
    SELECT SUM(CASE WHEN ${any} THEN 1 ELSE 0 END) AS total, ${sql.join(cols, sql`, `)}
    FROM tab_rows r WHERE r.tab_id = ${view.dbId!}
  `.execute(deps.db);
  const row = res.rows[0] ?? {};
  return { rows: Number(row.total ?? 0), by_column: Object.fromEntries(limits.map((l, i) => [l.column_name, Number(row[`c${i}`] ?? 0)])) };
}

/** A stored oil tab as a trend reads it: its columns, its limits, and whether the caller may set them. */
async function trendOf(deps: Deps, view: TabView, access: string) {
  const cols = trendColumns(view);
  const limits = await limitsOf(deps, view);
  return {
    cols,
    limits,
    base: {
      tab_id: view.key,
      date_column: cols.date?.name ?? null,
      series_column: cols.series?.name ?? null,
      numeric_columns: cols.numeric.map((x) => x.name),
      limits,
      can_set: access === "su_write",
    },
  };
}

async function oilTab(c: Ctx, input: Parameters<typeof aircraftWithAccess>[2] & { tab_id: string }) {
  const deps = c.get("deps");
  const user = c.get("user");
  const { aircraft, access } = await aircraftWithAccess(deps, user, input, "oil", "read");
  const view = await aircraftTab(deps, aircraft.id, "oil", input.tab_id);
  if (view.source !== "stored" || view.dbId == null) throw refuse("That tab has no trend.");
  return { deps, aircraft, view, ...(await trendOf(deps, view, access)) };
}

/** A cell as a calendar day (YYYY-MM-DD), or null. */
function dayOf(v: unknown): string | null {
  if (typeof v !== "string") return null;
  const d = v.trim().slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) ? d : null;
}

/**
 * The status dashboard in one read (the page made 2 + 2 calls per oil tab before): the status tab's
 * first rows, and per stored oil tab its first watched rows and, with numeric columns, its limits and
 * the rows above them. The same reads as get_tab_data and get_oil_limits; oil read access.
 */
async function statusDashboard(c: Ctx, input: z.infer<typeof StatusDashboardInput>) {
  const deps = c.get("deps");
  const { aircraft, access } = await aircraftWithAccess(deps, c.get("user"), input, "oil", "read");
  const views = await aircraftTabs(deps, aircraft.id, "oil");
  const statusView = views.find((v) => v.key === OIL_STATUS_TAB) ?? null;
  const status = statusView ? await queryRows(deps, statusView, { page: 1, perPage: input.status_per_page }) : null;
  const tabs = [];
  for (const view of views.filter((v) => v.key !== OIL_STATUS_TAB && v.source === "stored" && v.dbId != null)) {
    const watched = await queryRows(deps, view, { page: 1, perPage: input.watched_per_tab, watchedOnly: true });
    let limits = null;
    if (view.columns.some((col) => col.type === "number")) {
      const t = await trendOf(deps, view, access);
      limits = { ...t.base, crossings: await crossings(deps, view, t.limits) };
    }
    tabs.push({ tab: tabJson(view, aircraft), columns: apiColumns(view), watched, limits });
  }
  return {
    aircraft,
    status: statusView && status ? { tab: tabJson(statusView, aircraft), columns: apiColumns(statusView), ...status } : null,
    tabs,
  };
}

export function registerOilLimitRoutes(app: Hono<HonoEnv>) {
  app.on("POST", both("/v1/oil_data/get_oil_limits"), async (c) => {
    const input = await readBody(c, OilLimitsInput);
    const t = await oilTab(c, input);
    return c.json({ ...t.base, crossings: await crossings(t.deps, t.view, t.limits) });
  });

  app.on("POST", both("/v1/oil_data/get_status_dashboard"), async (c) => {
    const { status, tabs } = await statusDashboard(c, await readBody(c, StatusDashboardInput));
    return c.json({ status, tabs });
  });

  // The status dashboard as a PNG attachment (ADR 049): the same reads, with the counts of the
  // caller's oil fleet (the main API's aircraft list), drawn here so the portal needs no canvas.
  app.on(
    "POST",
    both("/v1/oil_data/status_dashboard_png"),
    blobRoute(async (c) => {
      const deps = c.get("deps");
      const { aircraft, status, tabs } = await statusDashboard(c, await readBody(c, StatusDashboardInput));
      const fleet = await listAircraft(deps, c.get("user"), AircraftListQuery.parse({ product: "oil", page: 1, per_page: 1 }));
      const now = new Date();
      const title = statusPageTitle(aircraft.oil_issue_date, now);
      const png = dashboardPng(
        {
          title,
          header: { msn: aircraft.msn, registration: aircraft.registration, oil_issue_date: aircraft.oil_issue_date },
          counts: fleet.counts,
          units: status ? { columns: status.columns.filter((col) => col.type !== WATCH_COLUMN.type), rows: status.rows } : null,
          byTab: tabs
            .map((t) => ({ tab_name: t.tab.tab_name, watched: t.watched.total, over: t.limits?.limits.length ? t.limits.crossings.rows : 0 }))
            .filter((t) => t.watched > 0 || t.over > 0),
        },
        now
      );
      return blobAnswer(png, "image/png", `${aircraft.msn}_AeroOIL_${title}_${now.toISOString().slice(0, 10)}.png`.replace(/[^\w.-]+/g, "_"));
    })
  );

  app.on("POST", both("/v1/oil_data/get_oil_trend"), async (c) => {
    const input = await readBody(c, OilTrendInput);
    const t = await oilTab(c, input);
    if (!t.cols.date || t.cols.numeric.length === 0) return c.json({ ...t.base, series: [], skipped: 0, truncated: false });
    const total = await t.deps.db.selectFrom("tab_rows").select((eb) => eb.fn.countAll<number>().as("n")).where("tab_id", "=", t.view.dbId!).executeTakeFirstOrThrow();
    const rows = await t.deps.db
      .selectFrom("tab_rows")
      .select(["id", "position", "data"])
      .where("tab_id", "=", t.view.dbId!)
      .orderBy(isPostgres(t.deps.db) ? sql`(data::jsonb -> ${t.cols.date.name}::text)` : sql`json_extract(data, ${sql`'$."' || ${t.cols.date.name} || '"'`})`, "desc")
      .orderBy("id", "desc")
      .limit(OIL_TREND_MAX_ROWS)
      .execute();
    const series = new Map<string, { row_id: number; position: number; date: string; values: Record<string, number | null> }[]>();
    let skipped = 0;
    for (const r of rows) {
      let data: Record<string, unknown>;
      try {
        data = JSON.parse(r.data) as Record<string, unknown>;
      } catch {
        skipped++;
        continue;
      }
      const date = dayOf(data[t.cols.date.name]);
      if (!date) {
        skipped++;
        continue;
      }
      const name = t.cols.series ? String(data[t.cols.series.name] ?? "").trim() || "(no serial)" : "All rows";
      const values = Object.fromEntries(t.cols.numeric.map((col) => [col.name, typeof data[col.name] === "number" && Number.isFinite(data[col.name]) ? (data[col.name] as number) : null]));
      const list = series.get(name) ?? [];
      list.push({ row_id: r.id, position: r.position, date, values });
      series.set(name, list);
    }
    const out = [...series.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, points]) => ({ name, points: points.sort((a, b) => (a.date === b.date ? a.position - b.position : a.date < b.date ? -1 : 1)) }));
    return c.json({ ...t.base, series: out, skipped, truncated: Number(total.n) > OIL_TREND_MAX_ROWS });
  });

  app.on("POST", both("/v1/oil_data/set_oil_limit"), async (c) => {
    const deps = c.get("deps");
    const user = c.get("user");
    const input = await readBody(c, SetOilLimitInput);
    // Super User or staff only: requireAccess answers 422 with the level the caller has.
    const { aircraft } = await aircraftWithAccess(deps, user, input, "oil", "su_write");
    const view = await aircraftTab(deps, aircraft.id, "oil", input.tab_id);
    if (view.source !== "stored" || view.dbId == null) throw refuse("That tab has no trend.");
    const column = view.columns.find((x) => x.name.toLowerCase() === input.column_name.toLowerCase());
    if (!column) throw refuse(`${view.name} has no column ${input.column_name}.`, { column_name: ["Choose a column of the tab."] });
    if (column.type !== "number") throw refuse(`${column.name} is not a number column: limits are set on number columns.`, { column_name: ["Choose a number column."] });
    if (input.limit === null) {
      await deps.db.deleteFrom("oil_limits").where("column_id", "=", column.id).execute();
    } else {
      await deps.db
        .insertInto("oil_limits")
        .values({ tab_id: view.dbId, column_id: column.id, limit_value: input.limit, set_by: user.id })
        .onConflict((oc) => oc.column("column_id").doUpdateSet({ limit_value: input.limit!, set_by: user.id, set_at: nowExpr(deps.db) }))
        .execute();
    }
    await audit(c, input.limit === null ? "oil.limit.clear" : "oil.limit.set", "tab", view.dbId, aircraft.organization_id, {
      aircraft_id: aircraft.id,
      tab_id: view.key,
      column: column.name,
      limit: input.limit,
    });
    const limit = (await limitsOf(deps, view)).find((l) => l.column_name === column.name) ?? null;
    const message =
      input.limit === null
        ? `The alert limit of ${column.name} was removed.`
        : `The alert limit of ${column.name} is now ${input.limit.toLocaleString("en-US")}: rows above it are flagged.`;
    return c.json({ message, limit });
  });

  app.on("POST", both("/v1/oil_data/share_status_dashboard"), async (c) => {
    const deps = c.get("deps");
    const user = c.get("user");
    const input = await readBody(c, ShareOilDashboardInput);
    const { aircraft } = await aircraftWithAccess(deps, user, input, "oil", "read");
    const emails = [...new Set(input.emails)];
    const url = portalLink(deps, `/client/Aerooil/statusDashboard?${new URLSearchParams({ org_msn_id: String(aircraft.id), aerotype: "Aerooil" })}`);
    for (const to of emails) {
      await deps.mail.send({
        to,
        subject: `AeroOIL status dashboard of MSN ${aircraft.msn} (${aircraft.registration})`,
        text:
          `${user.username || user.email} shared the AeroOIL status dashboard of MSN ${aircraft.msn} (${aircraft.registration}, ${aircraft.org_name}) with you.\n\n` +
          `Open it here (sign in with an account that may read this aircraft's AeroOIL data):\n${url}\n`,
      });
    }
    await audit(c, "oil.dashboard.share", "aircraft", aircraft.id, aircraft.organization_id, { emails });
    return c.json({ message: `The status dashboard was shared with ${emails.join(", ")}.`, url, emailed: emails });
  });
}
