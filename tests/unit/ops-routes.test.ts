// The AeroOPS screens' loaders (issue 13) against the seeded embedded upstream: who sees which
// aircraft, the aircraft screen, and a tab's rows sorted / filtered / paged by the URL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setPortalEnv, startPortal, type Portal } from "../helpers/portal";

setPortalEnv();
type Fn = Parameters<Portal["run"]>[0];
let p: Portal;
const cookies: Record<string, string> = {};
let home: { loader: Fn };
let fleet: { loader: Fn };
let aeroplane: { loader: Fn };
let tab: { loader: Fn };

beforeAll(async () => {
  p = await startPortal();
  home = (await import("~/routes/_shell.Aeroops+/org._index")) as never;
  fleet = (await import("~/routes/_shell.Aeroops+/org.Aircrafts")) as never;
  aeroplane = (await import("~/routes/_shell.client+/Aeroops.aeroplane")) as never;
  tab = (await import("~/routes/_shell.client+/Aeroops.$tabDataId")) as never;
  for (const e of ["client@demo.aero", "reader@demo.aero", "consultant@demo.aero", "admin@demo.aero"]) cookies[e] = await p.signIn(e);
}, 60_000);
afterAll(() => p?.close());

const get = (fn: Fn, url: string, email: string, params: Record<string, string> = {}) => p.run(fn, url, { cookie: cookies[email], params });
type Fleet = { fleet: { aircrafts: { id: number; msn: string; access: string; issue_date: string | null }[]; counts: { total: number }; total: number } };

describe("AeroOPS home and My Fleet", () => {
  it("list the aircraft a client may open in AeroOPS, with counts, levels and the OPS issue date", async () => {
    const res = await get(fleet.loader, "/Aeroops/org/Aircrafts", "client@demo.aero");
    expect(res.status).toBe(200);
    const d = (await res.json()) as Fleet;
    expect(d.fleet.aircrafts.length).toBeGreaterThan(0);
    expect(d.fleet.counts.total).toBe(d.fleet.total);
    expect(d.fleet.aircrafts.some((a) => a.issue_date)).toBe(true);
    const h = (await (await get(home.loader, "/Aeroops/org?module=transition", "client@demo.aero")).json()) as Fleet & { label: string };
    expect(h.label).toBe("AeroSORT");
    expect(h.fleet.total).toBe(d.fleet.total);
  });

  it("show a reader only the aircraft granted to them in AeroOPS, at Read Access", async () => {
    const mine = (await (await get(fleet.loader, "/Aeroops/org/Aircrafts", "reader@demo.aero")).json()) as Fleet;
    const all = (await (await get(fleet.loader, "/Aeroops/org/Aircrafts", "client@demo.aero")).json()) as Fleet;
    expect(mine.fleet.total).toBeLessThan(all.fleet.total);
    expect(mine.fleet.aircrafts.every((a) => a.access === "read")).toBe(true);
  });

  it("filter by status and search by MSN from the URL", async () => {
    const d = (await (await get(fleet.loader, "/Aeroops/org/Aircrafts?q=5123", "client@demo.aero")).json()) as Fleet;
    expect(d.fleet.aircrafts.map((a) => a.msn)).toEqual(["5123"]);
    const g = (await (await get(fleet.loader, "/Aeroops/org/Aircrafts?status=GROUNDED", "client@demo.aero")).json()) as Fleet & { status: string };
    expect(g.status).toBe("GROUNDED");
  });

  it("refuse a consultant (the 401 screen)", async () => {
    const res = await get(fleet.loader, "/Aeroops/org/Aircrafts", "consultant@demo.aero");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toContain("401");
  });
});

describe("the aircraft screen and a tab", () => {
  let id: number;
  beforeAll(async () => {
    const d = (await (await get(fleet.loader, "/Aeroops/org/Aircrafts?q=5123", "client@demo.aero")).json()) as Fleet;
    id = d.fleet.aircrafts[0]!.id;
  });

  it("shows the aircraft's facts and its tabs grouped, with the fixed tabs and the work-order tabs", async () => {
    const res = await get(aeroplane.loader, `/client/Aeroops/aeroplane?org_msn_id=${id}&aerotype=Aeroops`, "client@demo.aero");
    expect(res.status).toBe(200);
    const d = (await res.json()) as { header: { msn: string }; groups: { name: string; tabs: { key: string; href: string }[] }[] };
    expect(d.header.msn).toBe("5123");
    const tabs = d.groups.flatMap((g) => g.tabs);
    expect(tabs.find((t) => t.key === "generalInformation")?.href).toBe(`/client/Aeroops/generalInformation?org_msn_id=${id}&aerotype=Aeroops`);
    expect(tabs.find((t) => t.key === "aircraftwo")?.href).toContain("/client/Aeroops/workorder/aircraftworkorder?");
  });

  it("sends a user who may not open the aircraft away, and a page without an aircraft to My Fleet", async () => {
    const all = (await (await get(fleet.loader, "/Aeroops/org/Aircrafts", "client@demo.aero")).json()) as Fleet;
    const mine = (await (await get(fleet.loader, "/Aeroops/org/Aircrafts", "reader@demo.aero")).json()) as Fleet;
    const other = all.fleet.aircrafts.find((a) => !mine.fleet.aircrafts.some((m) => m.id === a.id))!;
    const refused = await get(aeroplane.loader, `/client/Aeroops/aeroplane?org_msn_id=${other.id}`, "reader@demo.aero");
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/client/home");
    const none = await get(aeroplane.loader, "/client/Aeroops/aeroplane", "client@demo.aero");
    expect(none.headers.get("Location")).toBe("/Aeroops/org/Aircrafts");
  });

  it("pages, sorts by a column of the tab only, and filters a tab's rows from the URL", async () => {
    type Tab = { tab: { tab_id: string }; columns: { name: string; type: string }[]; rows: { data: Record<string, unknown> }[]; total: number; sort_column: string | null; bar: { id: string }[] };
    const url = (q: string) => `/client/Aeroops/generalinformation?org_msn_id=${id}${q}`;
    const base = (await (await get(tab.loader, url(""), "client@demo.aero", { tabDataId: "generalinformation" })).json()) as Tab;
    expect(base.tab.tab_id).toBe("generalInformation");
    expect(base.rows.length).toBeGreaterThan(1);
    expect(base.bar.map((t) => t.id)).toContain("opsNotifications");
    const col = base.columns[0]!.name;
    const desc = (await (await get(tab.loader, url(`&sort_column=${encodeURIComponent(col)}&sort_order=desc`), "client@demo.aero", { tabDataId: "generalinformation" })).json()) as Tab;
    const values = desc.rows.map((r) => String(r.data[col] ?? ""));
    expect(values).toEqual([...values].sort((a, b) => b.localeCompare(a, "en", { numeric: true, sensitivity: "base" })));
    const bogus = (await (await get(tab.loader, url("&sort_column=DROP%20TABLE"), "client@demo.aero", { tabDataId: "generalinformation" })).json()) as Tab;
    expect(bogus.sort_column).toBeNull();
    const needle = String(base.rows[0]!.data[col]);
    const filtered = (await (await get(tab.loader, url(`&filter=${encodeURIComponent(needle)}`), "client@demo.aero", { tabDataId: "generalinformation" })).json()) as Tab;
    expect(filtered.total).toBeGreaterThan(0);
    expect(filtered.total).toBeLessThanOrEqual(base.total);
    const unknown = await get(tab.loader, url(""), "client@demo.aero", { tabDataId: "no-such-tab" });
    expect(unknown.headers.get("Location")).toBe(`/client/Aeroops/aeroplane?org_msn_id=${id}&aerotype=Aeroops`);
  });
});
