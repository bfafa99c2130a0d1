// The AeroOIL screens (issue 15) against the seeded embedded upstream: the oil home's fleet and
// counts, the status dashboard's title (ADR 037) and watched rows, and the tab page's action: a row
// watched and unwatched (the watched-only filter follows), a row added and deleted through
// update_oil_data, a reader's replayed posts refused with the oil API's message and nothing changed,
// and the tab's PDF and Excel through the oil export calls.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setPortalEnv, startPortal, toastOf, type Portal } from "../helpers/portal";

setPortalEnv();
type Fn = Parameters<Portal["run"]>[0];
type Row = { id: number; position: number; watched: boolean; data: Record<string, string | number | null> };
type TabData = { tab: { tab_id: string }; rows: Row[]; total: number; canEdit: boolean; watchedOnly: boolean; columns: { name: string; type: string }[] };

let p: Portal;
const cookies: Record<string, string> = {};
let home: { loader: Fn };
let orgHome: { loader: Fn };
let dashboard: { loader: Fn };
let tab: { loader: Fn; action: Fn };
let exportRoute: { action: Fn };
const ids: Record<string, number> = {};
let TAB = "";
let base = "";

beforeAll(async () => {
  p = await startPortal();
  home = (await import("~/routes/_shell.client+/Aerooil._index")) as never;
  orgHome = (await import("~/routes/_shell+/Aerooil.org")) as never;
  dashboard = (await import("~/routes/_shell.client+/__aerooil-statusdashboard-page.server").then((m) => ({ loader: m.load, action: m.act }))) as never; // server markup: its data (ADR 065)
  tab = (await import("~/routes/_shell.client+/__aerooil-tabdataid-page.server").then((m) => ({ loader: m.load, action: m.act }))) as never; // server markup: its data (ADR 066)
  exportRoute = (await import("~/routes/resources+/ops-export")) as never;
  for (const e of ["client@demo.aero", "reader@demo.aero"]) cookies[e] = await p.signIn(e);
  for (const msn of ["5123", "8842"]) {
    // The oil home's data (its page is server markup, ADR 063).
    const oil = await import("~/models/oil-pages.server");
    const data = async ({ request, context }: { request: Request; context: import("@remix-run/node").AppLoadContext }) => oil.oilFleet((await oil.requireOilUser(request, context)).api, new URL(request.url), 24);
    const f = (await (await p.run(data, `/client/Aerooil?q=${msn}`, { cookie: cookies["client@demo.aero"] })).json()) as { fleet: { aircrafts: { id: number; msn: string }[] } };
    ids[msn] = f.fleet.aircrafts.find((a) => a.msn === msn)!.id;
  }
  const dash = (await (await p.run(dashboard.loader, `/client/Aerooil/statusDashboard?org_msn_id=${ids["5123"]}`, { cookie: cookies["client@demo.aero"] })).json()) as {
    bar: { id: string; name: string }[];
  };
  TAB = dash.bar.find((t) => t.name === "Engine 1 Oil Analysis")!.id;
  base = `/client/Aerooil/${TAB}?org_msn_id=${ids["5123"]}&aerotype=Aerooil`;
}, 60_000);
afterAll(() => p?.close());

const read = async (email = "client@demo.aero", q = "") =>
  (await (await p.run(tab.loader, `${base}${q}`, { cookie: cookies[email], params: { tabDataId: TAB } })).json()) as TabData;
const post = (form: Record<string, string>, email = "client@demo.aero") => p.run(tab.action, base, { cookie: cookies[email], form, params: { tabDataId: TAB } });

describe("the oil home", () => {
  // The page is server markup (ADR 063): a client-side navigation receives its HTML.
  type Loader = typeof home.loader;
  const asNavigation = (fn: Loader): Loader => ((args: Parameters<Loader>[0]) => fn({ ...args, context: { ...args.context, dataRequest: true } })) as Loader;
  const page = async (fn: Loader, path: string, email: string) => {
    const d = (await (await p.run(asNavigation(fn), path, { cookie: cookies[email] })).json()) as { __markup: Record<string, { html: string }> };
    const html = Object.values(d.__markup)[0]!.html;
    const count = (k: string) => Number(new RegExp(`data-count="${k}"[^>]*>(?:<span[^>]*>[^<]*</span>)<span[^>]*>(\\d+)</span>`).exec(html)?.[1] ?? NaN);
    return { html, total: count("total"), grounded: count("grounded"), operational: count("operational"), transitional: count("transitional") };
  };
  it("lists the aircraft opened in AeroOIL with the counts by status, at both URLs", async () => {
    const d = await page(home.loader, "/client/Aerooil", "client@demo.aero");
    expect(d.total).toBeGreaterThan(0);
    expect(d.grounded + d.operational + d.transitional).toBe(d.total);
    expect(d.html).toContain("MSN 5123");
    // /Aerooil/org is a route component: its loader answers the fleet as data.
    const org = (await (await p.run(orgHome.loader, "/Aerooil/org", { cookie: cookies["client@demo.aero"] })).json()) as {
      fleet: { aircrafts: { msn: string }[]; counts: { total: number; grounded: number; operational: number; transitional: number } };
    };
    expect(org.fleet.counts).toEqual({ total: d.total, grounded: d.grounded, operational: d.operational, transitional: d.transitional });
    expect(org.fleet.aircrafts.map((a) => a.msn)).toContain("5123");
    expect((await page(home.loader, "/client/Aerooil", "reader@demo.aero")).total).toBe(4);
  });
});

describe("the status dashboard", () => {
  it("is Status Overview for an OIL issue date before 2024-08-19 and Status Dashboard after", async () => {
    const old = (await (await p.run(dashboard.loader, `/client/Aerooil/statusDashboard?org_msn_id=${ids["5123"]}&aerotype=Aerooil`, { cookie: cookies["client@demo.aero"] })).json()) as {
      title: string;
      header: { oil_issue_date: string };
      counts: { total: number };
      attention: { tab_id: string; total: number; rows: unknown[] }[];
      bar: { id: string }[];
    };
    expect(old.header.oil_issue_date).toBe("2024-03-15");
    expect(old.title).toBe("Status Overview");
    expect(old.counts.total).toBeGreaterThan(0);
    expect(old.attention.length).toBeGreaterThan(0);
    expect(old.attention.every((t) => t.total > 0 && t.rows.length > 0)).toBe(true);
    expect(old.bar.map((t) => t.id)).toEqual(expect.arrayContaining(["statusDashboard", "generalInformation", "abclisting", TAB]));
    const recent = (await (await p.run(dashboard.loader, `/client/Aerooil/statusDashboard?org_msn_id=${ids["8842"]}`, { cookie: cookies["client@demo.aero"] })).json()) as { title: string };
    expect(recent.title).toBe("Status Dashboard");
  });

  it("sends a page without an aircraft to the oil home", async () => {
    const res = await p.run(dashboard.loader, "/client/Aerooil/statusDashboard", { cookie: cookies["client@demo.aero"] });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/Aerooil/org");
  });
});

describe("an oil tab", () => {
  it("opens the fixed tabs by their URL names and sends the status tab to the dashboard", async () => {
    for (const id of ["generalinformation", "abclisting"]) {
      const res = await p.run(tab.loader, `/client/Aerooil/${id}?org_msn_id=${ids["5123"]}`, { cookie: cookies["client@demo.aero"], params: { tabDataId: id } });
      expect(res.status).toBe(200);
    }
    const res = await p.run(tab.loader, `/client/Aerooil/statusDashboard?org_msn_id=${ids["5123"]}`, { cookie: cookies["client@demo.aero"], params: { tabDataId: "statusDashboard" } });
    expect(res.status).toBe(302);
  });

  it("watches and unwatches a row; the watched-only filter follows", async () => {
    const d = await read();
    expect(d.canEdit).toBe(true);
    expect(d.columns.some((c) => c.type === "watch_unwatch")).toBe(false);
    const row = d.rows.find((r) => !r.watched)!;
    const watched = await post({ intent: "watch", id: String(row.id), watched: "1" });
    expect(watched.status).toBe(302);
    expect((await toastOf(watched))?.description).toBe("The row is now watched.");
    const only = await read("client@demo.aero", "&watched_only=1");
    expect(only.watchedOnly).toBe(true);
    expect(only.rows.every((r) => r.watched)).toBe(true);
    expect(only.rows.some((r) => r.id === row.id)).toBe(true);
    // A replayed post asks for the same state: nothing flips back.
    await post({ intent: "watch", id: String(row.id), watched: "1" });
    expect((await read()).rows.find((r) => r.id === row.id)!.watched).toBe(true);
    const unwatched = await post({ intent: "watch", id: String(row.id), watched: "0" });
    expect((await toastOf(unwatched))?.description).toBe("The row is no longer watched.");
    expect((await read("client@demo.aero", "&watched_only=1")).rows.some((r) => r.id === row.id)).toBe(false);
  });

  it("adds a row and deletes it through the oil calls", async () => {
    const before = await read();
    const added = await post({ intent: "save-row", "cell:Serial No": "OIL-TEST-1", "cell:Fe ppm": "2.5", "cell:Sample Date": "2026-11-01" });
    expect(added.status).toBe(302);
    expect((await toastOf(added))?.description).toBe("Row added.");
    const found = (await read("client@demo.aero", "&filter=OIL-TEST-1")).rows[0]!;
    expect(found.data["Fe ppm"]).toBe(2.5);
    const bad = await post({ intent: "save-row", id: String(found.id), "cell:Fe ppm": "lots" });
    expect(bad.status).toBe(422);
    const del = await post({ intent: "delete-rows", ids: String(found.id) });
    expect((await toastOf(del))?.description).toBe("1 row deleted.");
    expect((await read()).total).toBe(before.total);
  });

  it("gives a reader no toggle state and refuses a replayed watch post with the oil API's message", async () => {
    const reader = await read("reader@demo.aero");
    expect(reader.canEdit).toBe(false);
    const row = reader.rows.find((r) => !r.watched)!;
    const res = await post({ intent: "watch", id: String(row.id), watched: "1" }, "reader@demo.aero");
    expect(res.status).toBe(422);
    const body = (await res.json()) as { intent: string; id: number; error: string };
    expect(body.intent).toBe("watch");
    expect(body.error).toMatch(/Read Access/);
    expect((await read()).rows.find((r) => r.id === row.id)!.watched).toBe(false);
    const add = await post({ intent: "save-row", "cell:Serial No": "reader was here" }, "reader@demo.aero");
    expect(add.status).toBe(422);
    expect((await read("client@demo.aero", "&filter=reader%20was%20here")).total).toBe(0);
  });
});

describe("oil exports", () => {
  it("answers the tab as PDF and Excel from the oil calls", async () => {
    for (const [kind, type] of [
      ["pdf", "application/pdf"],
      ["excel", "spreadsheetml"],
    ] as const) {
      const res = await p.run(exportRoute.action, "/resources/ops-export", {
        cookie: cookies["client@demo.aero"],
        form: { kind, product: "oil", org_msn_id: String(ids["5123"]), tab_id: TAB, back: base },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toContain(type);
      expect(res.headers.get("Content-Disposition")).toContain("5123");
    }
  });
});
