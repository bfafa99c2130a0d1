// Accounts and groups of the file server behind the storage product (/nextcloud/* in the portal).
// The embedded file server is this registry itself (fs_users, fs_groups, fs_user_groups), with groups
// mapped to organizations: see docs/decisions/ (the file-server ADR) for what a real deployment syncs.
import type { Hono } from "hono";
import { sql } from "kysely";
import type { Deps, HonoEnv } from "../context";
import { notFound, readBody, readQuery, refuse } from "../http";
import { FsGroupInput, FsGroupsQuery, FsUserInput, FsUserUpdateInput, FsUsersQuery } from "../../app/models/schemas/admin";
import { audit, ctx, isUniqueViolation, likeAny, loadOrganization, orderDir, paged, parseId, requireStaff } from "./common";

const GIB = 1024 ** 3;

const USER_SORT_SQL = {
  username: sql`u.username`,
  display_name: sql`lower(u.display_name)`,
  email: sql`lower(u.email)`,
  created_at: sql`u.created_at`,
} as const;
const GROUP_SORT_SQL = {
  name: sql`lower(g.name)`,
  organization: sql`lower(o.name)`,
  member_count: sql`member_count`,
  created_at: sql`g.created_at`,
} as const;

async function usersWithGroups(deps: Deps, ids: number[]) {
  if (!ids.length) return [];
  const [users, links] = await Promise.all([
    deps.db.selectFrom("fs_users").selectAll().where("id", "in", ids).execute(),
    deps.db
      .selectFrom("fs_user_groups as l")
      .innerJoin("fs_groups as g", "g.id", "l.fs_group_id")
      .select(["l.fs_user_id", "g.id", "g.name"])
      .where("l.fs_user_id", "in", ids)
      .orderBy(sql`lower(g.name)`)
      .execute(),
  ]);
  const byId = new Map(users.map((u) => [u.id, u]));
  return ids
    .map((id) => byId.get(id))
    .filter((u): u is NonNullable<typeof u> => !!u)
    .map((u) => ({
      id: u.id,
      username: u.username,
      display_name: u.display_name,
      email: u.email,
      quota_bytes: u.quota_bytes,
      enabled: u.enabled === 1,
      created_at: u.created_at,
      groups: links.filter((l) => l.fs_user_id === u.id).map((l) => ({ id: l.id, name: l.name })),
    }));
}

function groupsQuery(deps: Deps) {
  return deps.db
    .selectFrom("fs_groups as g")
    .leftJoin("organizations as o", "o.id", "g.organization_id")
    .select([
      "g.id",
      "g.name",
      "g.created_at",
      "g.organization_id",
      "o.name as org_name",
      "o.slug as org_slug",
      sql<number>`(SELECT count(*) FROM fs_user_groups l WHERE l.fs_group_id = g.id)`.as("member_count"),
    ]);
}
type GroupRow = Awaited<ReturnType<ReturnType<typeof groupsQuery>["executeTakeFirstOrThrow"]>>;
const groupDto = (g: GroupRow) => ({
  id: g.id,
  name: g.name,
  organization: g.organization_id != null && g.org_name != null ? { id: g.organization_id, name: g.org_name, slug: g.org_slug ?? "" } : null,
  member_count: Number(g.member_count),
  created_at: g.created_at,
});

async function checkGroups(deps: Deps, ids: number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return unique;
  const found = await deps.db.selectFrom("fs_groups").select("id").where("id", "in", unique).execute();
  if (found.length !== unique.length) throw refuse("One of the chosen groups no longer exists.", { group_ids: ["One of the chosen groups no longer exists."] });
  return unique;
}

export function registerFileServerRoutes(app: Hono<HonoEnv>) {
  app.get("/admin/fs/users.json", async (c) => {
    const { deps, user } = ctx(c);
    requireStaff(user);
    const q = readQuery(c, FsUsersQuery);
    let list = deps.db.selectFrom("fs_users as u").select("u.id");
    let count = deps.db.selectFrom("fs_users as u").select((eb) => eb.fn.countAll<number>().as("n"));
    if (q.q) {
      list = list.where(likeAny(["u.username", "u.display_name", "u.email"], q.q));
      count = count.where(likeAny(["u.username", "u.display_name", "u.email"], q.q));
    }
    const { limit, offset } = paged(q.page, q.per_page);
    const [rows, total] = await Promise.all([
      list
        .orderBy(sql`${USER_SORT_SQL[q.sort]} ${orderDir(q.dir)}`)
        .orderBy("u.id")
        .limit(limit)
        .offset(offset)
        .execute(),
      count.executeTakeFirstOrThrow(),
    ]);
    return c.json({
      users: await usersWithGroups(
        deps,
        rows.map((r) => r.id)
      ),
      total: Number(total.n),
      page: q.page,
      per_page: q.per_page,
    });
  });

  app.post("/admin/fs/users.json", async (c) => {
    const { deps, user } = ctx(c);
    requireStaff(user);
    const input = await readBody(c, FsUserInput);
    const groupIds = await checkGroups(deps, input.group_ids);
    let id: number;
    try {
      id = await deps.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto("fs_users")
          .values({
            username: input.username,
            display_name: input.display_name || input.username,
            email: input.email ?? "",
            quota_bytes: input.quota_gb != null ? Math.round(input.quota_gb * GIB) : null,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        if (groupIds.length)
          await trx
            .insertInto("fs_user_groups")
            .values(groupIds.map((g) => ({ fs_user_id: row.id, fs_group_id: g })))
            .execute();
        return row.id;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw refuse(`The user name ${input.username} is taken.`, { username: [`The user name ${input.username} is taken.`] });
      throw err;
    }
    await audit(c, "admin.fs_user.create", "fs_user", id, null, { username: input.username, group_ids: groupIds, quota_gb: input.quota_gb ?? null });
    const [created] = await usersWithGroups(deps, [id]);
    return c.json({ message: `File-server user ${created.username} was created.`, user: created });
  });

  app.post("/admin/fs/users/:id{[0-9]+\\.json}", async (c) => {
    const { deps, user } = ctx(c);
    requireStaff(user);
    const id = parseId(c.req.param("id").replace(/\.json$/, ""), "That file-server user");
    const [before] = await usersWithGroups(deps, [id]);
    if (!before) throw notFound("That file-server user");
    const input = await readBody(c, FsUserUpdateInput);
    const groupIds = input.group_ids ? await checkGroups(deps, input.group_ids) : null;
    await deps.db.transaction().execute(async (trx) => {
      if (input.enabled !== undefined)
        await trx
          .updateTable("fs_users")
          .set({ enabled: input.enabled ? 1 : 0 })
          .where("id", "=", id)
          .execute();
      if (groupIds) {
        await trx.deleteFrom("fs_user_groups").where("fs_user_id", "=", id).execute();
        if (groupIds.length)
          await trx
            .insertInto("fs_user_groups")
            .values(groupIds.map((g) => ({ fs_user_id: id, fs_group_id: g })))
            .execute();
      }
    });
    await audit(c, "admin.fs_user.update", "fs_user", id, null, { enabled: input.enabled, group_ids: groupIds });
    const [after] = await usersWithGroups(deps, [id]);
    const what = input.enabled === undefined ? "saved" : input.enabled ? "enabled" : "disabled";
    return c.json({ message: `File-server user ${after.username} was ${what}.`, user: after });
  });

  app.get("/admin/fs/groups.json", async (c) => {
    const { deps, user } = ctx(c);
    requireStaff(user);
    const q = readQuery(c, FsGroupsQuery);
    let list = groupsQuery(deps);
    let count = deps.db
      .selectFrom("fs_groups as g")
      .leftJoin("organizations as o", "o.id", "g.organization_id")
      .select((eb) => eb.fn.countAll<number>().as("n"));
    if (q.q) {
      list = list.where(likeAny(["g.name", "o.name"], q.q));
      count = count.where(likeAny(["g.name", "o.name"], q.q));
    }
    const { limit, offset } = paged(q.page, q.per_page);
    const [rows, total] = await Promise.all([
      list
        .orderBy(sql`${GROUP_SORT_SQL[q.sort]} ${orderDir(q.dir)}`)
        .orderBy("g.id")
        .limit(limit)
        .offset(offset)
        .execute(),
      count.executeTakeFirstOrThrow(),
    ]);
    return c.json({ groups: rows.map(groupDto), total: Number(total.n), page: q.page, per_page: q.per_page });
  });

  app.post("/admin/fs/groups.json", async (c) => {
    const { deps, user } = ctx(c);
    requireStaff(user);
    const input = await readBody(c, FsGroupInput);
    const org = input.organization_id != null ? await loadOrganization(deps, input.organization_id) : null;
    const clash = await deps.db
      .selectFrom("fs_groups")
      .select("id")
      .where(sql`lower(name)`, "=", input.name.toLowerCase())
      .executeTakeFirst();
    if (clash) throw refuse(`A group named ${input.name} already exists.`, { name: [`A group named ${input.name} already exists.`] });
    let id: number;
    try {
      id = (
        await deps.db
          .insertInto("fs_groups")
          .values({ name: input.name, organization_id: org?.id ?? null })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    } catch (err) {
      if (isUniqueViolation(err)) throw refuse(`A group named ${input.name} already exists.`, { name: [`A group named ${input.name} already exists.`] });
      throw err;
    }
    await audit(c, "admin.fs_group.create", "fs_group", id, org?.id ?? null, { name: input.name });
    const group = groupDto(await groupsQuery(deps).where("g.id", "=", id).executeTakeFirstOrThrow());
    return c.json({ message: `Group ${group.name} was created${org ? ` for ${org.name}` : ""}.`, group });
  });
}
