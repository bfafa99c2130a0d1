// Spec 000 §4: the logout broadcast's key and sign-in page are written out in the signed-in layouts'
// listener (app/components/logout/logout-listen.ts, so that their bundle does not carry a chunk for
// them, issue 12): they must stay those of logout-keys.ts, which the inline scripts and the announcer use.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { LOGIN_PATH, LOGOUT_KEY } from "~/components/logout/logout-keys";
import { LISTEN } from "~/components/logout/logout-scripts.server";

describe("the logout broadcast's key and page", () => {
  it("the signed-in layouts' listener uses LOGOUT_KEY and LOGIN_PATH", () => {
    const shell = fs.readFileSync("app/components/logout/logout-listen.ts", "utf8");
    expect(shell).toContain(`e.key === ${JSON.stringify(LOGOUT_KEY)} && e.newValue`);
    expect(shell).toContain(`window.location.replace(${JSON.stringify(LOGIN_PATH)})`);
    expect(LISTEN).toContain(JSON.stringify(LOGOUT_KEY));
    expect(LISTEN).toContain(JSON.stringify(LOGIN_PATH));
  });
});
