// A page whose content is server markup (issue 12, ADR 031 per-route, ADR 063): its loader renders
// the page with the data it loaded (renderToStaticMarkup, app/utils/markup.server.ts), and the route's
// component only places the region (<PageMarkup id=…/>), so the browser downloads none of the page's
// components. For pages that need no script: links, GET search forms and POST forms whose answers are
// redirects (with a toast), handed to Remix by the layout's useMarkupLinks. A page with a form that
// answers with validation errors, or with anything that needs state in the browser, stays a component.
//
// Call these inside the loader function (never `export const loader = f(…)` at a module's top: the
// browser build keeps a top-level call, and this module is empty there).
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import type { ReactElement } from "react";
import { MARKUP_KEY } from "~/components/server-markup/server-markup";
import { pageMarkup } from "./markup.server";

/**
 * The loader's answer for a markup page: `page` rendered into the region `id`. The page's data is not
 * sent to the browser (its HTML is), only `keep` (what the route's meta or handle read).
 */
export function markupJson(args: Pick<LoaderFunctionArgs, "context">, id: string, page: ReactElement, keep: Record<string, unknown> = {}, init?: ResponseInit) {
  return json({ ...keep, [MARKUP_KEY]: pageMarkup(args.context, { [id]: page }) }, init);
}

/**
 * The same for a loader shared with other pages that answers a Response: a redirect or an error
 * passes through; JSON data is rendered by `render` (its status and headers kept).
 */
export async function markupFrom<D>(args: Pick<LoaderFunctionArgs, "context">, id: string, answer: Response, render: (data: D) => ReactElement, keep?: (data: D) => Record<string, unknown>) {
  if (answer.status >= 300 || !answer.headers.get("Content-Type")?.includes("json")) return answer;
  const data = (await answer.json()) as D;
  return markupJson(args, id, render(data), keep?.(data), { status: answer.status, headers: answer.headers });
}

/** A page's own address as the action of its forms (Remix's <Form> without an action): path and query, "?index" for an index route. */
export function ownAction(url: URL, index = false) {
  const p = new URLSearchParams(url.search);
  p.delete("index");
  p.delete("_data");
  const qs = [p.toString(), index ? "index" : ""].filter(Boolean).join("&");
  return `${url.pathname}${qs ? `?${qs}` : ""}`;
}
