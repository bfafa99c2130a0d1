// People in the admin API: user lists, creating clients and consultants, invitations, deactivating and
// reactivating accounts. Contract: docs/api/admin.md.
import type { Hono } from "hono";
import { sql } from "kysely";
import type { Deps, HonoEnv } from "../context";
import { nowIso } from "../db";
import { hashPassword, randomToken, revokeUserTokens } from "../auth";
import { readBody, readQuery, refuse, validate } from "../http";
import { createOneTimeToken, createUserAccount, portalLink, sendMail } from "../main/accounts";
import { ADMIN_MESSAGES, ClientCreateInput, ConsultantCreateInput, ConsultantsQuery, UsersQuery } from "../../app/models/schemas/admin";
import { passwordRule } from "../../app/models/schemas/auth";
import { audit, ctx, likeAny, loadOrganization, loadUser, orderDir, paged, parseId, requireStaff, userDto, usersQuery, type Ctx } from "./common";

const USER_SORT_SQL = {
  name: sql`lower(u.username)`,
  email: sql`u.email`,
  role: sql`u.role`,
  organization: sql`lower(o.name)`,
  created_at: sql`u.created_at`,
  last_sign_in: sql`last_sign_in_at`,
} as const;

const CONSULTANT_SORT_SQL = {
  name: sql`lower(coalesce(nullif(c.name, ''), u.username))`,
  email: sql`u.email`,
  country: sql`lower(c.country)`,
  approval_status: sql`c.approval_status`,
  stage: sql`c.stage`,
  created_at: sql`c.created_at`,
} as const;

function consultantsQuery(deps: Deps) {
  return deps.db
    .selectFrom("consultants as c")
    .innerJoin("users as u", "u.id", "c.user_id")
    .select([
      "c.id",
      "c.user_id",
      "u.email",
      "u.username",
      "c.name",
      "c.city",
      "c.country",
      "c.approval_status",
      "c.availability_status",
      "c.stage",
      "c.active as c_active",
      "u.active as u_active",
      "c.created_at",
    ]);
}
type ConsultantRow = Awaited<ReturnType<ReturnType<typeof consultantsQuery>["executeTakeFirstOrThrow"]>>;
const consultantDto = (r: ConsultantRow) => ({
  id: r.id,
  user_id: r.user_id,
  email: r.email,
  name: r.name || r.username,
  city: r.city,
  country: r.country,
  approval_status: r.approval_status,
  availability_status: r.availability_status == null ? null : r.availability_status === 1,
  stage: r.stage,
  active: r.c_active === 1 && r.u_active === 1,
  created_at: r.created_at,
});

/** Mails a set-your-password link (the password reset flow) to an account created without a password. */
async function mailInvitation(deps: Deps, user: { id: number; email: string; first_name: string }, invitedBy: string) {
  const token = await createOneTimeToken(deps.db, user.id, "reset");
  await sendMail(
    deps,
    user.email,
    "Your AeroRecords account",
    [
      `Hello ${user.first_name || user.email},`,
      `${invitedBy} created an AeroRecords account for you. Choose your password to sign in. The link works once and is valid for 2 hours; after that, use "Forgot your password?" on the sign-in page.`,
    ],
    { label: "Choose my password", url: portalLink(deps, `/users/password/edit?reset_password_token=${encodeURIComponent(token)}`) }
  );
}

/** A password hash for the new account: the given password, or an unusable random one (invitation). */
async function initialPasswordHash(password: string | undefined) {
  return hashPassword(password !== undefined ? validate(passwordRule, password) : randomToken(32));
}

async function setActive(c: Ctx, active: boolean) {
  const { deps, user } = ctx(c);
  requireStaff(user);
  const id = parseId(c.req.param("id"), "That user");
  const target = await loadUser(deps, id);
  if (target.id === user.id) throw refuse(ADMIN_MESSAGES.cannotDeactivateSelf);
  if (target.role === "admin" && user.role !== "admin") throw refuse(ADMIN_MESSAGES.onlyAdminsDeactivateAdmins);
  if (target.active !== active) {
    await deps.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("users")
        .set({ active: active ? 1 : 0 })
        .where("id", "=", id)
        .execute();
      // A deactivated user's sessions end at once: every token is revoked (requireAuth also answers 403).
      if (!active) await revokeUserTokens(trx, id);
    });
    await audit(c, active ? "admin.user.reactivate" : "admin.user.deactivate", "user", id, target.organization?.id ?? null, {
      email: target.email,
      role: target.role,
    });
  }
  const after = await loadUser(deps, id);
  const message =
    target.active === active
      ? `${after.username} is already ${active ? "active" : "deactivated"}.`
      : active
      ? `${after.username} can sign in again.`
      : `${after.username} is deactivated and has been signed out everywhere.`;
  return c.json({ message, user: after, invited: false });
}

export function registerPeopleRoutes(app: Hono<HonoEnv>) {
  app.get("/admin/users.json", async (c) => {
    const { deps, user } = ctx(c);
    requireStaff(user);
    const q = readQuery(c, UsersQuery);
    const cols = ["u.username", "u.email", "u.first_name", "u.last_name"];
    let list = usersQuery(deps);
    let count = deps.db.selectFrom("users as u").select((eb) => eb.fn.countAll<number>().as("n"));
    if (q.q) {
      list = list.where(likeAny(cols, q.q));
      count = count.where(likeAny(cols, q.q));
    }
    if (q.role) {
      list = list.where("u.role", "=", q.role);
      count = count.where("u.role", "=", q.role);
    }
    if (q.organization_id) {
      list = list.where("u.organization_id", "=", q.organization_id);
      count = count.where("u.organization_id", "=", q.organization_id);
    }
    if (q.active) {
      list = list.where("u.active", "=", Number(q.active));
      count = count.where("u.active", "=", Number(q.active));
    }
    const { limit, offset } = paged(q.page, q.per_page);
    const nulls = q.sort === "last_sign_in" || q.sort === "organization" ? sql`NULLS LAST` : sql``;
    const [rows, total] = await Promise.all([
      list
        .orderBy(sql`${USER_SORT_SQL[q.sort]} ${orderDir(q.dir)} ${nulls}`)
        .orderBy("u.id")
        .limit(limit)
        .offset(offset)
        .execute(),
      count.executeTakeFirstOrThrow(),
    ]);
    return c.json({ users: rows.map(userDto), total: Number(total.n), page: q.page, per_page: q.per_page });
  });

  app.get("/admin/users/:id{[0-9]+\\.json}", async (c) => {
    const { deps, user } = ctx(c);
    requireStaff(user);
    return c.json({ user: await loadUser(deps, parseId(c.req.param("id").replace(/\.json$/, ""), "That user")) });
  });

  app.post("/admin/clients.json", async (c) => {
    const { deps, user } = ctx(c);
    requireStaff(user);
    const input = await readBody(c, ClientCreateInput);
    const org = await loadOrganization(deps, input.organization_id);
    const passwordHash = await initialPasswordHash(input.password);
    const created = await createUserAccount(deps, {
      email: input.email,
      passwordHash,
      role: "client",
      first_name: input.first_name,
      last_name: input.last_name,
      organization_id: org.id,
      is_uam: org.product_type === "UAMBOX",
    });
    const invited = input.password === undefined;
    if (invited) await mailInvitation(deps, { id: created.id, email: input.email, first_name: input.first_name }, user.username || user.email);
    await audit(c, "admin.client.create", "user", created.id, org.id, { email: input.email, invited });
    const client = await loadUser(deps, created.id);
    return c.json({
      message: `${client.username} can now sign in${invited ? `: an invitation was mailed to ${client.email}` : ""}. Grant access to aircraft next.`,
      user: client,
      invited,
    });
  });

  app.get("/admin/consultants.json", async (c) => {
    const { deps, user } = ctx(c);
    requireStaff(user);
    const q = readQuery(c, ConsultantsQuery);
    const cols = ["c.name", "u.username", "u.email", "c.city", "c.country"];
    let list = consultantsQuery(deps);
    let count = deps.db
      .selectFrom("consultants as c")
      .innerJoin("users as u", "u.id", "c.user_id")
      .select((eb) => eb.fn.countAll<number>().as("n"));
    let byApproval = deps.db
      .selectFrom("consultants as c")
      .innerJoin("users as u", "u.id", "c.user_id")
      .select(["c.approval_status", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("c.approval_status");
    if (q.q) {
      list = list.where(likeAny(cols, q.q));
      count = count.where(likeAny(cols, q.q));
      byApproval = byApproval.where(likeAny(cols, q.q));
    }
    if (q.approval) {
      list = list.where("c.approval_status", "=", q.approval);
      count = count.where("c.approval_status", "=", q.approval);
    }
    const { limit, offset } = paged(q.page, q.per_page);
    const [rows, total, approvals] = await Promise.all([
      list
        .orderBy(sql`${CONSULTANT_SORT_SQL[q.sort]} ${orderDir(q.dir)}`)
        .orderBy("c.id")
        .limit(limit)
        .offset(offset)
        .execute(),
      count.executeTakeFirstOrThrow(),
      byApproval.execute(),
    ]);
    const n = (s: string) => Number(approvals.find((r) => r.approval_status === s)?.n ?? 0);
    return c.json({
      consultants: rows.map(consultantDto),
      counts: { verified: n("verified"), disapproved: n("disapproved"), undecided: n("undecided") },
      total: Number(total.n),
      page: q.page,
      per_page: q.per_page,
    });
  });

  app.post("/admin/consultants.json", async (c) => {
    const { deps, user } = ctx(c);
    requireStaff(user);
    const input = await readBody(c, ConsultantCreateInput);
    const passwordHash = await initialPasswordHash(input.password);
    const created = await deps.db.transaction().execute(async (trx) => {
      const account = await createUserAccount(
        deps,
        { email: input.email, passwordHash, role: "consultant", first_name: input.first_name, last_name: input.last_name },
        { db: trx }
      );
      // The profile starts with what the admin knows; the consultant finishes onboarding (stage basic_info).
      await trx
        .updateTable("consultants")
        .set({
          name: `${input.first_name} ${input.last_name}`.replace(/\s+/g, " ").trim(),
          city: input.city,
          country: input.country,
          phone_number_with_country_code: input.phone_number_with_country_code,
          updated_at: nowIso(),
        })
        .where("user_id", "=", account.id)
        .execute();
      return account;
    });
    const invited = input.password === undefined;
    if (invited) await mailInvitation(deps, { id: created.id, email: input.email, first_name: input.first_name }, user.username || user.email);
    await audit(c, "admin.consultant.create", "consultant", created.consultantId, null, { email: input.email, user_id: created.id, invited });
    const consultant = consultantDto(await consultantsQuery(deps).where("c.user_id", "=", created.id).executeTakeFirstOrThrow());
    return c.json({
      message: `Consultant ${consultant.name} was created${invited ? `: an invitation was mailed to ${consultant.email}` : ""}.`,
      consultant,
      invited,
    });
  });

  app.post("/admin/users/:id{[0-9]+}/invite.json", async (c) => {
    const { deps, user } = ctx(c);
    requireStaff(user);
    const target = await loadUser(deps, parseId(c.req.param("id"), "That user"));
    if (!target.active) throw refuse(`${target.username} is deactivated: reactivate the account first.`);
    await mailInvitation(deps, { id: target.id, email: target.email, first_name: target.first_name }, user.username || user.email);
    await audit(c, "admin.user.invite", "user", target.id, target.organization?.id ?? null, { email: target.email });
    return c.json({ message: `A set-your-password link was mailed to ${target.email}.`, user: target, invited: true });
  });

  app.post("/admin/users/:id{[0-9]+}/deactivate.json", (c) => setActive(c, false));
  app.post("/admin/users/:id{[0-9]+}/activate.json", (c) => setActive(c, true));
}
