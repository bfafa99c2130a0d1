// The page's own URL with some query parameters changed: how a server-driven page's links (sort,
// page, a filter, a dialog, a row to edit) keep everything else the URL says.
import { useLocation } from "@remix-run/react";

export type HrefWith = (changes: Record<string, string | null>) => string;

/** `hrefWith({ page: "2", edit: null })`: this page's URL with page=2 and without edit ("" removes too; no "?" when nothing is left). */
export function useHrefWith(): HrefWith {
  const { pathname, search } = useLocation();
  return (changes) => {
    const p = new URLSearchParams(search);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === "") p.delete(k);
      else p.set(k, v);
    }
    const qs = p.toString();
    return `${pathname}${qs ? `?${qs}` : ""}`;
  };
}
