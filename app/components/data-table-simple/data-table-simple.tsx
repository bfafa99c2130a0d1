// Pieces of the server-driven admin lists: a sortable column header (a link, so it works without
// JavaScript; the loader whitelists the keys) and the search bar (a GET form that keeps the other
// parameters of the list).
import { Form, Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { SearchIcon } from "~/components/icons/search";
import * as ui from "~/components/ui/ui.css";
import * as s from "./data-table-simple.css";
import { sortHref } from "./list-url";

export function SortHeader({ label, sortKey, current }: { label: string; sortKey: string; current: { sort: string; dir: "asc" | "desc" } }) {
  const location = useLocation();
  const active = current.sort === sortKey;
  return (
    <th scope="col" aria-sort={active ? (current.dir === "asc" ? "ascending" : "descending") : undefined}>
      <Link className={s.sortLink} to={sortHref(location.pathname, location.search, sortKey, current)} preventScrollReset>
        {label}
        {active ? (
          <span className={s.arrow} aria-hidden="true">
            {current.dir === "asc" ? "▲" : "▼"}
          </span>
        ) : null}
        {active ? <span className="visually-hidden">{current.dir === "asc" ? " (ascending)" : " (descending)"}</span> : null}
      </Link>
    </th>
  );
}

/**
 * A GET form: `q` plus any filters given as children; the current sort is kept, the page resets.
 * `keep` lists other parameters to carry over as hidden fields.
 */
export function ListSearch({
  q,
  label = "Search",
  placeholder,
  keep = {},
  children,
}: {
  q: string;
  label?: string;
  placeholder?: string;
  keep?: Record<string, string | number | undefined | null>;
  children?: ReactNode;
}) {
  return (
    <Form method="get" className={s.toolbar} role="search">
      {Object.entries(keep).map(([k, v]) => (v === undefined || v === null || v === "" ? null : <input key={k} type="hidden" name={k} value={String(v)} />))}
      <label className={s.grow}>
        {label}
        <input name="q" type="search" defaultValue={q} className={ui.input} maxLength={200} placeholder={placeholder} />
      </label>
      {children}
      <button type="submit" className={ui.button.secondary}>
        <SearchIcon /> Search
      </button>
    </Form>
  );
}
