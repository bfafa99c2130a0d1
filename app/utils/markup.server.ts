// Server markup from a loader (issue 12, ADR 031): rendered once per request, it reaches the page
// either through the load context (a document request: entry.server provides it to the server
// render, so the HTML is sent once, as markup) or in the loader data (a client-side navigation's data
// request: the browser puts it in place, unless its X-Markup header says it holds that HTML already).
// See app/components/server-markup/server-markup.tsx.
import type { AppLoadContext } from "@remix-run/node";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Markup } from "~/components/server-markup/server-markup";

/**
 * FNV-1a (32 bits) of the HTML without what the browser keeps up to date itself: the current link's
 * marks, and the page address of data-here inputs (set when their form is submitted); and without
 * inline scripts' nonces (new with every response; such a script runs only when a document is read).
 */
export function markupHash(html: string): string {
  const text = html
    .replace(/ aria-current="page"/g, "")
    .replace(/ nonce="[^"]*"/g, "")
    .replace(/ class="([^"]*?) active"/g, ' class="$1"')
    .replace(/<input[^>]* data-here=""[^>]*>/g, (tag) => tag.replace(/ value="[^"]*"/, ""));
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

/** The regions a page holds, from its X-Markup header ("id:hash,id:hash"). */
function held(header: string | undefined): Map<string, string> {
  const m = new Map<string, string>();
  for (const part of (header ?? "").slice(0, 4096).split(",")) {
    const i = part.lastIndexOf(":");
    if (i > 0) m.set(part.slice(0, i).trim(), part.slice(i + 1).trim());
  }
  return m;
}

/**
 * Renders each element to HTML; answers what the loader returns under MARKUP_KEY: nothing for a
 * document (the render gets it from the context), and for a data request the regions the page does
 * not hold already. `action`: an action's render (a form answering with its errors), which the
 * loaders' renders of the same document do not replace.
 */
export function pageMarkup(context: AppLoadContext | undefined, parts: Record<string, ReactElement | null>, { action = false }: { action?: boolean } = {}): Markup | undefined {
  const markup: Markup = {};
  for (const [id, el] of Object.entries(parts)) {
    const html = el ? renderToStaticMarkup(el) : "";
    markup[id] = { h: markupHash(html), html };
  }
  if (context?.dataRequest) {
    const have = held(context.markupHeld);
    for (const [id, m] of Object.entries(markup)) if (have.get(id) === m.h) delete markup[id];
    return markup;
  }
  if (context) {
    // A document's POST: the action's render (the form with its errors) wins over the loaders' that follow.
    if (action) context.markupByAction = [...(context.markupByAction ?? []), ...Object.keys(markup)];
    else for (const id of context.markupByAction ?? []) delete markup[id];
    context.markup = { ...context.markup, ...markup };
  }
  return undefined;
}
