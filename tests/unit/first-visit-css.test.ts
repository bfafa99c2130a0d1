// First paint on a thin link (issue 12): the stylesheet is inlined on a first visit only.
import { describe, expect, it } from "vitest";
import { stylesheetFor } from "~/utils/first-visit-css.server";
import fs from "node:fs";
import path from "node:path";

describe("the first visit's stylesheet", () => {
  const built = fs.readdirSync("build/client/assets").find((f) => /^style-.*\.css$/.test(f));
  const href = built ? `/assets/${built}` : undefined;

  it("is inlined with a cookie the first time, linked once the browser has it", () => {
    expect(href, "run the build first").toBeTruthy();
    const first = stylesheetFor(new Request("http://portal.test/auth/login"), href);
    expect(first.inline).toBe(fs.readFileSync(path.join("build/client", href!), "utf8"));
    expect(first.setCookie).toMatch(new RegExp(`^aero_css=${built!.replace(/\./g, "\\.")}; Path=/; Max-Age=\\d+; SameSite=Lax$`));
    const cookie = first.setCookie!.split(";")[0]!;
    expect(stylesheetFor(new Request("http://portal.test/auth/login", { headers: { Cookie: `a=1; ${cookie}` } }), href)).toEqual({ inline: null, setCookie: null });
    // A new build (another bundle name) is inlined once again.
    expect(stylesheetFor(new Request("http://portal.test/", { headers: { Cookie: "aero_css=style-OLD.css" } }), href).inline).not.toBeNull();
    // Nothing outside build/client is ever read.
    expect(stylesheetFor(new Request("http://portal.test/"), "/../package.json").inline).toBeNull();
  });
});
