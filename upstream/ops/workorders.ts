// Work orders (versioned) and technical logbooks with pages: /v1/work_order/*, /v1/logbook/*.
import { LIKE } from "../db/dialect";
import type { Hono } from "hono";
import { both } from "./tabs";
import { sql, type ExpressionBuilder, type Kysely } from "kysely";
import type { AuthUser, Deps, HonoEnv } from "../context";
import type { AccessLevel, Database } from "../db/schema";
import { requireAccess } from "../access";
import { notFound, readBody, refuse } from "../http";
import {
  LogbookCreateInput,
  LogbookListInput,
  LogbookPageCreateInput,
  LogbookPageRefInput,
  LogbookPagesInput,
  LogbookPageUpdateInput,
  LogbookRefInput,
  LogbookUpdateInput,
  WorkOrderCreateInput,
  WorkOrderListInput,
  WorkOrderRefInput,
  WorkOrderUpdateInput,
  type WorkOrderKind,
} from "../../app/models/schemas/ops";
import { aircraftWithAccess, audit, findAircraftById, touchIssueDate, type AircraftCtx } from "./common";
import { anySigned, canSign, signaturesOf } from "../signatures/service";

/** A signed record is kept (retention, ADR 088): its delete is refused. */
const keptSigned = (what: string) => refuse(`${what} is signed and kept under retention; it cannot be deleted.`);

const parseObject = (s: string): Record<string, unknown> => {
  try {
    const v = JSON.parse(s);
    return v && typeof v === "object" && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
};

// ---------------------------------------------------------------------------------------------
// Work orders
// ---------------------------------------------------------------------------------------------

interface WoRow {
  id: number;
  aircraft_id: number;
  kind: WorkOrderKind;
  number: string;
  title: string;
  status: string;
  created_at: string;
}

/** The work order as a version saved it: its number, title and status then (older rows: today's). */
const asSaved = (wo: WoRow, v: { number: string | null; title: string | null; status: string | null }): WoRow => ({
  ...wo,
  number: v.number ?? wo.number,
  title: v.title ?? wo.title,
  status: v.status ?? wo.status,
});

/**
 * A work order the user may see (ops access on its aircraft at `min`), with one version (latest by
 * default), as that version saved it.
 */
export async function loadWorkOrderForUser(deps: Deps, user: AuthUser, workOrderId: number, version: number | undefined, min: AccessLevel) {
  const wo = await deps.db.selectFrom("work_orders").selectAll().where("id", "=", workOrderId).executeTakeFirst();
  if (!wo) throw notFound("That work order");
  await requireAccess(deps, user, wo.aircraft_id, "ops", min);
  const aircraft = await findAircraftById(deps, wo.aircraft_id);
  let vq = deps.db
    .selectFrom("work_order_versions")
    .leftJoin("users", "users.id", "work_order_versions.created_by")
    .select(["work_order_versions.version", "work_order_versions.created_at", "work_order_versions.data", "work_order_versions.number", "work_order_versions.title", "work_order_versions.status", "users.username"])
    .where("work_order_versions.work_order_id", "=", wo.id);
  vq = version != null ? vq.where("work_order_versions.version", "=", version) : vq.orderBy("work_order_versions.version", "desc").limit(1);
  const v = await vq.executeTakeFirst();
  if (!v) throw notFound(version != null ? `Version ${version} of that work order` : "That work order");
  return { wo: asSaved(wo as WoRow, v), version: { version: v.version, created_at: v.created_at, created_by: v.username ?? null, data: parseObject(v.data) }, aircraft };
}

/** A work order's answer: one version (latest by default), its versions, signatures and whether the caller may sign. */
async function workOrderDetail(deps: Deps, user: AuthUser, wo: WoRow, aircraft: AircraftCtx, version?: number) {
  const versions = await deps.db
    .selectFrom("work_order_versions")
    .leftJoin("users", "users.id", "work_order_versions.created_by")
    .select(["work_order_versions.version", "work_order_versions.created_at", "work_order_versions.data", "work_order_versions.number", "work_order_versions.title", "work_order_versions.status", "users.username"])
    .where("work_order_versions.work_order_id", "=", wo.id)
    .orderBy("work_order_versions.version", "desc")
    .execute();
  const latest = versions[0];
  const shown = version != null ? versions.find((v) => v.version === version) : latest;
  if (!shown) throw notFound(`Version ${version} of that work order`);
  const saved = asSaved(wo, shown);
  return {
    work_order_id: wo.id,
    org_msn_id: wo.aircraft_id,
    kind: wo.kind,
    number: saved.number,
    title: saved.title,
    status: saved.status,
    version: shown.version,
    created_at: wo.created_at,
    updated_at: latest.created_at,
    data: parseObject(shown.data),
    versions: versions.map((v) => ({ version: v.version, created_at: v.created_at, created_by: v.username ?? null })),
    signatures: (await signaturesOf(deps, "work_order", new Map([[wo.id, latest.version]]))).get(wo.id) ?? [],
    can_sign: await canSign(deps, user, "work_order", aircraft),
  };
}

async function numberTaken(deps: Deps, aircraftId: number, number: string, exceptId?: number) {
  let q = deps.db
    .selectFrom("work_orders")
    .select("id")
    .where("aircraft_id", "=", aircraftId)
    .where(sql`lower(number)`, "=", number.toLowerCase());
  if (exceptId) q = q.where("id", "!=", exceptId);
  return !!(await q.executeTakeFirst());
}

// ---------------------------------------------------------------------------------------------
// Logbooks
// ---------------------------------------------------------------------------------------------

export async function loadLogbookForUser(deps: Deps, user: AuthUser, logbookId: number, min: AccessLevel) {
  const logbook = await deps.db.selectFrom("logbooks").selectAll().where("id", "=", logbookId).executeTakeFirst();
  if (!logbook) throw notFound("That logbook");
  await requireAccess(deps, user, logbook.aircraft_id, "ops", min);
  const aircraft: AircraftCtx = await findAircraftById(deps, logbook.aircraft_id);
  return { logbook, aircraft };
}

/** A logbook's number of pages, as a column of a select on "logbooks". */
const pageCount = (eb: ExpressionBuilder<Database, "logbooks">) =>
  eb
    .selectFrom("logbook_pages")
    .select((e2) => e2.fn.countAll<number>().as("n"))
    .whereRef("logbook_pages.logbook_id", "=", "logbooks.id")
    .as("page_count");

const toLogbookJson = (l: { id: number; title: string; created_at: string; page_count: number | null }, aircraftId: number) => ({
  log_book_id: l.id,
  org_msn_id: aircraftId,
  title: l.title,
  page_count: Number(l.page_count ?? 0),
  created_at: l.created_at,
});

/** Refuses a page number the logbook already has. */
async function assertPageNoFree(db: Kysely<Database>, logbookId: number, pageNo: number) {
  const clash = await db.selectFrom("logbook_pages").select("id").where("logbook_id", "=", logbookId).where("page_no", "=", pageNo).executeTakeFirst();
  if (clash) throw refuse(`Page ${pageNo} already exists in this logbook.`, { page_no: ["That page number is taken."] });
}

async function logbookJson(deps: Deps, id: number) {
  const l = await deps.db
    .selectFrom("logbooks")
    .select([
      "logbooks.id",
      "logbooks.aircraft_id",
      "logbooks.title",
      "logbooks.created_at",
      pageCount,
    ])
    .where("logbooks.id", "=", id)
    .executeTakeFirstOrThrow();
  return toLogbookJson(l, l.aircraft_id);
}

type PageRow = { id: number; logbook_id: number; page_no: number; date: string; data: string; version: number; created_at: string };

/** Pages as the API answers them, with their signatures (one query for all of them). */
async function pagesJson(deps: Deps, pages: PageRow[]) {
  const signatures = await signaturesOf(deps, "logbook_page", new Map(pages.map((p) => [p.id, Number(p.version)])));
  return pages.map((p) => ({
    id: p.id,
    log_book_id: p.logbook_id,
    page_no: p.page_no,
    date: p.date,
    data: parseObject(p.data),
    version: Number(p.version),
    created_at: p.created_at,
    signatures: signatures.get(p.id) ?? [],
  }));
}
const pageJson = async (deps: Deps, p: PageRow) => (await pagesJson(deps, [p]))[0];

async function loadPageForUser(deps: Deps, user: AuthUser, pageId: number, min: AccessLevel) {
  const page = await deps.db.selectFrom("logbook_pages").selectAll().where("id", "=", pageId).executeTakeFirst();
  if (!page) throw notFound("That logbook page");
  const { logbook, aircraft } = await loadLogbookForUser(deps, user, page.logbook_id, min);
  return { page, logbook, aircraft };
}

// ---------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------

export function registerWorkOrderRoutes(app: Hono<HonoEnv>) {
  app.on("POST", both("/v1/work_order/list"), async (c) => {
    const deps = c.get("deps");
    const input = await readBody(c, WorkOrderListInput);
    const { aircraft } = await aircraftWithAccess(deps, c.get("user"), input, "ops", "read");
    let base = deps.db
      .selectFrom("work_orders as w")
      .innerJoin("work_order_versions as v", (j) =>
        j.onRef("v.work_order_id", "=", "w.id").on("v.version", "=", sql<number>`(SELECT MAX(version) FROM work_order_versions WHERE work_order_id = w.id)`)
      )
      .where("w.aircraft_id", "=", aircraft.id);
    if (input.kind) base = base.where("w.kind", "=", input.kind);
    if (input.q) {
      const like = `%${input.q.replace(/[\\%_]/g, (m) => "\\" + m)}%`;
      const op = LIKE(deps.db);
      base = base.where(sql<boolean>`(w.number ${op} ${like} ESCAPE '\\' OR w.title ${op} ${like} ESCAPE '\\')`);
    }
    const { total } = await base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
    const rows = await base
      .select(["w.id", "w.kind", "w.number", "w.title", "w.status", "w.created_at", "v.version", "v.created_at as updated_at"])
      .orderBy("w.created_at", "desc")
      .orderBy("w.id", "desc")
      .limit(input.per_page)
      .offset((input.page - 1) * input.per_page)
      .execute();
    return c.json({
      work_orders: rows.map((r) => ({
        work_order_id: r.id,
        org_msn_id: aircraft.id,
        kind: r.kind,
        number: r.number,
        title: r.title,
        status: r.status,
        version: r.version,
        created_at: r.created_at,
        updated_at: r.updated_at,
      })),
      total: Number(total),
      page: input.page,
      per_page: input.per_page,
    });
  });

  app.on("POST", both("/v1/work_order/get"), async (c) => {
    const deps = c.get("deps");
    const input = await readBody(c, WorkOrderRefInput);
    const { wo, aircraft } = await loadWorkOrderForUser(deps, c.get("user"), input.work_order_id, input.version, "read");
    return c.json({ work_order: await workOrderDetail(deps, c.get("user"), wo, aircraft, input.version) });
  });

  app.on("POST", both("/v1/work_order/create"), async (c) => {
    const deps = c.get("deps");
    const user = c.get("user");
    const input = await readBody(c, WorkOrderCreateInput);
    const { aircraft } = await aircraftWithAccess(deps, user, input, "ops", "write");
    const id = await deps.db.transaction().execute(async (trx) => {
      const clash = await trx
        .selectFrom("work_orders")
        .select("id")
        .where("aircraft_id", "=", aircraft.id)
        .where(sql`lower(number)`, "=", input.number.toLowerCase())
        .executeTakeFirst();
      if (clash) throw refuse(`A work order numbered ${input.number} already exists for MSN ${aircraft.msn}.`, { number: ["That number is taken."] });
      const wo = await trx
        .insertInto("work_orders")
        .values({ aircraft_id: aircraft.id, kind: input.kind, number: input.number, title: input.title, status: input.status, created_by: user.id })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("work_order_versions")
        .values({ work_order_id: wo.id, version: 1, data: JSON.stringify(input.data), number: input.number, title: input.title, status: input.status, created_by: user.id })
        .execute();
      return wo.id;
    });
    await touchIssueDate(deps, aircraft.id, "ops");
    await audit(c, "ops.work_order.create", "work_order", id, aircraft.organization_id, { aircraft_id: aircraft.id, kind: input.kind, number: input.number });
    const { wo } = await loadWorkOrderForUser(deps, user, id, undefined, "read");
    return c.json({ message: `Work order ${input.number} was created.`, work_order: await workOrderDetail(deps, user, wo, aircraft) });
  });

  app.on("POST", both("/v1/work_order/update"), async (c) => {
    const deps = c.get("deps");
    const user = c.get("user");
    const input = await readBody(c, WorkOrderUpdateInput);
    if (input.number == null && input.title == null && input.status == null && input.data == null)
      throw refuse("Nothing to change: send number, title, status or data.");
    const { wo, version, aircraft } = await loadWorkOrderForUser(deps, user, input.work_order_id, undefined, "write");
    if (input.number != null && (await numberTaken(deps, aircraft.id, input.number, wo.id))) {
      throw refuse(`A work order numbered ${input.number} already exists for MSN ${aircraft.msn}.`, { number: ["That number is taken."] });
    }
    const next = version.version + 1;
    const fields = { number: input.number ?? wo.number, title: input.title ?? wo.title, status: input.status ?? wo.status };
    await deps.db.transaction().execute(async (trx) => {
      await trx.updateTable("work_orders").set(fields).where("id", "=", wo.id).execute();
      await trx
        .insertInto("work_order_versions")
        .values({ work_order_id: wo.id, version: next, data: JSON.stringify(input.data ?? version.data), ...fields, created_by: user.id })
        .execute();
    });
    await touchIssueDate(deps, aircraft.id, "ops");
    await audit(c, "ops.work_order.update", "work_order", wo.id, aircraft.organization_id, {
      version: next,
      fields: Object.keys(input).filter((k) => k !== "work_order_id"),
    });
    const fresh = await loadWorkOrderForUser(deps, user, wo.id, undefined, "read");
    return c.json({ message: `Work order ${fresh.wo.number} was saved as version ${next}.`, work_order: await workOrderDetail(deps, user, fresh.wo, aircraft) });
  });

  app.on("POST", both("/v1/work_order/delete"), async (c) => {
    const deps = c.get("deps");
    const input = await readBody(c, WorkOrderRefInput);
    const { wo, aircraft } = await loadWorkOrderForUser(deps, c.get("user"), input.work_order_id, undefined, "write");
    if (await anySigned(deps, "work_order", [wo.id])) throw keptSigned(`Work order ${wo.number}`);
    await deps.db.deleteFrom("work_orders").where("id", "=", wo.id).execute(); // versions cascade
    await touchIssueDate(deps, aircraft.id, "ops");
    await audit(c, "ops.work_order.delete", "work_order", wo.id, aircraft.organization_id, { number: wo.number, kind: wo.kind });
    return c.json({ message: `Work order ${wo.number} was deleted.` });
  });

  // --- logbooks ------------------------------------------------------------------------------

  app.on("POST", both("/v1/logbook/list"), async (c) => {
    const deps = c.get("deps");
    const input = await readBody(c, LogbookListInput);
    const { aircraft } = await aircraftWithAccess(deps, c.get("user"), input, "ops", "read");
    const base = deps.db.selectFrom("logbooks").where("logbooks.aircraft_id", "=", aircraft.id);
    const { total } = await base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
    const rows = await base
      .select([
        "logbooks.id",
        "logbooks.title",
        "logbooks.created_at",
        pageCount,
      ])
      .orderBy("logbooks.created_at", "desc")
      .orderBy("logbooks.id", "desc")
      .limit(input.per_page)
      .offset((input.page - 1) * input.per_page)
      .execute();
    return c.json({
      logbooks: rows.map((l) => toLogbookJson(l, aircraft.id)),
      total: Number(total),
      page: input.page,
      per_page: input.per_page,
    });
  });

  app.on("POST", both("/v1/logbook/create"), async (c) => {
    const deps = c.get("deps");
    const user = c.get("user");
    const input = await readBody(c, LogbookCreateInput);
    const { aircraft } = await aircraftWithAccess(deps, user, input, "ops", "write");
    const clash = await deps.db
      .selectFrom("logbooks")
      .select("id")
      .where("aircraft_id", "=", aircraft.id)
      .where(sql`lower(title)`, "=", input.title.toLowerCase())
      .executeTakeFirst();
    if (clash) throw refuse(`A logbook named "${input.title}" already exists for MSN ${aircraft.msn}.`, { title: ["That title is taken."] });
    const row = await deps.db
      .insertInto("logbooks")
      .values({ aircraft_id: aircraft.id, title: input.title, created_by: user.id })
      .returning("id")
      .executeTakeFirstOrThrow();
    await audit(c, "ops.logbook.create", "logbook", row.id, aircraft.organization_id, { aircraft_id: aircraft.id, title: input.title });
    return c.json({ message: `The logbook "${input.title}" was created.`, logbook: await logbookJson(deps, row.id) });
  });

  app.on("POST", both("/v1/logbook/update"), async (c) => {
    const deps = c.get("deps");
    const input = await readBody(c, LogbookUpdateInput);
    const { logbook, aircraft } = await loadLogbookForUser(deps, c.get("user"), input.log_book_id, "write");
    const clash = await deps.db
      .selectFrom("logbooks")
      .select("id")
      .where("aircraft_id", "=", aircraft.id)
      .where("id", "!=", logbook.id)
      .where(sql`lower(title)`, "=", input.title.toLowerCase())
      .executeTakeFirst();
    if (clash) throw refuse(`A logbook named "${input.title}" already exists for MSN ${aircraft.msn}.`, { title: ["That title is taken."] });
    await deps.db.updateTable("logbooks").set({ title: input.title }).where("id", "=", logbook.id).execute();
    await audit(c, "ops.logbook.update", "logbook", logbook.id, aircraft.organization_id, { title: input.title });
    return c.json({ message: "The logbook was renamed.", logbook: await logbookJson(deps, logbook.id) });
  });

  app.on("POST", both("/v1/logbook/delete"), async (c) => {
    const deps = c.get("deps");
    const input = await readBody(c, LogbookRefInput);
    const { logbook, aircraft } = await loadLogbookForUser(deps, c.get("user"), input.log_book_id, "write");
    const pageIds = (await deps.db.selectFrom("logbook_pages").select("id").where("logbook_id", "=", logbook.id).execute()).map((p) => p.id);
    if (await anySigned(deps, "logbook_page", pageIds)) {
      throw refuse("This logbook has signed pages and is kept under retention; it cannot be deleted.");
    }
    await deps.db.deleteFrom("logbooks").where("id", "=", logbook.id).execute(); // pages cascade
    await touchIssueDate(deps, aircraft.id, "ops");
    await audit(c, "ops.logbook.delete", "logbook", logbook.id, aircraft.organization_id, { title: logbook.title });
    return c.json({ message: `The logbook "${logbook.title}" was deleted.` });
  });

  app.on("POST", both("/v1/logbook/pages"), async (c) => {
    const deps = c.get("deps");
    const input = await readBody(c, LogbookPagesInput);
    const { logbook, aircraft } = await loadLogbookForUser(deps, c.get("user"), input.log_book_id, "read");
    const base = deps.db.selectFrom("logbook_pages").where("logbook_id", "=", logbook.id);
    const { total } = await base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
    const pages = await base
      .selectAll()
      .orderBy("page_no")
      .limit(input.per_page)
      .offset((input.page - 1) * input.per_page)
      .execute();
    return c.json({
      logbook: await logbookJson(deps, logbook.id),
      pages: await pagesJson(deps, pages),
      can_sign: await canSign(deps, c.get("user"), "logbook_page", aircraft),
      total: Number(total),
      page: input.page,
      per_page: input.per_page,
    });
  });

  app.on("POST", both("/v1/logbook/page_create"), async (c) => {
    const deps = c.get("deps");
    const input = await readBody(c, LogbookPageCreateInput);
    const { logbook, aircraft } = await loadLogbookForUser(deps, c.get("user"), input.log_book_id, "write");
    const page = await deps.db.transaction().execute(async (trx) => {
      let pageNo = input.page_no;
      if (pageNo == null) {
        const { max } = await trx
          .selectFrom("logbook_pages")
          .select((eb) => eb.fn.max<number | null>("page_no").as("max"))
          .where("logbook_id", "=", logbook.id)
          .executeTakeFirstOrThrow();
        pageNo = (max ?? 0) + 1;
      } else {
        await assertPageNoFree(trx, logbook.id, pageNo);
      }
      const created = await trx
        .insertInto("logbook_pages")
        .values({ logbook_id: logbook.id, page_no: pageNo, date: input.date, data: JSON.stringify(input.data), version: 1 })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("logbook_page_versions")
        .values({ logbook_page_id: created.id, version: 1, page_no: created.page_no, date: created.date, data: created.data, created_by: c.get("user").id })
        .execute();
      return created;
    });
    await touchIssueDate(deps, aircraft.id, "ops");
    await audit(c, "ops.logbook.page.create", "logbook_page", page.id, aircraft.organization_id, { log_book_id: logbook.id, page_no: page.page_no });
    return c.json({ message: `Page ${page.page_no} was added.`, page: await pageJson(deps, page) });
  });

  app.on("POST", both("/v1/logbook/page_update"), async (c) => {
    const deps = c.get("deps");
    const input = await readBody(c, LogbookPageUpdateInput);
    if (input.page_no == null && input.date == null && input.data == null) throw refuse("Nothing to change: send page_no, date or data.");
    const { page, logbook, aircraft } = await loadPageForUser(deps, c.get("user"), input.page_id, "write");
    if (input.page_no != null && input.page_no !== page.page_no) {
      await assertPageNoFree(deps.db, logbook.id, input.page_no);
    }
    // Every change is a new version with its snapshot: a signature stays on the version it signed.
    const updated = await deps.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable("logbook_pages")
        .set((eb) => ({
          page_no: input.page_no ?? page.page_no,
          date: input.date ?? page.date,
          data: input.data ? JSON.stringify(input.data) : page.data,
          version: eb("version", "+", 1),
        }))
        .where("id", "=", page.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("logbook_page_versions")
        .values({ logbook_page_id: row.id, version: row.version, page_no: row.page_no, date: row.date, data: row.data, created_by: c.get("user").id })
        .execute();
      return row;
    });
    await touchIssueDate(deps, aircraft.id, "ops");
    await audit(c, "ops.logbook.page.update", "logbook_page", page.id, aircraft.organization_id, { log_book_id: logbook.id, page_no: updated.page_no, version: updated.version });
    return c.json({ message: `Page ${updated.page_no} was saved as version ${updated.version}.`, page: await pageJson(deps, updated) });
  });

  app.on("POST", both("/v1/logbook/page_delete"), async (c) => {
    const deps = c.get("deps");
    const input = await readBody(c, LogbookPageRefInput);
    const { page, logbook, aircraft } = await loadPageForUser(deps, c.get("user"), input.page_id, "write");
    if (await anySigned(deps, "logbook_page", [page.id])) throw keptSigned(`Page ${page.page_no}`);
    await deps.db.deleteFrom("logbook_pages").where("id", "=", page.id).execute();
    await touchIssueDate(deps, aircraft.id, "ops");
    await audit(c, "ops.logbook.page.delete", "logbook_page", page.id, aircraft.organization_id, { log_book_id: logbook.id, page_no: page.page_no });
    return c.json({ message: `Page ${page.page_no} was deleted.` });
  });
}
