import { describe, expect, it } from "vitest";
import { ancestorsOf, basename, isWithin, joinPath, normalizeDir, parentOf } from "~/models/paths";

describe("folder paths", () => {
  it("normalizes safe paths", () => {
    expect(normalizeDir(undefined)).toBe("/");
    expect(normalizeDir("")).toBe("/");
    expect(normalizeDir("/")).toBe("/");
    expect(normalizeDir("a/b/")).toBe("/a/b");
    expect(normalizeDir("/a//b")).toBe("/a/b");
    expect(normalizeDir("/01 Certificates")).toBe("/01 Certificates");
    expect(normalizeDir("/My%20Docs")).toBe("/My Docs");
  });

  it("refuses anything unsafe", () => {
    for (const bad of [
      "..",
      "../..",
      "/a/../../b",
      "/a/./b",
      "%2e%2e/x",
      "/a%2Fb",
      "/a%2fb",
      "/a%5Cb",
      "/a%00b",
      "/a%252Fb",
      "/a\u0000b",
      "/a\nb",
      "a\\b",
      "C:/Windows",
      "c:\\x",
      "//server/share",
      "file:///etc/passwd",
      "~/x",
      "/a/ /b",
      "%E0%A4%A",
    ]) {
      expect(normalizeDir(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it("joins and splits", () => {
    expect(joinPath("/", "a")).toBe("/a");
    expect(joinPath("/x", "a/b")).toBe("/x/a/b");
    expect(parentOf("/a/b")).toBe("/a");
    expect(parentOf("/a")).toBe("/");
    expect(parentOf("/")).toBeNull();
    expect(basename("/a/b.pdf")).toBe("b.pdf");
    expect(basename("/")).toBe("");
    expect(isWithin("/a/b", "/a")).toBe(true);
    expect(isWithin("/ab", "/a")).toBe(false);
    expect(isWithin("/a", "/")).toBe(true);
    expect(ancestorsOf("/a/b")).toEqual(["/", "/a", "/a/b"]);
    expect(ancestorsOf("/")).toEqual(["/"]);
  });
});
