// Contract: GET /user/shell.json (docs/api/auth-and-user.md), the signed-in shell's one call, over
// HTTP against the seeded embedded upstream. Each part must equal what the call it stands for answers
// the same user (me, uambox, notifications, the aircraft list, an aircraft, its folders, the ops API's
// access reads), and a part the user may not see must come back null: never more than those calls give.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callUpstream, startTestUpstream, type TestUpstream } from "../helpers/upstream";
import { ShellAnswer, SHELL_NOTIFICATIONS } from "~/models/schemas/shell";
import { AircraftDetailAnswer, AircraftListAnswer, FilesAnswer } from "~/models/schemas/storage";
import { MeAnswer, NotificationsAnswer, ResultAnswer } from "~/models/schemas/auth";
import { AccessTypeAnswer, MsnAccessUsersAnswer, UserMsnAccessAnswer } from "~/models/schemas/ops";

let up: TestUpstream;
const H: Record<string, Record<string, string>> = {};
/** Skyline aircraft: A (the reader may read it), B (invisible to the reader). */
let A: number;
let B: number;

beforeAll(async () => {
  up = await startTestUpstream();
  const who = { client: "client@demo.aero", reader: "reader@demo.aero", admin: "admin@demo.aero", consultant: "consultant@demo.aero", uam: "hannah.weber@vertiport.demo.aero" };
  for (const [k, email] of Object.entries(who)) H[k] = await up.signIn(email);
  const list = AircraftListAnswer.parse((await main("client", "GET", "/storage/v2/aircraft.json")).body);
  A = list.aircrafts.find((a) => a.msn === "5123")!.id;
  B = list.aircrafts.find((a) => a.msn === "41230")!.id;
});
afterAll(async () => up?.close());

const main = (who: string, method: string, path: string, body?: unknown) => callUpstream<unknown>(`${up.mainUrl}${path}`, method, H[who], body);
const ops = (who: string, path: string, body: unknown) => callUpstream<unknown>(`${up.opsUrl}${path}`, "POST", H[who], body);

async function shell(who: string, query: Record<string, string | number> = {}) {
  const res = await main(who, "GET", `/user/shell.json?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ShellAnswer.parse(res.body);
}

/** What the separate calls answer the same user about one aircraft (null where they refuse). */
async function separately(who: string, id: number) {
  const detail = await main(who, "GET", `/storage/v2/aircraft/${id}.json`);
  const files = await main(who, "GET", `/storage/v2/aircraft/${id}/files.json?dir=/&per_page=200&sort=name`);
  const opsLevel = await ops(who, "/v1/user_access/ops_get_user_access_type.json", { org_msn_id: id });
  const oil = await ops(who, "/v1/user_access/user_msn_access.json", { org_msn_id: id, product: "oil" });
  const opsUsers = await ops(who, "/v1/user_access/ops_get_msn_access.json", { org_msn_id: id });
  const oilUsers = await ops(who, "/v1/user_access/oil_get_msn_access.json", { org_msn_id: id });
  const d = detail.status === 200 ? AircraftDetailAnswer.parse(detail.body) : null;
  const strip = (users: { user_id: number; username: string; access: string }[]) => users.map(({ user_id, username, access }) => ({ user_id, username, access }));
  return {
    aircraft: d?.aircraft ?? null,
    access: {
      storage: d?.access ?? null,
      ops: AccessTypeAnswer.parse(opsLevel.body).access_type,
      oil: oil.status === 200 ? UserMsnAccessAnswer.parse(oil.body).access_type : null,
    },
    users: {
      storage: d?.users ?? null,
      ops: opsUsers.status === 200 ? strip(MsnAccessUsersAnswer.parse(opsUsers.body).users) : null,
      oil: oilUsers.status === 200 ? strip(MsnAccessUsersAnswer.parse(oilUsers.body).users) : null,
    },
    folders: files.status === 200 ? FilesAnswer.parse(files.body).contents.filter((c) => c.resourcetype === "collection").map(({ id, path, name }) => ({ id, path, name })) : null,
  };
}

describe("GET /user/shell.json", () => {
  it("answers what me, uambox, notifications and the aircraft list answer, in one call", async () => {
    const s = await shell("client");
    expect(s.me).toEqual(MeAnswer.parse((await main("client", "GET", "/user/me.json")).body));
    expect(s.uam).toBe(ResultAnswer.parse((await main("client", "POST", "/user/uambox.json", {})).body).result);
    const notes = NotificationsAnswer.parse((await main("client", "GET", "/user/notifications.json")).body);
    expect(s.notifications).toEqual({ notifications: notes.notifications.slice(0, SHELL_NOTIFICATIONS), unread: notes.unread });
    const fleet = AircraftListAnswer.parse((await main("client", "GET", "/storage/v2/aircraft.json?per_page=100")).body);
    expect(s.fleet).toEqual({ aircrafts: fleet.aircrafts, total: fleet.total });
    // Nothing about an aircraft unless one is named.
    expect(s).toMatchObject({ aircraft: null, access: null, users: null, folders: null });
  });

  it("filters the fleet as the aircraft list does, at most 100", async () => {
    const s = await shell("client", { fleet_q: "5123" });
    const list = AircraftListAnswer.parse((await main("client", "GET", "/storage/v2/aircraft.json?q=5123&per_page=100")).body);
    expect(s.fleet!.aircrafts.map((a) => a.msn)).toEqual(["5123"]);
    expect(s.fleet).toEqual({ aircrafts: list.aircrafts, total: list.total });
    expect((await shell("admin")).fleet!.aircrafts.length).toBeLessThanOrEqual(100);
  });

  it("gives the aircraft in context, the caller's level per product, a product's USERS list and the folders, as the separate calls do", async () => {
    for (const who of ["client", "reader", "admin"]) {
      const want = await separately(who, A);
      for (const users of ["storage", "ops", "oil"] as const) {
        const s = await shell(who, { aircraft_id: A, users, expand: A });
        expect(s.aircraft, `${who}: aircraft`).toEqual(want.aircraft);
        expect(s.access, `${who}: levels`).toEqual(want.access);
        expect(s.users, `${who}: ${users} users`).toEqual(want.users[users]);
        expect(s.folders, `${who}: folders`).toEqual(want.folders);
      }
    }
    const client = await shell("client", { aircraft_id: A, users: "ops" });
    expect(client.access).toEqual({ storage: "write", ops: "write", oil: "write" });
    expect(client.users!.length).toBeGreaterThan(0);
    // Another aircraft can be expanded in the tree than the one in context.
    const other = await shell("client", { aircraft_id: A, expand: B });
    expect(other.folders).toEqual((await separately("client", B)).folders);
    expect(other.users).toBeNull(); // not asked
  });

  it("gives nothing about an aircraft the caller may not see", async () => {
    const want = await separately("reader", B);
    expect(want.aircraft).toBeNull();
    for (const users of ["storage", "ops", "oil"] as const) {
      const s = await shell("reader", { aircraft_id: B, users, expand: B });
      expect(s).toMatchObject({ aircraft: null, access: { storage: null, ops: null, oil: null }, users: null, folders: null });
      expect(s.fleet!.aircrafts.map((a) => a.id)).not.toContain(B);
    }
    // An aircraft that does not exist: the same.
    expect(await shell("client", { aircraft_id: 999_999, users: "storage", expand: 999_999 })).toMatchObject({ aircraft: null, access: { storage: null, ops: null, oil: null }, users: null, folders: null });
  });

  it("gives the fleet tree only to the roles whose shell has one (a consultant's only with the aerobox flag)", async () => {
    const consultant = await shell("consultant", { aircraft_id: A, expand: A });
    expect(consultant.uam).toBe(false);
    expect(consultant).toMatchObject({ fleet: null, folders: null, aircraft: null });
    const uam = await shell("uam");
    expect(uam.uam).toBe(true);
    expect(uam.fleet!.total).toBeGreaterThan(0);
  });

  it("refuses a bad query and a caller without credentials", async () => {
    expect((await main("client", "GET", "/user/shell.json?aircraft_id=one")).status).toBe(422);
    expect((await main("client", "GET", "/user/shell.json?users=nobody")).status).toBe(422);
    expect((await callUpstream(`${up.mainUrl}/user/shell.json`, "GET")).status).toBe(401);
  });
});
