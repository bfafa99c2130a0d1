// Spec 000 §4: the logout broadcast's inline scripts (the listener of the signed-in layouts, the
// announcer of the page a logout lands on) use the key and the sign-in page of logout-keys.ts, as
// the components' effects do.
import { describe, expect, it } from "vitest";
import { LOGIN_PATH, LOGOUT_KEY } from "~/components/logout/logout-keys";
import { ANNOUNCE, LISTEN } from "~/components/logout/logout-scripts";

describe("the logout broadcast's key and page", () => {
  it("the inline scripts use LOGOUT_KEY and LOGIN_PATH", () => {
    expect(LISTEN).toContain(JSON.stringify(LOGOUT_KEY));
    expect(LISTEN).toContain(JSON.stringify(LOGIN_PATH));
    expect(ANNOUNCE).toContain(JSON.stringify(LOGOUT_KEY));
  });
});
