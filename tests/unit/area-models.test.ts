// The area modules (issue 11) against the seeded embedded upstream: each data function reaches its
// endpoint with the right payload and parses the answer with its contract schema.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setPortalEnv, startPortal, type Portal } from "../helpers/portal";

setPortalEnv();
const { requireUser } = await import("~/utils/auth.server");
const access = await import("~/models/access.server");
const admin = await import("~/models/admin.server");
const oil = await import("~/models/oil.server");
const ops = await import("~/models/ops.server");
const templates = await import("~/models/templates.server");
const user = await import("~/models/user.server");

let p: Portal;
// A POST: reads within one portal request are shared, and a write (only in an action) forgets them.
const apiOf = async (email: string) => (await requireUser(p.request("/", { cookie: await p.signIn(email), method: "POST" }), p.context)).api;
const SKY = { organization: "skyline", msn_id: "5123" };

beforeAll(async () => {
  p = await startPortal();
}, 60_000);
afterAll(() => p?.close());

describe("oil.server", () => {
  it("lists an aircraft's oil tabs, reads a page of rows, the header and the links", async () => {
    const api = await apiOf("client@demo.aero");
    const tabs = await oil.listTabs(api, SKY);
    expect(tabs.ok && tabs.data.tabs.map((t) => t.tab_id)).toContain("abclisting");
    const page = await oil.tabData(api, SKY, { tab_id: "abclisting", per_page: 2, sort_order: "asc" });
    if (!page.ok) throw new Error(page.error);
    expect(page.data.rows.length).toBe(2);
    expect(page.data.columns.at(-1)!.type).toBe("watch_unwatch");
    const head = await oil.header(api, SKY);
    expect(head.ok && head.data.msn).toBe("5123");
    const links = await oil.tabLinks(api, SKY, "abclisting");
    expect(links.ok && links.data.oil_access).toBe(true);
    const pk = await oil.linkColumns(api, SKY);
    expect(pk.ok && pk.data.link_columns).toEqual(["Serial No", "Part No"]);
  });

  it("watches a row and unwatches it again; a reader is refused and nothing changes", async () => {
    const api = await apiOf("client@demo.aero");
    const first = await oil.tabData(api, SKY, { tab_id: "abclisting", per_page: 1 });
    if (!first.ok) throw new Error(first.error);
    const row = first.data.rows[0]!;
    const flipped = await oil.saveRow(api, SKY, { tab_id: "abclisting", id: row.id, watched: !row.watched });
    expect(flipped.ok && flipped.data.row.watched).toBe(!row.watched);
    const back = await oil.saveRow(api, SKY, { tab_id: "abclisting", id: row.id, watched: row.watched });
    expect(back.ok && back.data.row.watched).toBe(row.watched);

    // reader@demo.aero reads MSN 5123 (READER_MSNS) and may not change it.
    const readerApi = await apiOf("reader@demo.aero");
    expect((await oil.listTabs(readerApi, SKY)).ok).toBe(true);
    const refused = await oil.saveRow(readerApi, SKY, { tab_id: "abclisting", id: row.id, watched: !row.watched });
    expect(refused.ok).toBe(false);
    const again = await oil.tabData(api, SKY, { tab_id: "abclisting", per_page: 1 });
    expect(again.ok && again.data.rows[0]!.watched).toBe(row.watched);
  });
});

describe("ops.server and templates.server", () => {
  it("reads the module registry, an organization's MSNs and the template library", async () => {
    const api = await apiOf("admin@demo.aero");
    const orgs = await ops.moduleOrganizations(api);
    expect(orgs.find((o) => o.organization === "skyline")?.has_oil).toBe(true);
    const msns = await ops.listMsnIds(api, { organization: "skyline", product: "ops", page: 1, per_page: 5 });
    expect(msns.ok).toBe(true);
    const makers = await templates.listManufacturers(api);
    if (!makers.ok) throw new Error(makers.error);
    const maker = makers.data.manufacturers[0]!;
    const [tabs, versions] = await Promise.all([templates.listTemplateTabs(api, maker.name), templates.listTemplateVersions(api, maker.name)]);
    expect(tabs.ok && tabs.data.tabs.length).toBe(maker.tab_count);
    expect(versions.ok).toBe(true);
  });

  it("signs a link to a file of the work-order store", async () => {
    const api = await apiOf("client@demo.aero");
    const link = await ops.signedFileLink(api, { s3_path: "speedtest/1MB.bin", expires_in: 60 }, { passthrough: true });
    // The speed-test files exist once the server has started; here the store may not hold them.
    expect(link.ok || link.status === 404).toBe(true);
  });
});

describe("user.server, access.server and admin.server", () => {
  it("reads the signed-in user and their notifications", async () => {
    const api = await apiOf("client@demo.aero");
    const me = await user.getMe(api);
    expect(me.user.email).toBe("client@demo.aero");
    const notes = await user.listNotifications(api);
    expect(Array.isArray(notes.notifications)).toBe(true);
  });

  it("grants a level and revokes it through the one change function", async () => {
    const api = await apiOf("admin@demo.aero");
    const people = await admin.listUsers(api, { q: "reader@demo.aero", per_page: 5 });
    const reader = people.users.find((u) => u.email === "reader@demo.aero")!;
    const fleet = await admin.listOrganizationAircraft(api, people.users[0]!.organization!.id, { per_page: 100 });
    const before = await access.userAccess(api, reader.id, { per_page: 500 });
    const held = new Set(before.aircraft.filter((a) => a.access.storage).map((a) => a.id));
    const target = fleet.aircraft.find((a) => !held.has(a.id))!;
    const granted = await access.changeAccess(api, { user_id: reader.id, aircraft_ids: [target.id], products: ["storage"], access: "read" });
    expect(granted.ok).toBe(true);
    const view = await access.aircraftAccess(api, target.id);
    expect(view.ok && view.data.users.some((u) => u.user_id === reader.id && u.access.storage === "read")).toBe(true);
    const revoked = await access.changeAccess(api, { user_id: reader.id, aircraft_ids: [target.id], products: ["storage"] });
    expect(revoked.ok, JSON.stringify(revoked)).toBe(true);
    const after = await access.aircraftAccess(api, target.id);
    expect(after.ok && after.data.users.some((u) => u.user_id === reader.id && u.access.storage)).toBe(false);
  });
});
