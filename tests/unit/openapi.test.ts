// The OpenAPI document of both APIs (issue 18 item 6, ADR 046): it validates as OpenAPI 3.1, the
// committed copy is the generated one, the one list of operations matches the upstream's routing
// tables route for route, and the server serves it at /_api/openapi.json under API_ALLOW.
// (Every operation is called against the running upstream in tests/contract/openapi.test.ts.)
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import express from "express";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { validate, compileErrors } from "@readme/openapi-parser";
import { API_OPERATIONS, answersWithoutJsonSuffix } from "~/models/schemas/api-operations";
import { buildOpenApiDocument, openApiJson } from "../../upstream/openapi";
import { OPENAPI_FILE } from "../../scripts/gen-openapi";
import { registerOpsRoutes } from "../../upstream/ops/routes";
import { registerMainRoutes } from "../../upstream/index";
import type { HonoEnv } from "../../upstream/context";
import { mountEmbeddedApis } from "../../server";

describe("the OpenAPI document", () => {
  it("validates as OpenAPI 3.1", async () => {
    const doc = JSON.parse(openApiJson());
    expect(doc.openapi).toBe("3.1.0");
    const result = await validate(doc);
    expect(result.valid ? "valid" : compileErrors(result)).toBe("valid");
    expect(result.warnings).toEqual([]);
  });

  it("is refused by the validator when it is broken (the check is not a no-op)", async () => {
    const doc = JSON.parse(openApiJson());
    doc.paths["/_api/main/user/me.json"].get.responses = "none";
    const result = await validate(doc);
    expect(result.valid).toBe(false);
  });

  it("is committed up to date in docs/api/openapi.json (npm run gen:openapi)", () => {
    expect(fs.existsSync(OPENAPI_FILE)).toBe(true);
    // Compared as text so that a stale copy shows the first difference.
    expect(fs.readFileSync(OPENAPI_FILE, "utf8") === openApiJson(), "docs/api/openapi.json is stale: run npm run gen:openapi").toBe(true);
  });

  it("has one operation per registry entry, with unique ids, each with a 200 answer", () => {
    const doc = buildOpenApiDocument();
    const ids = API_OPERATIONS.map((o) => o.id);
    expect(new Set(ids).size).toBe(ids.length);
    const documented = Object.values(doc.paths ?? {}).flatMap((item) => [item.get, item.post, item.put].filter(Boolean).map((o) => o!.operationId));
    expect(documented.sort()).toEqual([...ids].sort());
    for (const op of API_OPERATIONS) expect(Object.keys(op.answers), op.id).toContain("200");
  });
});

/** The upstream's routes as "METHOD /path" in OpenAPI templating (":id{[0-9]+\\.json}" -> "{id}.json"). */
function routeTable(register: (app: Hono<HonoEnv>) => void): string[] {
  const app = new Hono<HonoEnv>();
  register(app);
  return app.routes
    .filter((r) => r.method !== "ALL")
    .map((r) => `${r.method} ${r.path.replace(/:(\w+)\{[^}]*?\\\.json\}/g, "{$1}.json").replace(/:(\w+)(\{[^}]*\})?/g, "{$1}")}`);
}

describe("the one list of operations", () => {
  it("names every route of both APIs, and no route that does not exist", () => {
    const main = routeTable((app) => {
      app.get("/healthz.json", (c) => c.json({ ok: true })); // createUpstream's own route
      registerMainRoutes(app);
    });
    // Every ops path answers with and without .json: one operation covers both.
    const ops = routeTable(registerOpsRoutes).map((r) => (r.endsWith(".json") ? r : `${r}.json`));
    const served = new Set([...main.map((r) => `main ${r}`), ...ops.map((r) => `ops ${r}`)]);
    const documented = new Set(API_OPERATIONS.map((o) => `${o.api} ${o.method} ${o.path}`));
    expect([...served].filter((r) => !documented.has(r)).sort(), "routes missing from app/models/schemas/api-operations.ts").toEqual([]);
    expect([...documented].filter((r) => !served.has(r)).sort(), "documented operations no route answers").toEqual([]);
    // ...and the bare ops paths exist for every operation that says so.
    const bare = new Set(routeTable(registerOpsRoutes));
    for (const op of API_OPERATIONS.filter(answersWithoutJsonSuffix)) expect(bare.has(`${op.method} ${op.path.replace(/\.json$/, "")}`), op.id).toBe(true);
  });
});

describe("GET /_api/openapi.json on the portal server", () => {
  async function serve(allow: string | undefined) {
    const app = express();
    const answer = async () => Response.json({ api: true });
    mountEmbeddedApis(app, { main: answer, ops: answer, deps: { config: { forwardSecret: undefined } } as never }, allow);
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { origin, close: () => new Promise((r) => server.close(r)) };
  }

  it("serves the committed document to callers the APIs accept, and refuses the others like the APIs", async () => {
    const open = await serve(undefined);
    try {
      const res = await fetch(`${open.origin}/_api/openapi.json`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await res.text()).toBe(fs.readFileSync(OPENAPI_FILE, "utf8"));
    } finally {
      await open.close();
    }

    const allowed = await serve("127.0.0.0/8");
    try {
      expect((await fetch(`${allowed.origin}/_api/openapi.json`)).status).toBe(200);
    } finally {
      await allowed.close();
    }

    const elsewhere = await serve("10.0.0.0/8");
    try {
      const doc = await fetch(`${elsewhere.origin}/_api/openapi.json`);
      const api = await fetch(`${elsewhere.origin}/_api/main/user/me.json`);
      expect([doc.status, api.status]).toEqual([403, 403]);
      expect(await doc.json()).toEqual({ error: "The API is not available from this network." });
    } finally {
      await elsewhere.close();
    }

    const none = await serve("none");
    try {
      expect((await fetch(`${none.origin}/_api/openapi.json`)).status).toBe(404);
      expect((await fetch(`${none.origin}/_api/main/user/me.json`)).status).toBe(404);
    } finally {
      await none.close();
    }
  });
});
