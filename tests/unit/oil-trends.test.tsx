// AeroOIL trends, alert limits, oil ↔ ops links and the dashboard's PNG and share (issue 15 items 2, 4,
// 5; ADR 048, 049): the pages' loaders and actions against the seeded embedded upstream, and the
// trend chart's SVG.
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TrendChart } from "~/components/svg-chart/trend-chart";
import { trendColumn } from "~/models/oil-rules";
import { setPortalEnv, startPortal, toastOf, type Portal } from "../helpers/portal";

setPortalEnv();
type Fn = Parameters<Portal["run"]>[0];
type Row = { id: number; data: Record<string, string | number | null> };
type TabData = {
  rows: Row[];
  trend: { column: string; columns: string[] } | null;
  limits: { list: { column_name: string; limit: number }[]; canSet: boolean; crossings: { rows: number; by_column: Record<string, number> } } | null;
  over: Record<string, string[]>;
  opsLinks: Record<string, { label: string; href: string }[]> | null;
};

let p: Portal;
const cookies: Record<string, string> = {};
let dashboard: { loader: Fn; action: Fn };
let tab: { loader: Fn; action: Fn };
let opsTab: { loader: Fn };
let png: { loader: Fn };
const ids: Record<string, number> = {};
let APU = "";

beforeAll(async () => {
  p = await startPortal();
  dashboard = (await import("~/routes/_shell.client+/Aerooil.statusDashboard")) as never;
  tab = (await import("~/routes/_shell.client+/Aerooil.$tabDataId")) as never;
  opsTab = (await import("~/routes/_shell.client+/Aeroops.$tabDataId")) as never;
  png = (await import("~/routes/resources+/oil-dashboard-png")) as never;
  for (const e of ["client@demo.aero", "reader@demo.aero", "emma.clarke@skyline.demo.aero"]) cookies[e] = await p.signIn(e);
  const db = p.up.upstream.deps.db;
  for (const a of await db.selectFrom("aircraft").select(["id", "msn"]).execute()) ids[a.msn] = a.id;
  const dash = (await (await p.run(dashboard.loader, `/client/Aerooil/statusDashboard?org_msn_id=${ids["5123"]}`, { cookie: cookies["client@demo.aero"] })).json()) as {
    bar: { id: string; name: string }[];
  };
  APU = dash.bar.find((t) => t.name === "APU Oil Analysis")!.id;
}, 60_000);
afterAll(() => p?.close());

const url = (q = "") => `/client/Aerooil/${APU}?org_msn_id=${ids["5123"]}&aerotype=Aerooil${q}`;
const read = async (email: string, q = "", tabId = APU) =>
  (await (await p.run(tab.loader, url(q).replace(APU, tabId), { cookie: cookies[email], params: { tabDataId: tabId } })).json()) as TabData;
const post = (email: string, form: Record<string, string>) => p.run(tab.action, url(), { cookie: cookies[email], form, params: { tabDataId: APU } });

describe("an oil tab's trend and alert limits", () => {
  it("shows the seeded limits and flags exactly the page's cells above them", async () => {
    const d = await read("client@demo.aero");
    expect(d.trend).toMatchObject({ column: "Fe ppm", columns: ["Hours Since Oil Change", "Fe ppm", "Cu ppm", "Ag ppm"] });
    expect(d.limits?.canSet).toBe(false);
    const fe = d.rows.filter((r) => typeof r.data["Fe ppm"] === "number" && (r.data["Fe ppm"] as number) > 7).map((r) => String(r.id));
    expect(fe.length).toBeGreaterThan(0);
    expect(Object.keys(d.over).sort()).toEqual(fe.sort());
    expect(Object.values(d.over).every((cols) => cols.join() === "Fe ppm")).toBe(true);
    expect(d.limits?.crossings.by_column["Fe ppm"]).toBe(fe.length);
    expect((await read("client@demo.aero", "&trend=Cu+ppm")).trend?.column).toBe("Cu ppm");
    expect((await read("client@demo.aero", "&trend=Result")).trend?.column).toBe("Fe ppm");
  });

  it("a client with Edit Access and a reader are refused; the Super User sets and removes a limit", async () => {
    for (const who of ["client@demo.aero", "reader@demo.aero"]) {
      const res = await post(who, { intent: "set-limit", column_name: "Cu ppm", limit: "0.5" });
      expect(res.status).toBe(422);
      expect(((await res.json()) as { error: string }).error).toMatch(/Only a Super User can do this\.$/);
    }
    expect((await read("client@demo.aero")).limits?.list.find((l) => l.column_name === "Cu ppm")?.limit).toBe(1.5);
    const blank = await post("emma.clarke@skyline.demo.aero", { intent: "set-limit", column_name: "Cu ppm", limit: " " });
    expect(blank.status).toBe(400);
    const bad = await post("emma.clarke@skyline.demo.aero", { intent: "set-limit", column_name: "Cu ppm", limit: "-2" });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { error: string }).error).toBe("The limit cannot be negative.");

    const set = await post("emma.clarke@skyline.demo.aero", { intent: "set-limit", column_name: "Cu ppm", limit: "0,5" });
    expect(set.status).toBe(302);
    expect(set.headers.get("Location")).toMatch(/#limits$/);
    expect((await toastOf(set))?.description).toBe("The alert limit of Cu ppm is now 0.5: rows above it are flagged.");
    const d = await read("reader@demo.aero");
    const cu = d.rows.filter((r) => (r.data["Cu ppm"] as number) > 0.5).length;
    expect(d.limits?.crossings.by_column["Cu ppm"]).toBe(cu);
    expect(Object.values(d.over).filter((c) => c.includes("Cu ppm"))).toHaveLength(cu);

    const back = await post("emma.clarke@skyline.demo.aero", { intent: "set-limit", column_name: "Cu ppm", limit: "1.5" });
    expect(back.status).toBe(302);
    const cleared = await post("emma.clarke@skyline.demo.aero", { intent: "clear-limit", column_name: "Ag ppm" });
    expect((await toastOf(cleared))?.description).toBe("The alert limit of Ag ppm was removed.");
  });
});

describe("links between oil and ops rows", () => {
  it("an oil row lists its ops rows, each opening the ops tab filtered at the row, and back", async () => {
    const d = await read("client@demo.aero", "", "abclisting");
    const [rowId, links] = Object.entries(d.opsLinks ?? {})[0]!;
    expect(links[0]!.href).toMatch(new RegExp(`^/client/Aeroops/tab-\\d+\\?org_msn_id=${ids["5123"]}&aerotype=Aeroops&filter=[^&#]+#row-\\d+$`));
    const target = new URL(links[0]!.href, "http://x");
    const opsId = target.pathname.split("/").pop()!;
    const ops = (await (await p.run(opsTab.loader, target.pathname + target.search, { cookie: cookies["client@demo.aero"], params: { tabDataId: opsId } })).json()) as {
      rows: { id: number }[];
      oilLinks: Record<string, { href: string }[]> | null;
    };
    const opsRow = target.hash.slice("#row-".length);
    expect(ops.rows.map((r) => String(r.id))).toContain(opsRow);
    expect(ops.oilLinks?.[opsRow]?.some((l) => l.href.endsWith(`#row-${rowId}`))).toBe(true);
  });
});

describe("the status dashboard", () => {
  it("counts the rows above alert limits per tab", async () => {
    const d = (await (await p.run(dashboard.loader, `/client/Aerooil/statusDashboard?org_msn_id=${ids["5123"]}`, { cookie: cookies["reader@demo.aero"] })).json()) as {
      crossings: { tab_id: string; rows: number }[];
      byTab: { tab_id: string; over: number }[];
    };
    const apu = (await read("reader@demo.aero")).limits!.crossings.rows;
    expect(d.crossings.find((t) => t.tab_id === APU)?.rows).toBe(apu);
    expect(d.byTab.find((t) => t.tab_id === APU)?.over).toBe(apu);
  });

  it("downloads as a PNG drawn on the server; an aircraft the user may not read is refused with a message", async () => {
    const res = await p.run(png.loader, `/resources/oil-dashboard-png?org_msn_id=${ids["5123"]}`, { cookie: cookies["reader@demo.aero"] });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="5123_AeroOIL_Status_Overview_\d{4}-\d{2}-\d{2}\.png"; filename\*=UTF-8''5123_AeroOIL_Status_Overview_\d{4}-\d{2}-\d{2}\.png$/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(1, 4).toString("ascii")).toBe("PNG");
    expect(bytes.readUInt32BE(16)).toBe(1200);
    const refused = await p.run(png.loader, `/resources/oil-dashboard-png?org_msn_id=${ids["41230"]}`, { cookie: cookies["reader@demo.aero"] });
    // The upstream's 404 for an aircraft the user may not see: the client's answer handling sends
    // the user away with its message (spec 001 §8), no image.
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Content-Type") ?? "").not.toContain("image/png");
    expect((await toastOf(refused))?.type).toBe("error");
  });

  it("shares a link by e-mail; bad addresses are refused and nothing is sent", async () => {
    const path = `/client/Aerooil/statusDashboard?org_msn_id=${ids["5123"]}&dialog=share`;
    const outbox = () => p.up.upstream.deps.db.selectFrom("mail_outbox").select("id").where("to_address", "like", "%@share.test").execute();
    const bad = await p.run(dashboard.action, path, { cookie: cookies["reader@demo.aero"], form: { intent: "share", emails: "a@share.test, nope" } });
    expect(bad.status).toBe(422);
    expect(await outbox()).toHaveLength(0);
    const ok = await p.run(dashboard.action, path, { cookie: cookies["reader@demo.aero"], form: { intent: "share", emails: "a@share.test" } });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe(`/client/Aerooil/statusDashboard?org_msn_id=${ids["5123"]}&aerotype=Aerooil`);
    expect((await toastOf(ok))?.description).toBe("The status dashboard was shared with a@share.test.");
    expect(await outbox()).toHaveLength(1);
  });
});

describe("the trend chart", () => {
  it("draws the limit and every sample above it, and says so in words", () => {
    const html = renderToStaticMarkup(
      <TrendChart
        title="Fe ppm, Serial No 1"
        column="Fe ppm"
        limit={7}
        points={[
          { date: "2026-01-01", value: 3 },
          { date: "2026-02-01", value: 7 },
          { date: "2026-03-01", value: 7.5 },
          { date: "2026-04-01", value: 9 },
        ]}
      />
    );
    // Drawn twice (desktop and phone): each drawing has one limit line and two points above it.
    expect(html.match(/data-limit="7"/g)).toHaveLength(2);
    expect(html.match(/data-over=""/g)).toHaveLength(4);
    expect(html).toContain("4 samples of Fe ppm from 1 Jan 2026 to 1 Apr 2026; latest 9; alert limit 7, 2 samples above it.");
    expect(html.match(/above the limit/g)?.length).toBeGreaterThanOrEqual(2);
  });

  it("chooses the URL's column, else one with a limit, else a ppm column", () => {
    const t = { numeric_columns: ["Hours", "Fe ppm", "Cu ppm"], limits: [] as { column_name: string }[] };
    expect(trendColumn(t as never, "Cu ppm")).toBe("Cu ppm");
    expect(trendColumn(t as never, "Nope")).toBe("Fe ppm");
    expect(trendColumn({ ...t, limits: [{ column_name: "Cu ppm" }] } as never, null)).toBe("Cu ppm");
    expect(trendColumn({ numeric_columns: [], limits: [] } as never, null)).toBeNull();
  });
});

describe("links only for users who may read the other product", () => {
  const link = { oil_tab_id: "abclisting", oil_row_id: 1, ops_tab_id: "tab-2", ops_tab_name: "Landing Gear", ops_row_id: 3, match_column: "Serial No", value: "SN 1" };
  it("an oil tab shows no AeroOPS links without ops access, and at most one link per ops row", async () => {
    const { oilRowLinksOf, opsRowLinksOf } = await import("~/models/oil-links.server");
    // An oil tab page's links come with its rows (get_tab_page), each naming its ops tab.
    expect(oilRowLinksOf({ links: [link], ops_access: false, oil_access: true, tab_names: {} }, 9)).toBeNull();
    const shown = oilRowLinksOf({ links: [link, { ...link, match_column: "Part No" }], ops_access: true, oil_access: true, tab_names: {} }, 9);
    expect(shown).toEqual({ "1": [{ label: "Landing Gear", title: "Serial No SN 1", href: "/client/Aeroops/tab-2?org_msn_id=9&aerotype=Aeroops&filter=SN+1#row-3" }] });
    // An ops tab page's links come with its rows (get_tab_page), the oil tabs' names beside them.
    expect(opsRowLinksOf({ links: [link], ops_access: true, oil_access: false, tab_names: {} }, 9)).toBeNull();
    expect(opsRowLinksOf({ links: [link], ops_access: true, oil_access: true, tab_names: {} }, 9)).toEqual({
      "3": [{ label: "abclisting", title: "Serial No SN 1", href: "/client/Aerooil/abclisting?org_msn_id=9&aerotype=Aerooil&filter=SN+1#row-1" }],
    });
    expect(opsRowLinksOf({ links: [link], ops_access: true, oil_access: true, tab_names: { abclisting: "Oil listing" } }, 9)?.["3"]?.[0]?.label).toBe("Oil listing");
  });
});
