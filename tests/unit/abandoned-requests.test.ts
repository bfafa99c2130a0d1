// A browser that goes away before its page is answered: Remix's adapter aborts the request's signal
// (the connection closed before the answer was written), and that signal rides on every upstream
// call the page's loaders make (app/models/api.server.ts). A call not yet made is then not made, and
// the in-process APIs (upstream/index.ts) stop a call under way from being waited for, as fetch()
// does for a remote API. Checked on an AeroOIL tab page, whose loader calls in two rounds.
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setPortalEnv, startPortal, type Portal } from "../helpers/portal";
import type { UpstreamFetch } from "~/utils/context";

setPortalEnv();
type Fn = Parameters<Portal["run"]>[0];
let p: Portal;
let cookie: string;
let tab: { loader: Fn };
let aircraftId: number;
let analysisTab: string;

beforeAll(async () => {
  p = await startPortal();
  cookie = await p.signIn("client@demo.aero");
  tab = (await import("~/routes/_shell.client+/Aerooil.$tabDataId")) as never;
  const db = p.up.upstream.deps.db;
  aircraftId = (await db.selectFrom("aircraft").select("id").where("msn", "=", "5123").executeTakeFirstOrThrow()).id;
  // A tab of numbers and dates: its limits and trend come in a second round, once the rows are known.
  analysisTab = (await db.selectFrom("tabs").select("tab_key").where("aircraft_id", "=", aircraftId).where("product", "=", "oil").where("tab_name", "=", "Engine 1 Oil Analysis").executeTakeFirstOrThrow()).tab_key;
}, 60_000);
afterAll(() => p?.close());

/** The portal's context with APIs that record each call reaching them, and tell `answered` when one has its answer. */
function recording(answered: () => void = () => {}) {
  const calls: string[] = [];
  const wrap =
    (api: UpstreamFetch): UpstreamFetch =>
    async (req, meta) => {
      calls.push(`${req.method} ${new URL(req.url).pathname}`);
      const res = await api(req, meta);
      answered();
      return res;
    };
  const { main, ops } = p.context.upstream;
  const context = { ...p.context, upstream: { ...p.context.upstream, main: wrap(main), ops: wrap(ops) }, requestScope: {} } as AppLoadContext;
  return { calls, context };
}

describe("a page whose browser went away", () => {
  it("makes none of the calls it had still to make, and stops waiting for those under way", async () => {
    const url = `/client/Aerooil/${analysisTab}?org_msn_id=${aircraftId}&aerotype=Aerooil`;
    const params = { tabDataId: analysisTab };
    const whole = recording();
    await tab.loader({ request: p.request(url, { cookie }), context: whole.context, params });
    // The tab page (header, tabs, rows and their links to AeroOPS rows) and its linked documents,
    // then its limits and trend (a tab of numbers and dates).
    expect(whole.calls.slice(0, 2)).toEqual(["POST /v1/oil_data/get_tab_page.json", `GET /storage/v2/aircraft/${aircraftId}/link_counts.json`]);
    expect([...whole.calls.slice(2)].sort()).toEqual(["POST /v1/oil_data/get_oil_limits.json", "POST /v1/oil_data/get_oil_trend.json"]);

    // The browser goes away as the first answer arrives: the first round's other call is under way.
    const controller = new AbortController();
    const gone = recording(() => controller.abort());
    const request = new Request(p.request(url, { cookie }), { signal: controller.signal });
    await expect(tab.loader({ request, context: gone.context, params })).rejects.toMatchObject({ name: "AbortError" });
    expect(gone.calls).toEqual(whole.calls.slice(0, 2));
  });

  it("the in-process APIs run no handler for a call already abandoned, and give up one under way", async () => {
    const headers = await p.up.signIn("client@demo.aero");
    const base = "http://upstream.internal";
    const unread = async () => ((await (await p.up.upstream.main(new Request(`${base}/user/notifications.json`, { headers }))).json()) as { unread: number }).unread;
    const before = await unread();
    expect(before).toBeGreaterThan(0);
    const post = (path: string, signal: AbortSignal) =>
      new Request(`${base}${path}`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: "{}", signal });
    // Already abandoned: refused before the handler runs (nothing is marked read).
    await expect(p.up.upstream.main(post("/user/notifications/read.json", AbortSignal.abort()))).rejects.toMatchObject({ name: "AbortError" });
    expect(await unread()).toBe(before);
    // Abandoned while under way: the caller stops waiting.
    const controller = new AbortController();
    const pending = p.up.upstream.ops(post("/v1/ops_tab_info/fleet_tabs.json", controller.signal));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });
});
