// A page whose content is server markup (issue 12, ADR 031 per-route, ADR 063): its loader renders
// the page with the data it loaded (renderToStaticMarkup, app/utils/markup.server.ts), and the route's
// component only places the region (<PageMarkup id=…/>), so the browser downloads none of the page's
// components. For pages that need no script: links, GET search forms and POST forms whose answers are
// redirects (with a toast), handed to Remix by the layout's useMarkupLinks. A page with a form that
// answers with validation errors, or with anything that needs state in the browser, stays a component.
//
// Call these inside the loader function (never `export const loader = f(…)` at a module's top: the
// browser build keeps a top-level call, and this module is empty there).
//
// routePage() renders a page component as it renders in its route: in a router at the request's
// address with the loader's data, so the component keeps Remix's Link, Form, NavLink, useLoaderData,
// useLocation and useSearchParams (a page's component moves to a *.server module unchanged). What needs
// the browser (state, effects, fetchers) does not run in markup: such a page stays a component.
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import type { ReactElement } from "react";
// The CommonJS build, as @remix-run/react's own server render uses it (one react-router instance).
import type { RouteObject } from "react-router-dom";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server.js";
import { MARKUP_KEY } from "~/components/server-markup/server-markup";
import { pageMarkup } from "./markup.server";

/**
 * The loader's answer for a markup page: `page` rendered into the region `id`. The page's data is not
 * sent to the browser (its HTML is), only `keep` (what the route's meta or handle read).
 */
export function markupJson(args: Pick<LoaderFunctionArgs, "context">, id: string, page: ReactElement, keep: Record<string, unknown> = {}, init?: ResponseInit, opts: { action?: boolean } = {}) {
  return json({ ...keep, [MARKUP_KEY]: pageMarkup(args.context, { [id]: page }, opts) }, init);
}

/** A pathname usable as a route path as it is: no ":" or "*" that the router would read as a pattern. */
const PLAIN_PATH = /^\/[\w\-./~%()@!$&'+,;=]*$/;

/**
 * `page` inside a router at the request's address (its only route, an index route with `index`),
 * whose loader data is `data` (serialized as the browser would receive it): Remix's links and forms
 * render as in the route (a form without an action posts to the page, "?index" for an index route).
 */
export async function routePage(request: Request, page: ReactElement, data: unknown, { index = false, actionData }: { index?: boolean; actionData?: unknown } = {}): Promise<ReactElement> {
  const url = new URL(request.url);
  url.searchParams.delete("_data");
  url.searchParams.delete("index");
  const serialized: unknown = JSON.parse(JSON.stringify(data ?? null));
  const path = PLAIN_PATH.test(url.pathname) ? url.pathname : "*";
  const leaf = { id: "page", loader: () => serialized as object, element: page };
  const routes: RouteObject[] = index ? [{ id: "parent", path, children: [{ ...leaf, index: true }] }] : [{ ...leaf, path }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url.href));
  if (context instanceof Response) throw new Error(`routePage: the static router answered ${context.status}`);
  // The action's answer, for useActionData (the form with the submitted values and their errors).
  if (actionData !== undefined) context.actionData = { page: JSON.parse(JSON.stringify(actionData)) as unknown };
  const router = createStaticRouter(handler.dataRoutes, context);
  return <StaticRouterProvider router={router} context={context} hydrate={false} />;
}

/** The loader's answer for a page rendered by routePage(): its HTML in region `id`, and `keep` of its data. */
export async function routeMarkup(args: Pick<LoaderFunctionArgs, "context" | "request">, id: string, page: ReactElement, data: unknown, opts: { index?: boolean; keep?: Record<string, unknown>; init?: ResponseInit } = {}) {
  return markupJson(args, id, await routePage(args.request, page, data, opts), opts.keep, opts.init);
}

/**
 * A page in several markup regions around parts the route's component renders itself (a lazy island
 * between them): each element of `render(data)` rendered by routePage() into the region of its key.
 * `answer` as routeMarkupFrom() takes it.
 */
export async function routeMarkupRegions<D>(
  args: Pick<LoaderFunctionArgs, "context" | "request">,
  answer: Response | D,
  render: (data: D) => Record<string, ReactElement>,
  opts: { keep?: (data: D) => Record<string, unknown> } = {},
) {
  let data = answer as D;
  let init: ResponseInit | undefined;
  if (answer instanceof Response) {
    if (answer.status >= 300 || !answer.headers.get("Content-Type")?.includes("json")) return answer;
    data = (await answer.json()) as D;
    init = { status: answer.status, headers: answer.headers };
  }
  const parts: Record<string, ReactElement> = {};
  for (const [id, el] of Object.entries(render(data))) parts[id] = await routePage(args.request, el, data);
  return json({ ...opts.keep?.(data), [MARKUP_KEY]: pageMarkup(args.context, parts) }, init);
}

/** routeMarkup() for a loader's answer: its data, or a Response (JSON: its data, status and headers; a redirect or an error passes through). */
export async function routeMarkupFrom<D>(
  args: Pick<LoaderFunctionArgs, "context" | "request">,
  id: string,
  answer: Response | D,
  render: (data: D) => ReactElement,
  opts: { index?: boolean; keep?: (data: D) => Record<string, unknown> } = {},
) {
  if (!(answer instanceof Response)) return routeMarkup(args, id, render(answer), answer, { index: opts.index, keep: opts.keep?.(answer) });
  if (answer.status >= 300 || !answer.headers.get("Content-Type")?.includes("json")) return answer;
  const data = (await answer.json()) as D;
  return routeMarkup(args, id, render(data), data, { index: opts.index, keep: opts.keep?.(data), init: { status: answer.status, headers: answer.headers } });
}

/**
 * An action of a markup page whose form answers with its errors: a redirect (or any answer that is
 * not JSON) passes through; JSON (the errors, the submitted values) renders the page again, with the
 * loader's data (`load`) and this answer as its action data, into region `id`, with the action's
 * status. The route's <PageMarkup> shows the action's render while the action data lasts; for a
 * document POST (no JavaScript) the action's render wins over the loader's (pageMarkup `action`).
 */
export async function routeActionMarkup<A, D>(
  args: Pick<LoaderFunctionArgs, "context" | "request">,
  id: string,
  answer: Response | A,
  load: () => Promise<Response | D>,
  render: (data: D) => ReactElement,
  opts: { index?: boolean } = {},
) {
  let actionData: unknown = answer;
  let init: ResponseInit | undefined;
  if (answer instanceof Response) {
    if (answer.status >= 300 && answer.status < 400) return answer;
    if (!answer.headers.get("Content-Type")?.includes("json")) return answer;
    actionData = await answer.json();
    init = { status: answer.status, headers: answer.headers };
  }
  const loaded = await load();
  let data = loaded as D;
  if (loaded instanceof Response) {
    if (loaded.status >= 300 || !loaded.headers.get("Content-Type")?.includes("json")) return loaded;
    data = (await loaded.json()) as D;
  }
  const page = await routePage(args.request, render(data), data, { index: opts.index, actionData });
  return markupJson(args, id, page, {}, init, { action: true });
}
