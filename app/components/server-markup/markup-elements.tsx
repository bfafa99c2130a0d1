// Links and forms for server markup (issue 12, ADR 031, ADR 063): rendered as Remix's <Link> and
// <Form> render them (data-discover), so the layout's useMarkupLinks sends them through Remix once the
// page runs its scripts; without scripts they are plain links and forms. Server-side only: imported
// by *.server modules, never by a component the browser bundles.
import type { AnchorHTMLAttributes, FormHTMLAttributes, ReactNode } from "react";

/** A link as Remix's <Link> renders it. `keepScroll`: <Link preventScrollReset> (data-keep-scroll). */
export function A({ to, children, keepScroll, ...rest }: { to: string; children: ReactNode; keepScroll?: boolean } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">) {
  return (
    <a {...rest} href={to} data-discover="true" data-keep-scroll={keepScroll ? "" : undefined}>
      {children}
    </a>
  );
}

/**
 * A form as Remix's <Form> renders it. Its `action` is always written out: in markup there is no
 * route to take it from (a page's own action: its path and query, "?index" for an index route).
 */
export function MarkupForm({ action, method = "post", children, ...rest }: { action: string; method?: "get" | "post"; children: ReactNode } & Omit<FormHTMLAttributes<HTMLFormElement>, "action" | "method">) {
  return (
    <form {...rest} method={method} action={action} data-discover="true">
      {children}
    </form>
  );
}
