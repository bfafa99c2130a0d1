// Read-only admin views: the analytics aggregates (/admin/analytics) and the audit log (/admin/audit).
// Analytics answers every chart of the page in one call: a handful of grouped queries that run in
// parallel, each reading an index (003_admin_indexes), never a query per row.
import { isPostgres } from "../db/dialect";
import type { DB } from "../db";
import type { Hono } from "hono";
import { sql, type Expression, type SqlBool } from "kysely";
import type { HonoEnv } from "../context";
import { decodeCursor, encodeCursor, keyAt, seek, type KeyColumn } from "../db/keyset";
import { readQuery } from "../http";
import { AnalyticsQuery, AuditExportQuery, AuditQuery, USER_ROLES, type AnalyticsAnswer, type AuditChainAnswer } from "../../app/models/schemas/admin";
import { audit, ctx, likeAny, requireRoles, requireStaff } from "./common";
import { contentDisposition } from "../../app/utils/content-disposition";

/** The audit log's order: newest first, by id (the append order). */
const AUDIT_KEY: KeyColumn[] = [{ expr: sql`l.id`, desc: true, kind: "int" }];

/** Monday (UTC) of the week that contains `d`, as YYYY-MM-DD. */
export function weekStart(d: Date): string {
  const day = (d.getUTCDay() + 6) % 7; // Monday = 0
  const m = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day));
  return m.toISOString().slice(0, 10);
}

/** The last `n` week starts, oldest first, ending with the current week. */
export function lastWeeks(n: number, now = new Date()): string[] {
  const current = new Date(`${weekStart(now)}T00:00:00.000Z`);
  return Array.from({ length: n }, (_, i) => new Date(current.getTime() - (n - 1 - i) * 7 * 86_400_000).toISOString().slice(0, 10));
}

/** SQLite: the Monday on or before a timestamp column. */
/** The Monday (UTC, YYYY-MM-DD) of the week of an ISO timestamp column. */
const weekOf = (db: DB, column: string) =>
  isPostgres(db)
    ? sql<string>`to_char(date_trunc('week', (${sql.ref(column)})::timestamptz AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`
    : sql<string>`date(${sql.ref(column)}, '-6 days', 'weekday 1')`;

export function registerInsightRoutes(app: Hono<HonoEnv>) {
  app.get("/admin/analytics.json", async (c) => {
    const { deps, user } = ctx(c);
    requireStaff(user);
    const { weeks: n } = readQuery(c, AnalyticsQuery);
    const weeks = lastWeeks(n);
    const from = `${weeks[0]}T00:00:00.000Z`;
    const db = deps.db;
    const [byOrgStatus, byKind, byRole, storageTotal, storageWeeks, signIns, uploads, changes, approvals, orgCount] = await Promise.all([
      db
        .selectFrom("organizations as o")
        .leftJoin("aircraft as a", "a.organization_id", "o.id")
        .select(["o.id", "o.name", "o.slug", "a.status", (eb) => eb.fn.count<number>("a.id").as("n")])
        .groupBy(["o.id", "a.status"])
        .orderBy(sql`lower(o.name)`)
        .execute(),
      db
        .selectFrom("aircraft")
        .select(["kind", (eb) => eb.fn.countAll<number>().as("n")])
        .groupBy("kind")
        .execute(),
      db
        .selectFrom("users")
        .select(["role", "active", (eb) => eb.fn.countAll<number>().as("n")])
        .groupBy(["role", "active"])
        .execute(),
      // Kept in step by triggers (005_speed): one row, not a scan of every file.
      db.selectFrom("storage_totals").select(["bytes", "files"]).where("id", "=", 1).executeTakeFirst().then((r) => r ?? { bytes: 0, files: 0 }),
      db
        .selectFrom("storage_items")
        .select([weekOf(db, "created_at").as("week"), (eb) => eb.fn.countAll<number>().as("files"), sql<number>`coalesce(sum(size), 0)`.as("bytes")])
        .where("is_folder", "=", 0)
        .where("created_at", ">=", from)
        .groupBy(sql`1`)
        .execute(),
      db
        .selectFrom("tokens")
        .select([weekOf(db, "created_at").as("week"), (eb) => eb.fn.countAll<number>().as("n"), sql<number>`count(DISTINCT user_id)`.as("users")])
        .where("created_at", ">=", from)
        .groupBy(sql`1`)
        .execute(),
      // Uploads: files filed (storage_items rows created), by week.
      db
        .selectFrom("storage_items")
        .select([weekOf(db, "created_at").as("week"), (eb) => eb.fn.countAll<number>().as("n")])
        .where("is_folder", "=", 0)
        .where("created_at", ">=", from)
        .groupBy(sql`1`)
        .execute(),
      db
        .selectFrom("audit_log")
        .select([weekOf(db, "created_at").as("week"), (eb) => eb.fn.countAll<number>().as("n")])
        .where("created_at", ">=", from)
        .where((eb) => eb.or([eb("action", "like", "admin.%"), eb("action", "like", "access.%")]))
        .groupBy(sql`1`)
        .execute(),
      db
        .selectFrom("consultants")
        .select(["approval_status", (eb) => eb.fn.countAll<number>().as("n")])
        .groupBy("approval_status")
        .execute(),
      db
        .selectFrom("organizations")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow(),
    ]);

    const orgs = new Map<
      number,
      { organization: { id: number; name: string; slug: string }; grounded: number; operational: number; transitional: number; total: number }
    >();
    for (const r of byOrgStatus) {
      const o = orgs.get(r.id) ?? { organization: { id: r.id, name: r.name, slug: r.slug }, grounded: 0, operational: 0, transitional: 0, total: 0 };
      const k = Number(r.n);
      if (r.status === "GROUNDED") o.grounded += k;
      else if (r.status === "IN OPERATION") o.operational += k;
      else if (r.status === "IN TRANSITION") o.transitional += k;
      if (r.status) o.total += k;
      orgs.set(r.id, o);
    }
    const byOrganization = [...orgs.values()];
    const counts = byOrganization.reduce(
      (a, o) => ({
        total: a.total + o.total,
        grounded: a.grounded + o.grounded,
        operational: a.operational + o.operational,
        transitional: a.transitional + o.transitional,
      }),
      { total: 0, grounded: 0, operational: 0, transitional: 0 }
    );
    const kind = (k: string) => Number(byKind.find((r) => r.kind === k)?.n ?? 0);
    const roles = USER_ROLES.map((role) => ({
      role,
      active: Number(byRole.find((r) => r.role === role && r.active === 1)?.n ?? 0),
      inactive: Number(byRole.find((r) => r.role === role && r.active !== 1)?.n ?? 0),
    }));
    const at = <T extends { week: string }>(rows: T[], w: string) => rows.find((r) => r.week === w);
    const windowBytes = storageWeeks.reduce((a, r) => a + Number(r.bytes), 0);
    let running = Number(storageTotal.bytes) - windowBytes;
    const perWeek = weeks.map((week) => {
      const r = at(storageWeeks, week);
      running += Number(r?.bytes ?? 0);
      return { week, files: Number(r?.files ?? 0), bytes: Number(r?.bytes ?? 0), cumulative_bytes: running };
    });
    const approval = (s: string) => Number(approvals.find((r) => r.approval_status === s)?.n ?? 0);
    const answer: AnalyticsAnswer = {
      generated_at: new Date().toISOString(),
      weeks,
      organizations: Number(orgCount.n),
      aircraft: { counts, by_organization: byOrganization, by_kind: { aircraft: kind("aircraft"), helicopter: kind("helicopter") } },
      users: { total: roles.reduce((a, r) => a + r.active + r.inactive, 0), by_role: roles },
      storage: { total_bytes: Number(storageTotal.bytes), total_files: Number(storageTotal.files), per_week: perWeek },
      activity: {
        per_week: weeks.map((week) => ({
          week,
          uploads: Number(at(uploads, week)?.n ?? 0),
          sign_ins: Number(at(signIns, week)?.n ?? 0),
          active_users: Number(at(signIns, week)?.users ?? 0),
          admin_changes: Number(at(changes, week)?.n ?? 0),
        })),
      },
      consultants: {
        by_approval: { verified: approval("verified"), disapproved: approval("disapproved"), undecided: approval("undecided") },
        total: approvals.reduce((a, r) => a + Number(r.n), 0),
      },
    };
    return c.json(answer);
  });

  // The hash chain's state (ADR 044): the whole log read on every call while it is small, else at
  // most every 10 minutes with the entries since checked on every call (upstream/audit.ts).
  app.get("/admin/audit/chain.json", async (c) => {
    const { deps, user } = ctx(c);
    requireStaff(user);
    const r = await deps.audit.verify();
    const answer: AuditChainAnswer = { ok: r.ok, count: r.count, head: r.head, problem: r.problem, verified_at: new Date().toISOString(), full_verified_at: r.full_at };
    return c.json(answer);
  });

  // A period of the log with the hashes an auditor needs to check it alone (admins only).
  app.get("/admin/audit/export.json", async (c) => {
    const { deps, user } = ctx(c);
    requireRoles(user, ["admin"], "Only administrators may export the audit log.");
    const q = readQuery(c, AuditExportQuery);
    const doc = await deps.audit.exportPeriod({ from: q.from, to: q.to });
    await audit(c, "admin.audit.export", "audit_log", null, null, { from: q.from ?? null, to: q.to ?? null, entries: doc.count, period_last_hash: doc.period_last_hash });
    const name = `audit-log_${q.from ?? "start"}_${q.to ?? doc.exported_at.slice(0, 10)}.json`;
    return new Response(JSON.stringify(doc, null, 1) + "\n", {
      headers: { "Content-Type": "application/json; charset=utf-8", "Content-Disposition": contentDisposition(name), "Cache-Control": "no-store" },
    });
  });

  app.get("/admin/audit.json", async (c) => {
    const { deps, user } = ctx(c);
    requireStaff(user);
    const q = readQuery(c, AuditQuery);
    const filters: Expression<SqlBool>[] = [];
    if (q.user) filters.push(/^\d+$/.test(q.user) ? sql<boolean>`l.user_id = ${Number(q.user)}` : likeAny(["u.email", "u.username"], q.user));
    if (q.organization_id) filters.push(sql<boolean>`l.organization_id = ${q.organization_id}`);
    if (q.action) filters.push(sql<boolean>`l.action LIKE ${`${q.action.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`} ESCAPE '\\'`);
    if (q.from) filters.push(sql<boolean>`l.created_at >= ${`${q.from}T00:00:00.000Z`}`);
    if (q.to) filters.push(sql<boolean>`l.created_at < ${new Date(Date.parse(`${q.to}T00:00:00.000Z`) + 86_400_000).toISOString()}`);
    const from = () => deps.db.selectFrom("audit_log as l").leftJoin("users as u", "u.id", "l.user_id").where((eb) => eb.and(filters));
    const count = (where?: Expression<SqlBool>) => (where ? from().where(where) : from()).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow().then((r) => Number(r.n));
    const read = (where: Expression<SqlBool>, order: Expression<unknown>, limit: number) =>
      from()
        .leftJoin("organizations as o", "o.id", "l.organization_id")
        .select(["l.id", "l.created_at", "l.action", "l.entity", "l.entity_id", "l.detail", "l.ip", "l.user_id", "u.email", "u.username", "l.organization_id", "o.name as org_name"])
        .where(where)
        .orderBy(order)
        .limit(limit)
        .execute();

    // Keyset paging (ADR 084), newest first: next / previous links carry the id a page ends or
    // starts at; a numbered page seeks from the id before it. A cursor that is not one: the first page.
    const total = await count();
    const cursor = q.cursor ? decodeCursor(q.cursor, "audit", AUDIT_KEY) : null;
    let page = cursor ? q.page : q.cursor ? 1 : q.page;
    let rows: Awaited<ReturnType<typeof read>>;
    if (cursor) {
      rows = await seek(AUDIT_KEY, cursor.key, cursor.direction, q.per_page, read);
      if (cursor.direction === "before" && rows.length < q.per_page) {
        rows = await seek(AUDIT_KEY, null, "after", q.per_page, read);
        page = 1;
      }
    } else if (page === 1) {
      rows = await seek(AUDIT_KEY, null, "after", q.per_page, read);
    } else {
      const at = await keyAt(
        AUDIT_KEY,
        (page - 1) * q.per_page - 1,
        async (where, order, offset) => {
          const r = await from().where(where).select("l.id").orderBy(order).limit(1).offset(offset).executeTakeFirst();
          return r ? [r.id] : null;
        },
        count,
        total,
      );
      rows = at ? await seek(AUDIT_KEY, at, "after", q.per_page, read) : [];
    }
    const last = rows[rows.length - 1];
    const next_cursor = last && rows.length === q.per_page && page * q.per_page < total ? encodeCursor("audit", "after", [last.id]) : null;
    const prev_cursor = rows.length && page > 1 ? encodeCursor("audit", "before", [rows[0]!.id]) : null;
    const parse = (s: string) => {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        return s;
      }
    };
    return c.json({
      entries: rows.map((r) => ({
        id: r.id,
        created_at: r.created_at,
        user: r.user_id != null && r.email != null ? { id: r.user_id, email: r.email, username: r.username ?? "" } : null,
        action: r.action,
        entity: r.entity,
        entity_id: r.entity_id,
        organization: r.organization_id != null && r.org_name != null ? { id: r.organization_id, name: r.org_name } : null,
        detail: parse(r.detail),
        ip: r.ip,
      })),
      total,
      page,
      per_page: q.per_page,
      next_cursor,
      prev_cursor,
    });
  });
}
