// Issue 11: route files read as sentences over the area modules (app/models/*.server.ts); no route or
// component calls the upstream client directly or spells an upstream path.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const walk = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? walk(p) : /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });
const rel = (p: string) => path.relative(root, p);

/** A direct call of the shared client: `api.get(`, `api.post(`, `api.call(`, `api.raw(`... */
const CLIENT_CALL = /\bapi\.(get|post|put|patch|delete|call|raw|stream|fetch)\s*\(/;
/** An upstream path: every endpoint of both APIs ends in `.json`; the ops API's all start with `/v1/`. */
const UPSTREAM_PATH = /["'`]\/(?:[\w${}.\-[\]]+\/)*[\w${}.\-[\]]+\.json["'`]|["'`]\/v1\/[\w/${}.-]+["'`]/;

export function violations(source: string): string[] {
  const out: string[] = [];
  source.split("\n").forEach((line, i) => {
    if (/^\s*(\/\/|\*|\/\*)/.test(line)) return; // comments may name an endpoint
    if (CLIENT_CALL.test(line)) out.push(`${i + 1}: calls the upstream client directly: ${line.trim()}`);
    else if (UPSTREAM_PATH.test(line)) out.push(`${i + 1}: spells an upstream path: ${line.trim()}`);
  });
  return out;
}

describe("the portal / upstream boundary inside the portal", () => {
  it("finds a direct call and a literal path (the check itself works)", () => {
    expect(violations(`const x = await api.get("main", "/admin/users.json", {});`)).toHaveLength(1);
    expect(violations("send: api.post(\n")).toHaveLength(1);
    expect(violations("    path: `/admin/organizations/${id}.json`,")).toHaveLength(1);
    expect(violations(`  fetch("/v1/ops_tab_info/list_tabs")`)).toHaveLength(1);
    expect(violations(`<Link to="/admin/organization">`)).toHaveLength(0);
    expect(violations(`// POST /users/sign_in.json`)).toHaveLength(0);
  });

  for (const dir of ["app/routes", "app/components"]) {
    it(`no file under ${dir} calls the upstream or names an upstream path`, () => {
      const found = walk(path.join(root, dir)).flatMap((f) => violations(fs.readFileSync(f, "utf8")).map((v) => `${rel(f)}:${v}`));
      expect(found).toEqual([]);
    });
  }

  it("models import nothing but types from components; consultant.server.ts holds only data functions", () => {
    const models = walk(path.join(root, "app/models"));
    const valueImports = models.flatMap((f) =>
      [...fs.readFileSync(f, "utf8").matchAll(/^import (?!type )[^;]*from "~\/components\/[^"]+";/gm)].map((m) => `${rel(f)}: ${m[0]}`),
    );
    expect(valueImports).toEqual([]);
    const consultant = fs.readFileSync(path.join(root, "app/models/consultant.server.ts"), "utf8");
    for (const outside of ["~/utils/auth.server", "~/utils/toast.server", "busboy", "@conform-to", "./blob.server"]) expect(consultant).not.toContain(`"${outside}"`);
    expect(consultant).not.toMatch(/export (async )?function require|redirectWithToast|json\(/);
  });

  it("every area has its model module", () => {
    for (const area of ["auth", "user", "access", "admin", "storage", "consultant", "ops", "oil", "templates"]) {
      expect(fs.existsSync(path.join(root, "app/models", `${area}.server.ts`)), `app/models/${area}.server.ts`).toBe(true);
    }
  });
});
