// Remix's router, as patched (patches/@remix-run+router+*.patch, applied by npm's postinstall): a
// route array's ranked branches and each route path's RegExp are computed once instead of on every
// match (a page request matches its URL three times against 135 routes: 19 % of a page's CPU,
// bench/profile-summary.md). The cache must not change what matches, and routes patched in later
// (lazy route discovery in the browser) must still be found.
import fs from "node:fs";
import { createRequire } from "node:module";
import { createMemoryHistory, createRouter, matchRoutes, type AgnosticDataRouteObject } from "@remix-run/router";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);

describe("the patched route matching", () => {
  it("is installed in both builds of @remix-run/router (a fresh npm ci applies the patch)", () => {
    for (const file of ["@remix-run/router/dist/router.cjs.js", "@remix-run/router/dist/router.js"]) {
      const text = fs.readFileSync(require.resolve(file), "utf8");
      expect(text, file).toContain("rankedBranchesCache");
      expect(text, file).toContain("compiledPaths");
    }
  });

  it("matches the same as before, again and again on the same routes", () => {
    const routes = [
      {
        id: "root",
        path: "/",
        children: [
          { id: "home", path: "client/home" },
          { id: "tab", path: "client/Aeroops/:tabDataId" },
          { id: "files", path: "storage/aircraft/:id/*" },
          { id: "index", index: true },
        ],
      },
    ];
    const ids = (path: string) => matchRoutes(routes, path)?.map((m) => m.route.id) ?? null;
    for (let round = 0; round < 3; round++) {
      expect(ids("/client/home")).toEqual(["root", "home"]);
      expect(ids("/CLIENT/Home/")).toEqual(["root", "home"]);
      expect(matchRoutes(routes, "/client/Aeroops/tab-176")?.at(-1)?.params).toEqual({ tabDataId: "tab-176" });
      expect(matchRoutes(routes, "/storage/aircraft/7/Task%20cards/a")?.at(-1)?.params).toEqual({ id: "7", "*": "Task cards/a" });
      expect(ids("/")).toEqual(["root", "index"]);
      expect(ids("/nowhere")).toBeNull();
    }
  });

  it("finds a route patched in during a navigation (the browser's lazy route discovery patches in place)", async () => {
    const routes: AgnosticDataRouteObject[] = [{ id: "root", path: "/", children: [{ id: "home", path: "home" }] }];
    const router = createRouter({
      routes,
      history: createMemoryHistory({ initialEntries: ["/home"] }),
      // Remix's discovery: the routes of a path not known yet are fetched, then patched in.
      patchRoutesOnNavigation: ({ path, patch }) => {
        if (path === "/later") patch("root", [{ id: "later", path: "later" }]);
      },
    }).initialize();
    expect(router.state.matches.map((m) => m.route.id)).toEqual(["root", "home"]);
    await router.navigate("/later");
    expect(router.state.errors).toBeNull();
    expect(router.state.matches.map((m) => m.route.id)).toEqual(["root", "later"]);
    router.dispose();
  });
});
