// Server markup from a loader (issue 12, ADR 029): rendered once per request, it reaches the page
// either through the load context (a document request: entry.server provides it to the server
// render, so the HTML is sent once, as markup) or in the loader data (a client-side navigation's data
// request: the browser puts it in place). See app/components/server-markup/server-markup.tsx.
import type { AppLoadContext } from "@remix-run/node";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Markup } from "~/components/server-markup/server-markup";

/** Renders each element to HTML; answers what the loader returns under MARKUP_KEY. */
export function pageMarkup(context: AppLoadContext | undefined, parts: Record<string, ReactElement | null>): Markup | undefined {
  const markup: Markup = {};
  for (const [id, el] of Object.entries(parts)) markup[id] = el ? renderToStaticMarkup(el) : "";
  if (context?.dataRequest) return markup;
  if (context) context.markup = { ...context.markup, ...markup };
  return undefined;
}
