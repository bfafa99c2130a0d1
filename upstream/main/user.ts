// Signed-in user routes of the main API (registered after the global requireAuth): who am I,
// product flags, notifications, issue reports, and the admin views of issue reports and the mail
// outbox. Contract: docs/api/auth-and-user.md.
import type { Hono } from "hono";
import { sql } from "kysely";
import type { AuthUser, Deps, HonoEnv } from "../context";
import { nowIso } from "../db";
import { isStaff, requireRole } from "../access";
import { notFound, readBody, readQuery } from "../http";
import {
  AUTH_MESSAGES,
  IssueReportsQuery,
  MailOutboxQuery,
  NotificationsReadInput,
  ProfileUpdateInput,
  RefusalReportInput,
  ReportIssueInput,
  RoleValidateInput,
} from "../../app/models/schemas/auth";
import { adminRecipients, sendMail } from "./accounts";

const NOTIFICATIONS_MAX = 50;

/** Products the user may open: any grant of that product on an aircraft of their organization. */
async function productFlags(deps: Deps, me: AuthUser): Promise<{ storage: boolean; ops: boolean; oil: boolean }> {
  if (isStaff(me)) return { storage: true, ops: true, oil: true };
  let q = deps.db
    .selectFrom("aircraft_access")
    .innerJoin("aircraft", "aircraft.id", "aircraft_access.aircraft_id")
    .select("aircraft_access.product")
    .distinct()
    .where("aircraft_access.user_id", "=", me.id);
  // Same rule as access.ts: a grant on another organization's aircraft does not count.
  if (me.organization_id != null) q = q.where("aircraft.organization_id", "=", me.organization_id);
  const products = new Set((await q.execute()).map((r) => r.product));
  return {
    storage: products.has("storage"),
    // The template manager works in the ops admin area without per-aircraft grants.
    ops: products.has("ops") || me.role === "ops_template",
    oil: products.has("oil"),
  };
}

/** Hides the secret part of mailed links from anyone but an admin or the mail's own recipient. */
const redactLinks = (text: string) => text.replace(/((?:reset_password_token|token)=)[^\s&"'<>]+/g, "$1[hidden]");

/** Escapes LIKE wildcards so that a search for "a_b" finds only "a_b". */
const likeContains = (s: string) => `%${s.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

function issueReportsQuery(deps: Deps) {
  return deps.db
    .selectFrom("issue_reports")
    .innerJoin("users", "users.id", "issue_reports.user_id")
    .select([
      "issue_reports.id", "issue_reports.url", "issue_reports.description", "issue_reports.status", "issue_reports.created_at",
      "issue_reports.closed_at", "users.id as user_id", "users.email as user_email", "users.username as user_username",
    ]);
}

type IssueRow = Awaited<ReturnType<ReturnType<typeof issueReportsQuery>["executeTakeFirstOrThrow"]>>;
const issueReport = (r: IssueRow) => ({
  id: r.id,
  url: r.url,
  description: r.description,
  status: r.status,
  created_at: r.created_at,
  closed_at: r.closed_at,
  user: { id: r.user_id, email: r.user_email, username: r.user_username },
});

/** GET /user/me.json's answer: the user, their organization, the products they may open, their consultant profile. */
export async function meAnswer(deps: Deps, me: AuthUser) {
  const row = await deps.db
    .selectFrom("users")
    .leftJoin("organizations", "organizations.id", "users.organization_id")
    .leftJoin("consultants", "consultants.user_id", "users.id")
    .select([
      "users.id", "users.email", "users.role", "users.username", "users.first_name", "users.last_name", "users.bio", "users.is_uam", "users.totp_enabled", "users.authorisation_number",
      "organizations.id as org_id", "organizations.name as org_name", "organizations.slug as org_slug", "organizations.product_type as org_product_type",
      "organizations.search_all as org_search_all", "organizations.client_logo as org_client_logo", "organizations.has_ops as org_has_ops",
      "organizations.has_oil as org_has_oil", "consultants.id as consultant_id", "consultants.stage as consultant_stage", "consultants.name as consultant_name",
    ])
    .where("users.id", "=", me.id)
    .executeTakeFirstOrThrow();
  return {
    user: {
      id: row.id,
      email: row.email,
      role: row.role,
      username: row.username,
      first_name: row.first_name,
      last_name: row.last_name,
      bio: row.bio,
      is_uam: row.is_uam === 1,
      totp_enabled: row.totp_enabled === 1,
      authorisation_number: row.authorisation_number ?? null,
    },
    organization:
      row.org_id == null
        ? null
        : {
            id: row.org_id,
            name: row.org_name ?? "",
            slug: row.org_slug ?? "",
            product_type: row.org_product_type ?? "",
            search_all: row.org_search_all === 1,
            client_logo: row.org_client_logo ?? null,
            has_ops: row.org_has_ops === 1,
            has_oil: row.org_has_oil === 1,
          },
    products: await productFlags(deps, me),
    consultant: row.consultant_id == null ? null : { id: row.consultant_id, stage: row.consultant_stage ?? "basic_info", name: row.consultant_name ?? "" },
  };
}

/** The caller's `limit` newest notifications, newest first, and how many are unread. */
export async function latestNotifications(deps: Deps, me: AuthUser, limit = NOTIFICATIONS_MAX) {
  const [notifications, unread] = await Promise.all([
    deps.db
      .selectFrom("notifications")
      .select(["id", "type", "title", "created_at", "read_at"])
      .where("user_id", "=", me.id)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute(),
    deps.db
      .selectFrom("notifications")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", me.id)
      .where("read_at", "is", null)
      .executeTakeFirstOrThrow(),
  ]);
  return { notifications, unread: Number(unread.n) };
}

export function registerUserRoutes(app: Hono<HonoEnv>) {
  app.get("/user/me.json", async (c) => c.json(await meAnswer(c.get("deps"), c.get("user"))));

  // The user's own profile fields: the licence or authorisation number signatures record (ADR 088).
  app.post("/user/profile.json", async (c) => {
    const deps = c.get("deps");
    const me = c.get("user");
    const { authorisation_number } = await readBody(c, ProfileUpdateInput);
    const value = authorisation_number === "" ? null : authorisation_number;
    await deps.db.updateTable("users").set({ authorisation_number: value }).where("id", "=", me.id).execute();
    await deps.audit.log({ userId: me.id, action: "user.profile.update", entity: "user", entityId: me.id, organizationId: me.organization_id, detail: { authorisation_number: value }, ip: me.ip });
    const { user } = await meAnswer(deps, me);
    return c.json({ message: value ? "Your licence or authorisation number was saved." : "Your licence or authorisation number was removed.", user });
  });

  // The spec's call carries an empty body: it is not read.
  app.post("/user/uambox.json", async (c) => {
    const deps = c.get("deps");
    const row = await deps.db
      .selectFrom("users")
      .leftJoin("organizations", "organizations.id", "users.organization_id")
      .select(["users.is_uam", "organizations.product_type"])
      .where("users.id", "=", c.get("user").id)
      .executeTakeFirstOrThrow();
    return c.json({ result: row.is_uam === 1 || row.product_type === "UAMBOX" });
  });

  app.post("/user/role/validate.json", async (c) => {
    const { user_role } = await readBody(c, RoleValidateInput);
    return c.json({ result: c.get("user").role === user_role });
  });

  // A write the portal refused for the signed-in user's role before it reached an API (its
  // requireUser guard): recorded beside the APIs' own refusals. Callers can only report themselves.
  app.post("/audit/refusal.json", async (c) => {
    const deps = c.get("deps");
    const me = c.get("user");
    const { method, path, reason } = await readBody(c, RefusalReportInput);
    await deps.audit.log({
      userId: me.id,
      action: "refused.request",
      entity: "request",
      organizationId: me.organization_id,
      detail: { method, path, status: 401, error: reason, source: "portal" },
      ip: me.ip,
    });
    return c.json({ result: true as const });
  });

  // --- notifications -----------------------------------------------------------------------------

  app.get("/user/notifications.json", async (c) => c.json(await latestNotifications(c.get("deps"), c.get("user"))));

  app.post("/user/notifications/read.json", async (c) => {
    const deps = c.get("deps");
    const me = c.get("user");
    const { ids } = await readBody(c, NotificationsReadInput);
    if (ids && ids.length === 0) return c.json({ message: "Nothing to mark as read.", updated: 0 });
    let q = deps.db.updateTable("notifications").set({ read_at: nowIso() }).where("user_id", "=", me.id).where("read_at", "is", null);
    if (ids) q = q.where("id", "in", ids);
    const result = await q.executeTakeFirst();
    const updated = Number(result.numUpdatedRows);
    if (updated > 0) {
      await deps.audit.log({ userId: me.id, action: "notification.read", entity: "notification", organizationId: me.organization_id, detail: { ids: ids ?? "all", updated }, ip: me.ip });
    }
    return c.json({ message: updated === 1 ? "1 notification marked as read." : `${updated} notifications marked as read.`, updated });
  });

  // --- issue reports -----------------------------------------------------------------------------

  app.post("/user/report_issue.json", async (c) => {
    const deps = c.get("deps");
    const me = c.get("user");
    const data = await readBody(c, ReportIssueInput);
    const row = await deps.db
      .insertInto("issue_reports")
      .values({ user_id: me.id, url: data.url, description: data.description, status: "open", closed_by: null, closed_at: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    await deps.audit.log({ userId: me.id, action: "issue_report.create", entity: "issue_report", entityId: row.id, organizationId: me.organization_id, detail: { url: data.url }, ip: me.ip });
    const recipients = await adminRecipients(deps);
    for (const to of recipients) {
      await sendMail(
        deps,
        to,
        `Issue report #${row.id} from ${me.username || me.email}`,
        [`${me.username || me.email} <${me.email}> reported an issue${data.url ? ` on ${data.url}` : ""}:`, data.description],
        { label: "Open the issue reports", url: `${deps.config.portalUrl.replace(/\/+$/, "")}/admin/issue-reports` },
      );
    }
    return c.json({ message: AUTH_MESSAGES.issueReported, id: row.id });
  });

  app.get("/admin/issue_reports.json", async (c) => {
    const deps = c.get("deps");
    requireRole(c.get("user"), ["admin", "member"]);
    const q = readQuery(c, IssueReportsQuery);
    let list = issueReportsQuery(deps);
    let count = deps.db.selectFrom("issue_reports").select((eb) => eb.fn.countAll<number>().as("n"));
    if (q.status) {
      list = list.where("issue_reports.status", "=", q.status);
      count = count.where("status", "=", q.status);
    }
    const [rows, total] = await Promise.all([
      list.orderBy("issue_reports.created_at", "desc").orderBy("issue_reports.id", "desc").limit(q.per_page).offset((q.page - 1) * q.per_page).execute(),
      count.executeTakeFirstOrThrow(),
    ]);
    return c.json({ reports: rows.map(issueReport), total: Number(total.n), page: q.page, per_page: q.per_page });
  });

  app.post("/admin/issue_reports/:id/close.json", async (c) => {
    const deps = c.get("deps");
    const me = c.get("user");
    requireRole(me, ["admin", "member"]);
    const id = Number(c.req.param("id"));
    if (!Number.isSafeInteger(id) || id < 1) throw notFound("That issue report");
    const before = await deps.db.selectFrom("issue_reports").select("status").where("id", "=", id).executeTakeFirst();
    if (!before) throw notFound("That issue report");
    if (before.status === "open") {
      await deps.db.updateTable("issue_reports").set({ status: "closed", closed_by: me.id, closed_at: nowIso() }).where("id", "=", id).where("status", "=", "open").execute();
      await deps.audit.log({ userId: me.id, action: "issue_report.close", entity: "issue_report", entityId: id, ip: me.ip });
    }
    const report = issueReport(await issueReportsQuery(deps).where("issue_reports.id", "=", id).executeTakeFirstOrThrow());
    return c.json({ message: before.status === "open" ? `Issue report #${id} closed.` : `Issue report #${id} was already closed.`, report });
  });

  // --- mail outbox ---------------------------------------------------------------------------------

  app.get("/admin/mail_outbox.json", async (c) => {
    const deps = c.get("deps");
    const me = c.get("user");
    requireRole(me, ["admin", "member"]);
    const q = readQuery(c, MailOutboxQuery);
    let list = deps.db.selectFrom("mail_outbox").select(["id", "to_address", "subject", "text", "created_at", "sent_at", "error"]);
    let count = deps.db.selectFrom("mail_outbox").select((eb) => eb.fn.countAll<number>().as("n"));
    if (q.to) {
      const pattern = likeContains(q.to.toLowerCase());
      const match = sql<boolean>`lower(to_address) LIKE ${pattern} ESCAPE '\\'`;
      list = list.where(match);
      count = count.where(match);
    }
    const [rows, total] = await Promise.all([
      list.orderBy("id", "desc").limit(q.per_page).offset((q.page - 1) * q.per_page).execute(),
      count.executeTakeFirstOrThrow(),
    ]);
    // Members must not be able to take over other accounts from mailed links: they see the
    // links of their own mails only. Admins see everything (the outbox is the demo's mailbox).
    const mails = rows.map((m) => (me.role === "admin" || m.to_address === me.email ? m : { ...m, text: redactLinks(m.text) }));
    return c.json({ mails, total: Number(total.n), page: q.page, per_page: q.per_page });
  });
}
