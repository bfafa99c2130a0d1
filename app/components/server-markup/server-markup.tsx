// Server markup (issue 12, ADR 031): parts of a page that need no script (the side navigation's
// links, the notifications list, the product switcher…) are rendered to HTML on the server, and the
// browser keeps that HTML instead of shipping the components that made it.
//
// - The server render gets the HTML from the load context (a loader's `pageMarkup`, provided by
//   entry.server), so a document carries it once, as markup.
// - Hydrating, React leaves the element's content as the server sent it (an element with
//   dangerouslySetInnerHTML is not diffed while hydrating, and its "" never changes after).
// - Each region carries the hash of its HTML (data-h; the current link left out, useMarkupLinks marks
//   it in the browser). A client-side navigation's loader data carries a region's new HTML
//   (`__markup`) only when its hash differs from the one the page holds (the shell sends them in an
//   X-Markup header, markup-links.ts), and the new HTML then replaces the old.
// The wrapper is `display: contents`, so the markup lays out as if it were the parent's own children.
import { createContext, useContext, useLayoutEffect, useRef, type CSSProperties } from "react";

/** Region id → its HTML and the hash of it (without the current link's marks). */
export type Markup = Record<string, { h: string; html: string }>;
/** The key of a route's loader data that carries markup on client-side navigations. */
export const MARKUP_KEY = "__markup";
export type WithMarkup = { [MARKUP_KEY]?: Markup };

/** The markup of this response's loaders, for the server render (entry.server provides it). */
export const MarkupContext = createContext<Markup | null>(null);

const CONTENTS: CSSProperties = { display: "contents" };
const KEEP = { __html: "" };
const useBrowserLayoutEffect = typeof document === "undefined" ? () => undefined : useLayoutEffect;

export function ServerMarkup({ id, html, children }: { id: string; html?: { h: string; html: string } | null; children?: React.ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const rendered = useContext(MarkupContext)?.[id];
  useBrowserLayoutEffect(() => {
    const el = ref.current;
    if (!el || !html || el.dataset.h === html.h) return;
    el.innerHTML = html.html;
    el.dataset.h = html.h;
  }, [html]);
  // `children`: a server-only render (from a *.server import, absent in the browser bundle).
  if (children != null) {
    return (
      <div id={id} ref={ref} data-markup="" style={CONTENTS}>
        {children}
      </div>
    );
  }
  return (
    <div
      id={id}
      ref={ref}
      data-markup=""
      data-h={rendered?.h}
      style={CONTENTS}
      suppressHydrationWarning
      dangerouslySetInnerHTML={rendered ? { __html: rendered.html } : KEEP}
    />
  );
}
