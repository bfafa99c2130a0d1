// The Ops transition side menu (spec 001 §2): module=transition on an ops page gives Home (the role's
// landing), AeroOPS Home, My Fleet and, with an aircraft in context, the way back to it; the USERS list
// stays hidden from admin and ops_template on ops pages.
import { describe, expect, it } from "vitest";
import { navFor, ROLE_HOME, usersListHidden, type NavContext } from "../../app/models/shell-nav";

const ctx = (over: Partial<NavContext>): NavContext => ({
  role: "client",
  area: "ops",
  pathAircraftId: null,
  aircraft: null,
  consultantId: null,
  uam: false,
  products: { storage: true, ops: true, oil: true },
  transition: true,
  ...over,
});
const links = (c: NavContext) => navFor(c).flatMap((s) => s.items.map((i) => [i.label, i.to]));

describe("the transition menu", () => {
  it("lists Home, AeroOPS Home, My Fleet, keeping module=transition", () => {
    expect(links(ctx({}))).toEqual([
      ["Home", "/client/home"],
      ["AeroOPS Home", "/Aeroops/org?module=transition"],
      ["My Fleet", "/Aeroops/org/Aircrafts?module=transition"],
    ]);
  });

  it("leads back to the aircraft in context", () => {
    expect(links(ctx({ aircraft: { id: 7, msn: "5123", organization: "skyline" } })).at(-1)).toEqual([
      "Back to MSN 5123",
      "/client/Aeroops/aeroplane?org_msn_id=7&aerotype=Aeroops&module=transition",
    ]);
  });

  it("Home is each role's landing", () => {
    expect(links(ctx({ role: "ops_template" }))[0]).toEqual(["Home", ROLE_HOME.ops_template]);
    expect(links(ctx({ role: "admin" }))[0]).toEqual(["Home", "/admin/analytics"]);
  });

  it("only on ops pages with module=transition", () => {
    expect(links(ctx({ transition: false })).map(([l]) => l)).toContain("Settings");
    expect(links(ctx({ area: "oil" })).map(([l]) => l)).toContain("AeroOIL Home");
  });

  it("hides USERS from admin and ops_template on ops pages only", () => {
    expect(usersListHidden("admin", "ops")).toBe(true);
    expect(usersListHidden("ops_template", "ops")).toBe(true);
    expect(usersListHidden("client", "ops")).toBe(false);
    expect(usersListHidden("admin", "storage")).toBe(false);
  });
});
