import { describe, expect, it } from "vitest";
import { ACCESS_LABEL, canWrite, roleLanding, safeRedirect } from "~/models/roles";

describe("role landing (spec 000 §2, 001 §2)", () => {
  it.each([
    ["admin", "/admin/analytics"],
    ["member", "/admin/analytics"],
    ["ops_template", "/admin/aeroops/organization"],
    ["client", "/client/home"],
    ["consultant", "/consultant/home"],
    ["pilot", "/pilot/home"],
  ])("%s lands on %s", (role, to) => expect(roleLanding(role)).toBe(to));
});

describe("access labels", () => {
  it("uses the spec's wording", () => {
    expect(ACCESS_LABEL).toEqual({ read: "Read Access", write: "Edit Access", su_write: "Super User" });
    expect(canWrite("read")).toBe(false);
    expect(canWrite("write")).toBe(true);
    expect(canWrite("su_write")).toBe(true);
    expect(canWrite(null)).toBe(false);
  });
});

describe("safeRedirect", () => {
  it.each([
    ["/storage/overview?x=1", "/storage/overview?x=1"],
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["https://evil.example", "/"],
    ["/auth/login", "/"],
    ["", "/"],
    [null, "/"],
  ])("%s -> %s", (input, out) => expect(safeRedirect(input as string | null)).toBe(out));
});
