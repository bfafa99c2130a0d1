// First paint on a thin link (issue 12): the stylesheet is inlined on a first visit only. The server
// reads its text once at start (scripts/built-assets.ts) and passes it in the load context.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { stylesheetFor } from "~/utils/first-visit-css.server";
import { CLIENT_DIR, loadStylesheet } from "../../scripts/built-assets";

const page = (cookie?: string) => new Request("http://portal.test/auth/login", cookie ? { headers: { Cookie: cookie } } : {});

describe("the first visit's stylesheet", () => {
  it("is read at start: the built file the manifest names, with its text", () => {
    const built = fs.readdirSync(path.join(CLIENT_DIR, "assets")).find((f) => /^style-.*\.css$/.test(f));
    expect(built, "run the build first").toBeTruthy();
    expect(loadStylesheet()).toEqual({ href: `/assets/${built}`, text: fs.readFileSync(path.join(CLIENT_DIR, "assets", built!), "utf8") });
  });

  it("is inlined with a cookie the first time, linked once the browser has it", () => {
    const stylesheet = { href: "/assets/style-Ab1_c.css", text: ".a{color:red}" };
    const first = stylesheetFor(page(), stylesheet);
    expect(first).toEqual({ inline: ".a{color:red}", setCookie: `aero_css=style-Ab1_c.css; Path=/; Max-Age=${30 * 24 * 3600}; SameSite=Lax` });
    const cookie = first.setCookie!.split(";")[0]!;
    expect(stylesheetFor(page(`a=1; ${cookie}`), stylesheet)).toEqual({ inline: null, setCookie: null });
    expect(stylesheetFor(page(`${cookie}; b=2`), stylesheet)).toEqual({ inline: null, setCookie: null });
    // A new build (another bundle name) is inlined once again; so is a name that only begins alike.
    expect(stylesheetFor(page("aero_css=style-OLD.css"), stylesheet)).toEqual(first);
    expect(stylesheetFor(page("aero_css=style-Ab1_cXcss"), stylesheet)).toEqual(first);
    expect(stylesheetFor(page(`${cookie}.old`), stylesheet)).toEqual(first);
  });

  it("is only linked when its text could not be read, and absent in development", () => {
    expect(stylesheetFor(page(), { href: "/assets/style-Ab1_c.css", text: null })).toEqual({ inline: null, setCookie: null });
    expect(stylesheetFor(page(), null)).toEqual({ inline: null, setCookie: null });
    expect(stylesheetFor(page(), undefined)).toEqual({ inline: null, setCookie: null });
  });
});
