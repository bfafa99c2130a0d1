// The IP whitelist (admin API): addresses and CIDR ranges per organization. requireAuth (and sign-in)
// let an organization's users in only from its entries once it has any (upstream/auth.ts ipAllowed).
// A change that would exclude the caller's own current address is refused when the caller belongs to
// that organization (nobody locks themselves out), and otherwise needs a confirming second submit.
import type { Hono } from "hono";
import { sql } from "kysely";
import type { HonoEnv } from "../context";
import { cidrError, ipInCidr, normalizeIp } from "../ipwhitelist";
import { notFound, readBody, readQuery, refuse } from "../http";
import { ADMIN_MESSAGES, IpWhitelistDeleteInput, IpWhitelistInput, IpWhitelistQuery } from "../../app/models/schemas/admin";
import { audit, ctx, likeAny, loadOrganization, orderDir, paged, parseId, requireStaff, type Ctx } from "./common";

const IP_SORT_SQL = {
  organization: sql`lower(o.name)`,
  cidr: sql`w.cidr`,
  created_at: sql`w.created_at`,
} as const;

/** "10.1.2.3/24" stays as typed (trimmed; IPv6 lower-cased); "10.1.2.3/32" and a bare address are the same entry. */
export function normalizeCidr(value: string): string {
  const [base, bits] = value.trim().split("/");
  const ip = normalizeIp(base).toLowerCase();
  const full = ip.includes(":") ? "128" : "32";
  return bits === undefined || bits === full ? ip : `${ip}/${Number(bits)}`;
}

/**
 * The answer when the resulting list would not contain the caller's address: a refusal when the caller
 * belongs to the organization, a request to confirm otherwise. null when the list is fine.
 */
function lockoutCheck(c: Ctx, organizationId: number, resulting: string[], confirmed: boolean) {
  const { user } = ctx(c);
  if (resulting.length === 0) return null;
  const ip = user.ip;
  if (ip && resulting.some((cidr) => ipInCidr(ip, cidr))) return null;
  const own = user.organization_id === organizationId;
  if (!own && confirmed) return null;
  const shown = ip ?? "unknown";
  const error = !ip
    ? `${ADMIN_MESSAGES.ipUnknownAddress}${own ? "" : " Save again to confirm."}`
    : (own ? ADMIN_MESSAGES.ipSelfLockout : ADMIN_MESSAGES.ipWarnExcludesYou).replace("{ip}", shown);
  return c.json({ error, warning: true as const, confirm_required: !own, your_ip: ip }, 422);
}

function entriesQuery(c: Ctx) {
  return ctx(c)
    .deps.db.selectFrom("ip_whitelist as w")
    .innerJoin("organizations as o", "o.id", "w.organization_id")
    .leftJoin("users as u", "u.id", "w.created_by")
    .select(["w.id", "w.cidr", "w.label", "w.created_at", "o.id as org_id", "o.name as org_name", "o.slug as org_slug", "u.username as created_by"]);
}
type EntryRow = Awaited<ReturnType<ReturnType<typeof entriesQuery>["executeTakeFirstOrThrow"]>>;
const entryDto = (r: EntryRow, ip: string | null) => ({
  id: r.id,
  organization: { id: r.org_id, name: r.org_name, slug: r.org_slug },
  cidr: r.cidr,
  label: r.label,
  created_at: r.created_at,
  created_by: r.created_by ?? null,
  matches_you: ip ? ipInCidr(ip, r.cidr) : false,
});

export function registerIpWhitelistRoutes(app: Hono<HonoEnv>) {
  app.get("/admin/ip_whitelist.json", async (c) => {
    const { deps, user } = ctx(c);
    requireStaff(user);
    const q = readQuery(c, IpWhitelistQuery);
    let list = entriesQuery(c);
    let count = deps.db
      .selectFrom("ip_whitelist as w")
      .innerJoin("organizations as o", "o.id", "w.organization_id")
      .select((eb) => eb.fn.countAll<number>().as("n"));
    if (q.q) {
      list = list.where(likeAny(["w.cidr", "w.label", "o.name"], q.q));
      count = count.where(likeAny(["w.cidr", "w.label", "o.name"], q.q));
    }
    if (q.organization_id) {
      list = list.where("w.organization_id", "=", q.organization_id);
      count = count.where("w.organization_id", "=", q.organization_id);
    }
    const { limit, offset } = paged(q.page, q.per_page);
    const [rows, total] = await Promise.all([
      list
        .orderBy(sql`${IP_SORT_SQL[q.sort]} ${orderDir(q.dir)}`)
        .orderBy("w.id")
        .limit(limit)
        .offset(offset)
        .execute(),
      count.executeTakeFirstOrThrow(),
    ]);
    return c.json({ entries: rows.map((r) => entryDto(r, user.ip)), your_ip: user.ip, total: Number(total.n), page: q.page, per_page: q.per_page });
  });

  app.post("/admin/ip_whitelist.json", async (c) => {
    const { deps, user } = ctx(c);
    requireStaff(user);
    const input = await readBody(c, IpWhitelistInput);
    const problem = cidrError(input.cidr);
    if (problem) throw refuse(problem, { cidr: [problem] });
    const cidr = normalizeCidr(input.cidr);
    const org = await loadOrganization(deps, input.organization_id);
    const existing = await deps.db.selectFrom("ip_whitelist").select(["id", "cidr"]).where("organization_id", "=", org.id).execute();
    if (existing.some((e) => normalizeCidr(e.cidr) === cidr)) {
      throw refuse(`${cidr} is already in the list of ${org.name}.`, { cidr: [`${cidr} is already in the list of ${org.name}.`] });
    }
    const blocked = lockoutCheck(c, org.id, [...existing.map((e) => e.cidr), cidr], input.confirm);
    if (blocked) return blocked;
    const row = await deps.db
      .insertInto("ip_whitelist")
      .values({ organization_id: org.id, cidr, label: input.label, created_by: user.id })
      .returning("id")
      .executeTakeFirstOrThrow();
    await audit(c, "admin.ip_whitelist.add", "ip_whitelist", row.id, org.id, {
      cidr,
      label: input.label,
      first_entry: existing.length === 0,
      confirmed: input.confirm,
    });
    const entry = entryDto(await entriesQuery(c).where("w.id", "=", row.id).executeTakeFirstOrThrow(), user.ip);
    const note = existing.length === 0 ? ` Users of ${org.name} can now sign in only from the listed addresses.` : "";
    return c.json({ message: `${cidr} was added to the list of ${org.name}.${note}`, entry });
  });

  app.post("/admin/ip_whitelist/:id{[0-9]+}/delete.json", async (c) => {
    const { deps, user } = ctx(c);
    requireStaff(user);
    const id = parseId(c.req.param("id"), "That entry");
    const input = await readBody(c, IpWhitelistDeleteInput);
    const entry = await entriesQuery(c).where("w.id", "=", id).executeTakeFirst();
    if (!entry) throw notFound("That entry");
    const rest = await deps.db.selectFrom("ip_whitelist").select("cidr").where("organization_id", "=", entry.org_id).where("id", "!=", id).execute();
    const blocked = lockoutCheck(
      c,
      entry.org_id,
      rest.map((r) => r.cidr),
      input.confirm
    );
    if (blocked) return blocked;
    await deps.db.deleteFrom("ip_whitelist").where("id", "=", id).execute();
    await audit(c, "admin.ip_whitelist.remove", "ip_whitelist", id, entry.org_id, { cidr: entry.cidr, label: entry.label, confirmed: input.confirm });
    const note = rest.length === 0 ? ` ${entry.org_name} has no entries left: its users can sign in from anywhere.` : "";
    return c.json({ message: `${entry.cidr} was removed from the list of ${entry.org_name}.${note}`, entry: null });
  });
}
