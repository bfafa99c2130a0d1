// Pages as server markup (issue 12, ADR 063): a page's component rendered by its loader, in a router
// at the page's address, with Remix's Link, Form and useLoaderData working as they do in the route;
// what a loader answers for a document and for a client-side navigation; redirects pass through.
import { json, redirect, type AppLoadContext } from "@remix-run/node";
import { Form, Link, NavLink, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { A, MarkupForm } from "~/components/server-markup/markup-elements";
import { markupShouldRevalidate } from "~/components/server-markup/server-markup";
import { markupJson, routeActionMarkup, routeMarkup, routeMarkupFrom, routePage } from "~/utils/page-markup.server";

const ctx = (c: Partial<AppLoadContext> = {}) => c as AppLoadContext;
const req = (url: string) => new Request(`http://portal.test${url}`);

function Page() {
  const d = useLoaderData<{ name: string; items: string[] }>();
  const location = useLocation();
  return h(
    "section",
    null,
    h("h1", null, d.name),
    h("p", { id: "here" }, location.pathname + location.search),
    h(Link, { to: "/storage/overview?status=GROUNDED" }, "Grounded"),
    h(NavLink, { to: location.pathname }, "Here"),
    h(Form, { method: "post" }, h("button", { type: "submit" }, "Save")),
    h(Form, { method: "get", action: "/storage/search" }, h("input", { name: "query" })),
    h("ul", null, ...d.items.map((i) => h("li", { key: i }, i))),
  );
}

describe("routePage: a page's component as it renders in its route", () => {
  it("gives it the loader's data and the page's address; links and forms render as Remix's", async () => {
    const html = renderToStaticMarkup(await routePage(req("/admin/audit?page=2&_data=routes%2Fx"), h(Page), { name: "Audit log", items: ["one", "two"] }));
    expect(html).toContain("<h1>Audit log</h1>");
    expect(html).toContain('<p id="here">/admin/audit?page=2</p>'); // _data is the transport's, not the page's
    expect(html).toContain("<li>one</li><li>two</li>");
    const tag = (text: string) => new RegExp(`<a ([^>]*)>${text}</a>`).exec(html)?.[1] ?? "";
    expect(tag("Grounded")).toContain('href="/storage/overview?status=GROUNDED"');
    expect(tag("Grounded")).toContain('data-discover="true"');
    expect(tag("Here")).toContain('aria-current="page"');
    expect(tag("Here")).toContain('href="/admin/audit"');
    // A form without an action posts to the page itself (its query kept), as <Form> does in the route.
    expect(html).toContain('<form method="post" action="/admin/audit?page=2" data-discover="true">');
    expect(html).toContain('<form method="get" action="/storage/search" data-discover="true">');
  });

  it("an index route's own form posts to ?index", async () => {
    const html = renderToStaticMarkup(await routePage(req("/admin/organization?q=sky"), h(Page), { name: "x", items: [] }, { index: true }));
    expect(html).toContain('<form method="post" action="/admin/organization?index&amp;q=sky" data-discover="true">');
  });

  it("renders at an address the router would read as a pattern", async () => {
    const html = renderToStaticMarkup(await routePage(req("/storage/aircraft/1/files/:odd*"), h(Page), { name: "odd", items: [] }));
    expect(html).toContain("<h1>odd</h1>");
  });

  it("serializes the data as the browser would receive it (dates as strings)", async () => {
    function Dated() {
      const d = useLoaderData<{ at: string }>();
      return h("time", null, typeof d.at === "string" ? d.at : "not a string");
    }
    const html = renderToStaticMarkup(await routePage(req("/x"), h(Dated), { at: new Date("2026-11-27T10:00:00Z") }));
    expect(html).toBe("<time>2026-11-27T10:00:00.000Z</time>");
  });
});

describe("what a markup page's loader answers", () => {
  it("a document: the HTML goes to the load context (the server render places it), the data only what is kept", async () => {
    const context = ctx();
    const res = markupJson({ context }, "page-x", h("p", null, "Hi"), { msn: "5123" });
    expect(await res.json()).toEqual({ msn: "5123" });
    expect(context.markup?.["page-x"]?.html).toBe("<p>Hi</p>");
  });

  it("a client-side navigation: the HTML in the data, unless the page holds it already", async () => {
    const first = (await markupJson({ context: ctx({ dataRequest: true }) }, "page-x", h("p", null, "Hi")).json()) as { __markup: Record<string, { h: string; html: string }> };
    expect(first.__markup["page-x"]!.html).toBe("<p>Hi</p>");
    const again = (await markupJson({ context: ctx({ dataRequest: true, markupHeld: `page-x:${first.__markup["page-x"]!.h}` }) }, "page-x", h("p", null, "Hi")).json()) as { __markup: object };
    expect(again.__markup).toEqual({});
  });

  it("routeMarkup renders through the router; routeMarkupFrom keeps status and headers, and passes redirects and errors through", async () => {
    const context = ctx({ dataRequest: true });
    const viaRouter = (await (await routeMarkup({ context, request: req("/p") }, "page-p", h(Page), { name: "P", items: [] })).json()) as { __markup: Record<string, { html: string }> };
    expect(viaRouter.__markup["page-p"]!.html).toContain("<h1>P</h1>");

    const answered = await routeMarkupFrom({ context, request: req("/p") }, "page-p", json({ name: "Q", items: ["a"] }, { headers: { "Cache-Control": "private, no-store" } }), () => h(Page), { keep: (d: { name: string }) => ({ name: d.name }) });
    expect(answered.headers.get("Cache-Control")).toBe("private, no-store");
    const body = (await answered.json()) as { name: string; __markup: Record<string, { html: string }> };
    expect(body.name).toBe("Q");
    expect(body.__markup["page-p"]!.html).toContain("<li>a</li>");

    const moved = redirect("/auth/login");
    expect(await routeMarkupFrom({ context, request: req("/p") }, "page-p", moved, () => h(Page))).toBe(moved);
    const refused = new Response("No", { status: 403 });
    expect(await routeMarkupFrom({ context, request: req("/p") }, "page-p", refused, () => h("p"))).toBe(refused);
    // Plain data (not a Response) is rendered as it is.
    const plain = (await (await routeMarkupFrom({ context, request: req("/p") }, "page-p", { name: "R", items: [] }, () => h(Page))).json()) as { __markup: Record<string, { html: string }> };
    expect(plain.__markup["page-p"]!.html).toContain("<h1>R</h1>");
  });
});

describe("what a markup page's action answers (a form with its errors, ADR 064)", () => {
  function FormPage() {
    const d = useLoaderData<{ suggested: string }>();
    const a = useActionData<{ error: string; title: string } | undefined>();
    return h(Form, { method: "post" }, a ? h("p", { role: "alert" }, a.error) : null, h("input", { name: "title", defaultValue: a?.title ?? d.suggested }));
  }
  const load = async () => json({ suggested: "Logbook 2026" });

  it("an answer with errors: the page again, with the loader's data and the action's, at the action's status", async () => {
    const context = ctx({ dataRequest: true });
    const res = await routeActionMarkup({ context, request: req("/create") }, "page-c", json({ error: "Taken.", title: "Mine" }, { status: 422 }), load, () => h(FormPage));
    expect(res.status).toBe(422);
    const html = ((await res.json()) as { __markup: Record<string, { html: string }> }).__markup["page-c"]!.html;
    expect(html).toContain('<p role="alert">Taken.</p>');
    expect(html).toContain('value="Mine"');
    // Without an answer's data the loader's render has no error and the suggestion.
    const plain = (await (await routeMarkupFrom({ context, request: req("/create") }, "page-c", await load(), () => h(FormPage))).json()) as { __markup: Record<string, { html: string }> };
    expect(plain.__markup["page-c"]!.html).toContain('value="Logbook 2026"');
    expect(plain.__markup["page-c"]!.html).not.toContain("alert");
  });

  it("a document POST: the action's render wins over the loader's that follows in the same request", async () => {
    const context = ctx();
    await routeActionMarkup({ context, request: req("/create") }, "page-c", json({ error: "Taken.", title: "Mine" }, { status: 422 }), load, () => h(FormPage));
    await routeMarkupFrom({ context, request: req("/create") }, "page-c", await load(), () => h(FormPage));
    expect(context.markup?.["page-c"]?.html).toContain("Taken.");
  });

  it("a redirect, or an answer that is not JSON, passes through untouched", async () => {
    const context = ctx({ dataRequest: true });
    const moved = redirect("/client/Aeroops/logbookpages/logbook_id=1");
    expect(await routeActionMarkup({ context, request: req("/create") }, "page-c", moved, load, () => h(FormPage))).toBe(moved);
    const file = new Response("%PDF", { headers: { "Content-Type": "application/pdf" } });
    expect(await routeActionMarkup({ context, request: req("/create") }, "page-c", file, load, () => h(FormPage))).toBe(file);
  });
});

describe("markup links and forms", () => {
  it("render as Remix's, so the layout's runtime hands them to Remix", () => {
    expect(renderToStaticMarkup(h(A, { to: "/x", keepScroll: true, children: "X" }))).toBe('<a href="/x" data-discover="true" data-keep-scroll="">X</a>');
    expect(renderToStaticMarkup(h(MarkupForm, { action: "/notifications", children: null }))).toBe('<form method="post" action="/notifications" data-discover="true"></form>');
  });

});

describe("after a refused form the page is not loaded again (ADR 066)", () => {
  const args = (actionStatus: number | undefined, formMethod = "POST") => ({
    currentUrl: new URL("http://portal.test/client/template?typeOfManufacturer=A"),
    nextUrl: new URL("http://portal.test/client/template?typeOfManufacturer=A"),
    currentParams: {},
    nextParams: {},
    formMethod,
    formAction: "/client/template?typeOfManufacturer=A",
    actionStatus,
    defaultShouldRevalidate: true,
  }) as Parameters<typeof markupShouldRevalidate>[0];

  it("a markup page: no loader after a 4xx answer; Remix's default after a 2xx one or a navigation", () => {
    expect(markupShouldRevalidate(args(422))).toBe(false);
    expect(markupShouldRevalidate(args(400))).toBe(false);
    expect(markupShouldRevalidate(args(200))).toBe(true);
    expect(markupShouldRevalidate(args(undefined, "GET"))).toBe(true);
    expect(markupShouldRevalidate({ ...args(200), defaultShouldRevalidate: false })).toBe(false);
  });

  it("the shell's navigation: not after a refused post; after a post the server took", async () => {
    const { shouldRevalidate } = await import("~/routes/_shell+/_layout");
    expect(shouldRevalidate!(args(422))).toBe(false);
    expect(shouldRevalidate!(args(200))).toBe(true);
  });
});

describe("every route whose action answers with the page again uses markupShouldRevalidate (ADR 066)", () => {
  it("a route calling routeActionMarkup exports shouldRevalidate = markupShouldRevalidate", async () => {
    const { readdirSync, readFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const files = (readdirSync("app/routes", { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f) && !f.split(/[\\/]/).pop()!.startsWith("__"));
    const using = files.filter((f) => readFileSync(join("app/routes", f), "utf8").includes("routeActionMarkup("));
    expect(using.length).toBeGreaterThan(30);
    const missing = using.filter((f) => !/export const shouldRevalidate = markupShouldRevalidate;/.test(readFileSync(join("app/routes", f), "utf8")));
    expect(missing).toEqual([]);
  });
});
