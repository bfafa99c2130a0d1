// Contract tests of AeroOIL trends, alert limits and the dashboard's share (docs/api/ops.md "Oil trends
// and alert limits", ADR 048) over HTTP against the seeded embedded upstream.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { startTestUpstream, upstreamFetch, type TestUpstream } from "../helpers/upstream";
import { ApiErrorAnswer, ListTabsAnswer, TabDataAnswer } from "../../app/models/schemas/ops";
import { OilLimitsAnswer, OilTrendAnswer, SetOilLimitAnswer, ShareOilDashboardAnswer, StatusDashboardAnswer } from "../../app/models/schemas/oil-limits";

let up: TestUpstream;
const H: Record<string, Record<string, string>> = {};
const call = (who: string, path: string, body?: unknown) => upstreamFetch(`${up.opsUrl}${path}`, "POST", H[who], body);
async function ok<S extends z.ZodTypeAny>(schema: S, who: string, path: string, body?: unknown): Promise<z.infer<S>> {
  const res = await call(who, path, body);
  const json = await res.json();
  expect(res.status, `${path}: ${JSON.stringify(json)}`).toBe(200);
  return schema.parse(json);
}
async function fails(status: number, who: string, path: string, body?: unknown) {
  const res = await call(who, path, body);
  const json = await res.json();
  expect(res.status, `${path}: ${JSON.stringify(json)}`).toBe(status);
  return ApiErrorAnswer.parse(json);
}

const SKY = { organization: "skyline", msn_id: "5123" };
const SKY_OTHER = { organization: "skyline", msn_id: "41230" }; // reader has no access
let engineTab = "";

beforeAll(async () => {
  up = await startTestUpstream();
  for (const [k, e] of Object.entries({ admin: "admin@demo.aero", client: "client@demo.aero", reader: "reader@demo.aero", emma: "emma.clarke@skyline.demo.aero" })) H[k] = await up.signIn(e);
  const { tabs } = await ok(ListTabsAnswer, "client", "/v1/oil_tab_info/list_tabs.json", SKY);
  engineTab = tabs.find((t) => t.tab_name === "Engine 1 Oil Analysis")!.tab_id;
});
afterAll(async () => {
  await up?.close();
});

describe("oil trends and alert limits", () => {
  it("reads the seeded limits and counts the rows above them", async () => {
    const l = await ok(OilLimitsAnswer, "reader", "/v1/oil_data/get_oil_limits.json", { ...SKY, tab_id: engineTab });
    expect(l.date_column).toBe("Sample Date");
    expect(l.series_column).toBe("Serial No");
    expect(l.numeric_columns).toEqual(["Hours Since Oil Change", "Fe ppm", "Cu ppm", "Ag ppm"]);
    expect(l.limits.map((x) => [x.column_name, x.limit])).toEqual([["Fe ppm", 7], ["Cu ppm", 1.5]]);
    expect(l.can_set).toBe(false);
    expect(Object.keys(l.crossings.by_column)).toEqual(["Fe ppm", "Cu ppm"]);
    const su = await ok(OilLimitsAnswer, "emma", "/v1/oil_data/get_oil_limits", { ...SKY, tab_id: engineTab });
    expect(su.can_set).toBe(true);
    expect((await ok(OilLimitsAnswer, "admin", "/v1/oil_data/get_oil_limits", { ...SKY, tab_id: engineTab })).can_set).toBe(true);
    expect((await ok(OilLimitsAnswer, "client", "/v1/oil_data/get_oil_limits", { ...SKY, tab_id: engineTab })).can_set).toBe(false);
    await fails(404, "reader", "/v1/oil_data/get_oil_limits", { ...SKY_OTHER, tab_id: engineTab });
    await fails(404, "reader", "/v1/oil_data/get_oil_limits", { ...SKY, tab_id: "no-such-tab" });
  });

  it("answers the status dashboard in one call, as the per-tab calls it replaces answer", async () => {
    const d = await ok(StatusDashboardAnswer, "reader", "/v1/oil_data/get_status_dashboard.json", { ...SKY, watched_per_tab: 5, status_per_page: 50 });
    const { tabs } = await ok(ListTabsAnswer, "reader", "/v1/oil_tab_info/list_tabs.json", SKY);
    const status = await ok(TabDataAnswer, "reader", "/v1/oil_data/get_tab_data.json", { ...SKY, tab_id: "statusDashboard", page: 1, per_page: 50 });
    expect(d.status?.rows).toEqual(status.rows);
    expect(d.status?.total).toBe(status.total);
    const stored = tabs.filter((t) => t.tab_id !== "statusDashboard" && t.source === "stored");
    expect(d.tabs.map((t) => t.tab.tab_id)).toEqual(stored.map((t) => t.tab_id));
    for (const t of d.tabs) {
      const watched = await ok(TabDataAnswer, "reader", "/v1/oil_data/get_tab_data.json", { ...SKY, tab_id: t.tab.tab_id, page: 1, per_page: 5, watched_only: true });
      expect(t.watched.rows).toEqual(watched.rows);
      expect(t.watched.total).toBe(watched.total);
      expect(t.columns).toEqual(watched.columns);
      if (t.limits) expect(t.limits).toEqual(await ok(OilLimitsAnswer, "reader", "/v1/oil_data/get_oil_limits.json", { ...SKY, tab_id: t.tab.tab_id }));
    }
    expect(d.tabs.find((t) => t.tab.tab_id === engineTab)?.limits?.limits.map((x) => x.column_name)).toEqual(["Fe ppm", "Cu ppm"]);
    // The caller's access is checked as on every oil read; the sizes are bounded.
    await fails(404, "reader", "/v1/oil_data/get_status_dashboard.json", SKY_OTHER);
    await fails(422, "reader", "/v1/oil_data/get_status_dashboard.json", { ...SKY, watched_per_tab: 1000 });
  });

  it("draws the status dashboard as a PNG with the same access check (ADR 049)", async () => {
    const res = await call("reader", "/v1/oil_data/status_dashboard_png.json", SKY);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="5123_AeroOIL_Status_Overview_\d{4}-\d{2}-\d{2}\.png"/);
    const png = new DataView(await res.arrayBuffer());
    expect([png.getUint32(0), png.getUint32(4)]).toEqual([0x89504e47, 0x0d0a1a0a]);
    expect(png.getUint32(16)).toBe(1200); // the IHDR's width
    // Refused as the dashboard is, with a file endpoint's answer (no image).
    const refused = await call("reader", "/v1/oil_data/status_dashboard_png.json", SKY_OTHER);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ Message: { error: expect.any(String) } });
    await fails(422, "reader", "/v1/oil_data/status_dashboard_png.json", { ...SKY, watched_per_tab: 1000 });
  });

  it("gives the trend per serial in date order, values as numbers", async () => {
    const t = await ok(OilTrendAnswer, "reader", "/v1/oil_data/get_oil_trend.json", { ...SKY, tab_id: engineTab });
    expect(t.series).toHaveLength(1);
    const pts = t.series[0]!.points;
    expect(pts.length).toBeGreaterThan(10);
    expect(pts.map((p) => p.date)).toEqual([...pts.map((p) => p.date)].sort());
    expect(typeof pts[0]!.values["Fe ppm"]).toBe("number");
    expect(t.truncated).toBe(false);
    // A tab without a date column has no trend (nothing to plot) but answers.
    const abc = await ok(OilTrendAnswer, "reader", "/v1/oil_data/get_oil_trend", { ...SKY, tab_id: "abclisting" });
    expect(abc.date_column).toBeNull();
    expect(abc.series).toEqual([]);
  });

  it("a Super User or staff sets and clears a limit; the crossings follow; others are refused and nothing changes", async () => {
    const before = await ok(OilLimitsAnswer, "reader", "/v1/oil_data/get_oil_limits", { ...SKY, tab_id: engineTab });
    const refused = await fails(422, "reader", "/v1/oil_data/set_oil_limit", { ...SKY, tab_id: engineTab, column_name: "Fe ppm", limit: 0 });
    expect(refused.error).toMatch(/Read Access.*Only a Super User/);
    const client = await fails(422, "client", "/v1/oil_data/set_oil_limit", { ...SKY, tab_id: engineTab, column_name: "Fe ppm", limit: 0 });
    expect(client.error).toMatch(/Edit Access.*Only a Super User/);
    await fails(404, "emma", "/v1/oil_data/set_oil_limit", { organization: "nordic", msn_id: "1" , tab_id: engineTab, column_name: "Fe ppm", limit: 1 });
    expect((await fails(422, "emma", "/v1/oil_data/set_oil_limit", { ...SKY, tab_id: engineTab, column_name: "Serial No", limit: 1 })).error).toMatch(/not a number column/);
    expect((await fails(422, "emma", "/v1/oil_data/set_oil_limit", { ...SKY, tab_id: engineTab, column_name: "Fe ppm", limit: "lots" })).errors?.limit?.[0]).toMatch(/as a number/);
    expect((await fails(422, "emma", "/v1/oil_data/set_oil_limit", { ...SKY, tab_id: engineTab, column_name: "Fe ppm", limit: -1 })).errors?.limit?.[0]).toMatch(/negative/);
    expect(await ok(OilLimitsAnswer, "reader", "/v1/oil_data/get_oil_limits", { ...SKY, tab_id: engineTab })).toEqual(before);

    // Every row has Ag ppm >= 0: a limit just below the smallest value flags them all.
    const set = await ok(SetOilLimitAnswer, "emma", "/v1/oil_data/set_oil_limit.json", { ...SKY, tab_id: engineTab, column_name: "ag PPM", limit: "-0" });
    expect(set.limit).toMatchObject({ column_name: "Ag ppm", limit: 0, set_by: expect.any(String) });
    const trend = await ok(OilTrendAnswer, "reader", "/v1/oil_data/get_oil_trend", { ...SKY, tab_id: engineTab });
    const abovePoints = trend.series[0]!.points.filter((p) => (p.values["Ag ppm"] ?? 0) > 0).length;
    const after = await ok(OilLimitsAnswer, "reader", "/v1/oil_data/get_oil_limits", { ...SKY, tab_id: engineTab });
    expect(after.crossings.by_column["Ag ppm"]).toBe(abovePoints);
    expect(after.crossings.rows).toBeGreaterThanOrEqual(abovePoints);
    const cleared = await ok(SetOilLimitAnswer, "admin", "/v1/oil_data/set_oil_limit", { ...SKY, tab_id: engineTab, column_name: "Ag ppm", limit: "" });
    expect(cleared.limit).toBeNull();
    expect(await ok(OilLimitsAnswer, "reader", "/v1/oil_data/get_oil_limits", { ...SKY, tab_id: engineTab })).toEqual(before);
  });

  it("shares the status dashboard by mail (a link to the portal page), read access is enough", async () => {
    const res = await ok(ShareOilDashboardAnswer, "reader", "/v1/oil_data/share_status_dashboard.json", { ...SKY, emails: "x@example.test, y@example.test" });
    expect(res.emailed).toEqual(["x@example.test", "y@example.test"]);
    expect(res.url).toMatch(/\/client\/Aerooil\/statusDashboard\?org_msn_id=\d+&aerotype=Aerooil$/);
    const mails = await up.upstream.deps.db.selectFrom("mail_outbox").selectAll().where("to_address", "in", ["x@example.test", "y@example.test"]).execute();
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toBe("AeroOIL status dashboard of MSN 5123 (EI-FSK)");
    expect(mails[0]!.text).toContain(res.url);
    expect((await fails(422, "reader", "/v1/oil_data/share_status_dashboard", { ...SKY, emails: "" })).errors?.emails?.[0]).toMatch(/at least one/);
    await fails(404, "reader", "/v1/oil_data/share_status_dashboard", { ...SKY_OTHER, emails: "x@example.test" });
  });
});
