import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { expectConsoleError } from "../setup/console-guard";

beforeAll(() => {
  process.env.SESSION_SECRET ??= "unit-test-session-secret-0123456789abcdef";
  process.env.CLIENT_UUID ??= "00000000-unit-4000-8000-000000000000";
});

type Call = { url: string; method: string; headers: Headers; body: string; clientIp: string | null | undefined };

async function setup(answer: (req: Request) => Response | Promise<Response>, user = true) {
  const { Api } = await import("~/models/api.server");
  const calls: Call[] = [];
  const record = async (req: Request, meta?: { clientIp: string | null }) => {
    calls.push({ url: req.url, method: req.method, headers: req.headers, body: await req.clone().text(), clientIp: meta?.clientIp });
    return answer(req);
  };
  const api = new Api({
    request: new Request("http://portal.test/storage/overview?x=1"),
    upstream: { main: record, ops: record, blob: record },
    clientIp: "203.0.113.9",
    user: user ? { id: 1, email: "client@demo.aero", role: "client", username: "Client", first_name: "C" } : null,
    token: user ? "secret-token" : null,
  });
  return { api, calls };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

async function thrown(p: Promise<unknown>): Promise<Response> {
  try {
    await p;
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
  throw new Error("expected a thrown Response");
}

describe("the upstream client (spec section 8)", () => {
  it("sends the three auth headers, and the client address beside the request (never as a header)", async () => {
    const { api, calls } = await setup(() => json({ ok: true }));
    await api.get("main", "/storage/v2/aircraft.json", { query: { organization: "skyline", empty: "" } });
    expect(calls[0].url).toBe("http://upstream.internal/storage/v2/aircraft.json?organization=skyline");
    expect(calls[0].headers.get("x-user-email")).toBe("client@demo.aero");
    expect(calls[0].headers.get("x-user-token")).toBe("secret-token");
    expect(calls[0].headers.get("x-user-uuid")).toBe(process.env.CLIENT_UUID);
    expect(calls[0].clientIp).toBe("203.0.113.9");
    expect(calls[0].headers.get("x-client-ip")).toBeNull();
  });

  it("turns message/messages into a success message with <br> as newlines", async () => {
    const { api } = await setup(() => json({ messages: ["Saved.<br>Indexed 3 files.", "Done"] }));
    const r = await api.post("main", "/x.json", { json: {} });
    expect(r).toMatchObject({ ok: true, message: "Saved.\nIndexed 3 files.\nDone" });
  });

  it("answers a 422 as an error result without reporting it", async () => {
    const { api, calls } = await setup(() => json({ error: "You have Read Access.", errors: { dir: ["bad"] } }, 422));
    const r = await api.post("main", "/storage/v2/folders.json", { json: {} });
    expect(r).toMatchObject({ ok: false, status: 422, error: "You have Read Access.", errors: { dir: ["bad"] } });
    expect(calls.filter((c) => c.url.includes("send_fe_error"))).toHaveLength(0);
  });

  it("logs out on 401 and 403: clears the session and goes to /auth/login keeping the path", async () => {
    for (const status of [401, 403]) {
      const { api, calls } = await setup((req) => (req.url.includes("send_fe_error") ? json({}) : json({ error: "nope" }, status)));
      const res = await thrown(api.get("main", "/user/me.json"));
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/auth/login?redirectTo=%2Fstorage%2Foverview%3Fx%3D1");
      expect(res.headers.get("set-cookie")).toMatch(/__session=;/);
      await new Promise((r) => setTimeout(r, 0));
      const report = calls.find((c) => c.url.includes("/error/send_fe_error.json"));
      expect(report && JSON.parse(report.body)).toMatchObject({ error: `HTTP ${status} GET main/user/me.json`, email: "client@demo.aero" });
    }
  });

  it("redirects to the role landing on 404 and 5xx, with an error toast", async () => {
    for (const status of [404, 500, 503]) {
      const { api } = await setup((req) => (req.url.includes("send_fe_error") ? json({}) : json({ error: "gone" }, status)));
      const res = await thrown(api.get("main", "/storage/v2/aircraft/999.json"));
      expect(res.headers.get("location")).toBe("/client/home");
      expect(res.headers.get("set-cookie")).toMatch(/en_toast=/);
    }
  });

  it("sends a signed-out visitor to login on 404/5xx", async () => {
    const { api } = await setup(() => json({}, 500), false);
    const res = await thrown(api.get("main", "/x.json"));
    expect(res.headers.get("location")).toBe("/auth/login");
  });

  it("passes sign-in failures through without redirecting", async () => {
    const { api } = await setup(() => json({ error: "Invalid email or password." }, 401), false);
    const r = await api.post("main", "/users/sign_in.json", { json: {}, passthrough: true });
    expect(r).toMatchObject({ ok: false, status: 401, error: "Invalid email or password." });
  });

  it("validates answers against their schema", async () => {
    expectConsoleError(/answer does not match its schema/);
    const { api } = await setup((req) => (req.url.includes("send_fe_error") ? json({}) : json({ aircrafts: "nope" })));
    const schema = z.object({ aircrafts: z.array(z.object({ id: z.number() })) });
    const res = await thrown(api.get("main", "/storage/v2/aircraft.json", { schema }));
    expect(res.status).toBe(502);
    const { api: api2 } = await setup(() => json({ aircrafts: [{ id: 1 }] }));
    await expect(api2.get("main", "/storage/v2/aircraft.json", { schema })).resolves.toEqual({ aircrafts: [{ id: 1 }] });
  });

  it("treats an unreachable upstream as 503 and redirects", async () => {
    expectConsoleError(/GET main\/x\.json failed: ECONNREFUSED/);
    const { api } = await setup(() => {
      throw new Error("ECONNREFUSED");
    });
    const res = await thrown(api.get("main", "/x.json"));
    expect(res.headers.get("location")).toBe("/client/home");
  });
});

describe("the one error reporter (spec 000 §7)", () => {
  it("posts a report with the user's headers, answers its status, and never reports a failed report", async () => {
    const { api, calls } = await setup(() => json({ error: "Too many error reports." }, 429));
    const r = await api.reportError({ error: "TypeError: x is undefined", errorInfo: "at Page", errorUrl: "http://portal.test/client/home", email: "client@demo.aero" });
    expect(r).toEqual({ ok: false, status: 429 });
    await new Promise((res) => setTimeout(res, 0));
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe("http://upstream.internal/error/send_fe_error.json");
    expect(calls[0].method).toBe("POST");
    expect(calls[0].headers.get("content-type")).toBe("application/json");
    expect(calls[0].headers.get("x-user-uuid")).toBe(process.env.CLIENT_UUID);
    expect(calls[0].clientIp).toBe("203.0.113.9");
    expect(JSON.parse(calls[0].body)).toEqual({ error: "TypeError: x is undefined", errorInfo: "at Page", errorUrl: "http://portal.test/client/home", email: "client@demo.aero" });
  });

  it("never throws when the upstream is unreachable", async () => {
    const { api } = await setup(() => {
      throw new Error("ECONNREFUSED");
    });
    await expect(api.reportError({ error: "e", errorInfo: "", errorUrl: "", email: "" })).resolves.toEqual({ ok: false, status: 503 });
  });

  it("reports the server's uncaught errors through the same reporter", async () => {
    const { reportServerError } = await import("~/models/error-report.server");
    const calls: { url: string; body: string }[] = [];
    const main = async (req: Request) => {
      calls.push({ url: req.url, body: await req.text() });
      return json({ result: true });
    };
    const context = { upstream: { main, ops: main, blob: main }, clientIp: "203.0.113.9" } as never;
    await reportServerError(new RangeError("boom"), new Request("http://portal.test/admin/audit"), context, "in the loader");
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe("http://upstream.internal/error/send_fe_error.json");
    expect(JSON.parse(calls[0].body)).toEqual({ error: "RangeError: boom", errorInfo: "in the loader", errorUrl: "http://portal.test/admin/audit", email: "" });
  });
});

describe("one portal request shares its upstream reads (issue 12)", () => {
  it("makes an identical GET once for every loader of a request, counts the calls, and re-reads after a write in an action", async () => {
    const { Api, upstreamStats } = await import("~/models/api.server");
    let calls = 0;
    const upstream = async (req: Request) => {
      calls++;
      return json({ n: calls, path: new URL(req.url).pathname });
    };
    const user = { id: 1, email: "client@demo.aero", role: "client" as const, username: "Client", first_name: "C" };
    const scope = {};
    const make = (method = "GET", s: object | undefined = scope) =>
      new Api({ request: new Request("http://portal.test/client/home", { method }), upstream: { main: upstream, ops: upstream, blob: upstream }, clientIp: null, user, token: "t", scope: s });
    // Root, shell and page loaders: three Api objects, one request scope.
    const [a, b, c] = await Promise.all([make().get("main", "/user/me.json"), make().get("main", "/user/me.json"), make().call("main", "GET", "/user/me.json", { passthrough: true })]);
    expect(calls).toBe(1);
    expect(a).toEqual(b);
    expect(c).toMatchObject({ ok: true, data: a });
    expect(upstreamStats(scope)).toMatchObject({ calls: 1, shared: 2 });
    // Another query is another call; another request scope is another call.
    await make().get("main", "/user/me.json", { query: { x: 1 } });
    await make("GET", {}).get("main", "/user/me.json");
    expect(calls).toBe(3);
    // In an action, a write makes later reads fresh.
    const actionScope = {};
    await make("POST", actionScope).get("main", "/user/me.json");
    await make("POST", actionScope).post("main", "/user/notifications/read.json", { json: {} });
    const after = (await make("POST", actionScope).get("main", "/user/me.json")) as { n: number };
    expect(after.n).toBe(calls);
    expect(upstreamStats(actionScope)).toMatchObject({ calls: 3, shared: 0 });
  });

  it("shares a POST marked as a read by its body, in loaders only", async () => {
    const { Api, upstreamStats } = await import("~/models/api.server");
    let calls = 0;
    const upstream = async () => json({ n: ++calls });
    const user = { id: 1, email: "client@demo.aero", role: "client" as const, username: "Client", first_name: "C" };
    const make = (scope: object, method = "GET") =>
      new Api({ request: new Request("http://portal.test/client/Aerooil", { method }), upstream: { main: upstream, ops: upstream, blob: upstream }, clientIp: null, user, token: "t", scope });
    const scope = {};
    const header = (s: object, body: unknown, method?: string) => make(s, method).post("ops", "/v1/oil_data/get_oil_header_data.json", { json: body, read: true, passthrough: true });
    const [a, b] = await Promise.all([header(scope, { org_msn_id: 1 }), header(scope, { org_msn_id: 1 })]);
    expect(a).toEqual(b);
    expect(calls).toBe(1);
    await header(scope, { org_msn_id: 2 }); // another body, another call
    await make(scope).post("ops", "/v1/oil_data/get_oil_header_data.json", { json: { org_msn_id: 1 } }); // not marked: its own call
    expect(calls).toBe(3);
    expect(upstreamStats(scope)).toMatchObject({ calls: 3, shared: 1 });
    // In an action a marked read is not shared (a write may come between).
    const actionScope = {};
    await header(actionScope, { org_msn_id: 1 }, "POST");
    await header(actionScope, { org_msn_id: 1 }, "POST");
    expect(calls).toBe(5);
  });
});
