// The route tree (remix-flat-routes hybrid folders, ADR 028) serves exactly the URL patterns listed in
// tests/fixtures/route-paths.txt: moving a route file between folders must not change a URL.
import fs from "node:fs";
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

type RouteJson = { id: string; path?: string; index?: boolean; children?: RouteJson[] };

function patterns(routes: RouteJson[], parent = "", out: string[] = []): string[] {
  for (const r of routes) {
    const p = r.path ? `${parent.replace(/\/$/, "")}/${r.path}` : parent;
    if (r.index || r.path) out.push(`${p || "/"}${r.index ? " (index)" : ""}`);
    patterns(r.children ?? [], p, out);
  }
  return out;
}

describe("the route tree", () => {
  it("serves the same URL patterns", () => {
    const run = spawnSync("npx", ["remix", "routes", "--json"], { encoding: "utf8", env: { ...process.env, NODE_ENV: "production" } });
    expect(run.status, run.stderr).toBe(0);
    const json = JSON.parse(run.stdout.slice(run.stdout.indexOf("["))) as RouteJson[];
    const actual = [...new Set(patterns(json))].sort();
    const expected = fs
      .readFileSync("tests/fixtures/route-paths.txt", "utf8")
      .split("\n")
      .filter((l) => l && !l.startsWith("#"));
    expect(actual).toEqual(expected);
  }, 60_000);

  it("keeps routes in their area folders", () => {
    const top = fs.readdirSync("app/routes");
    const looseShell = top.filter((f) => !f.endsWith("+") && /^(_shell|_public|resources|aero-box|errors|page)\./.test(f));
    expect(looseShell, "route files of an area belong in its + folder").toEqual([]);
  });
});
