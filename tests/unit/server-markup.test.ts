// Server markup (issue 12, ADR 031): what a loader sends, and the current-link rule the browser
// applies to it (the same as react-router's <NavLink>).
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { isNavActive } from "~/components/server-markup/server-markup";
import { markupHash, pageMarkup } from "~/utils/markup.server";
import type { AppLoadContext } from "@remix-run/node";

const ctx = (c: Partial<AppLoadContext>) => c as AppLoadContext;
const link = (current: boolean, here: string) =>
  createElement(
    "nav",
    null,
    createElement("a", { href: "/client/home", "data-nav": "", "aria-current": current ? "page" : undefined, className: current ? "navLink active" : "navLink" }, "Home"),
    createElement("form", { method: "post", action: "/notifications" }, createElement("input", { type: "hidden", name: "redirectTo", value: here, "data-here": "" })),
  );

describe("pageMarkup", () => {
  it("puts a document's markup in the load context, not in the loader data", () => {
    const context = ctx({});
    expect(pageMarkup(context, { a: createElement("p", null, "Hello"), b: null })).toBeUndefined();
    expect(context.markup).toEqual({ a: { h: markupHash("<p>Hello</p>"), html: "<p>Hello</p>" }, b: { h: markupHash(""), html: "" } });
  });

  it("sends a data request the regions the page does not hold", () => {
    const parts = { nav: link(true, "/client/home"), foot: createElement("p", null, "Foot") };
    const all = pageMarkup(ctx({ dataRequest: true }), parts)!;
    expect(Object.keys(all)).toEqual(["nav", "foot"]);
    const held = `nav:${all.nav!.h},foot:stale`;
    expect(Object.keys(pageMarkup(ctx({ dataRequest: true, markupHeld: held }), parts)!)).toEqual(["foot"]);
  });

  it("hashes without what the browser keeps up to date: the current link and the page address of data-here inputs", async () => {
    const { renderToStaticMarkup } = await import("react-dom/server");
    const here = renderToStaticMarkup(link(true, "/client/home"));
    const elsewhere = renderToStaticMarkup(link(false, "/storage/overview"));
    expect(here).not.toBe(elsewhere);
    expect(markupHash(here)).toBe(markupHash(elsewhere));
    expect(markupHash(here)).not.toBe(markupHash(here.replace("Home", "Fleet")));
  });
});

describe("the current link (react-router's NavLink rule)", () => {
  it.each([
    ["/client/home", "/client/home", false, true],
    ["/client/home/", "/client/home", false, true],
    ["/Client/Home", "/client/home", false, true],
    ["/client/home/x", "/client/home", false, true],
    ["/client/home/x", "/client/home", true, false],
    ["/client/homes", "/client/home", false, false],
    ["/aero-box/", "/aero-box/", true, true],
    ["/aero-box/storage/all", "/aero-box/", false, true],
    ["/aero-box/storage/all", "/aero-box/", true, false],
    ["/admin/organization/5", "/admin/organization", true, false],
    ["/anything", "/", false, false],
    ["/", "/", false, true],
  ])("%s with a link to %s (end: %s) → %s", (here, to, end, active) => {
    expect(isNavActive(here, to, end)).toBe(active);
  });
});
