// The top bar's file search (spec 000 §2 "Top bar and search", §5 "File search", §9).
// A GET form to /storage/search that runs on Enter only, as HTML. Without JS the browser's own
// validation (pattern, minlength, title) refuses the special characters and short queries, and the
// search page checks again. With JS its plain widget (app/plain/widgets/file-search.ts) ignores an
// empty or too-short query on Enter, and for a query with special characters sends nothing and shows
// the tooltip below, which lists up to 10 distinct offending characters and "and N more"; while
// typing, that tooltip appears 500 ms after the last keystroke. The default hint is "Special
// characters are not supported in search". The upstream enforces the same rules.
import { Form, Link, useLocation } from "@remix-run/react";
import { useId } from "react";
import { SearchIcon } from "~/components/icons/search";
import { DEFAULT_HINT, SEARCH_INVALID_CHARS, SEARCH_MIN_LENGTH, SEARCH_MAX_LENGTH } from "~/models/search-query";
import * as s from "./file-search.css";
import type { FileSearchProps } from "./file-search-handle";

export type { FileSearchHandle, FileSearchProps } from "./file-search-handle";
export { fileSearchFromMatches } from "./file-search-handle";

/** An HTML pattern that refuses the special characters (valid in both the u and v RegExp modes). */
export const SEARCH_PATTERN = `[^${SEARCH_INVALID_CHARS.map((c) => ("()[]{}/-\\|".includes(c) ? `\\${c}` : c)).join("")}]*`;

export function FileSearch(p: FileSearchProps) {
  const id = useId();
  const location = useLocation();
  const redirectUrl = location.pathname.startsWith("/storage/search") ? null : `${location.pathname}${location.search}`;
  // The search-all flag forces "all aircraft" (spec 000 §2): shown as such, nothing else offered.
  const scopes = p.searchAll ? [] : p.aircraftId ? (p.folderPath && p.folderPath !== "/" ? ["aircraft", "folder", "all"] : ["aircraft", "all"]) : [];
  return (
    <Form method="get" action="/storage/search" className={s.form} role="search" aria-label="File search" data-plain="file-search">
      <div className={s.box}>
        <SearchIcon size={16} className={s.icon} />
        <label htmlFor={`${id}-q`} className="visually-hidden">
          Search files
        </label>
        <input
          id={`${id}-q`}
          className={s.input}
          type="search"
          name="query"
          placeholder="Search files"
          defaultValue={p.defaultQuery}
          autoComplete="off"
          enterKeyHint="search"
          minLength={SEARCH_MIN_LENGTH}
          maxLength={SEARCH_MAX_LENGTH}
          pattern={SEARCH_PATTERN}
          title={DEFAULT_HINT}
        />
        {scopes.length ? (
          <>
            <label htmlFor={`${id}-scope`} className="visually-hidden">
              Search in
            </label>
            <select id={`${id}-scope`} name="scope" className={s.scope} defaultValue={p.defaultScope ?? scopes[0]}>
              {scopes.map((sc) => (
                <option key={sc} value={sc}>
                  {sc === "aircraft" ? "This aircraft" : sc === "folder" ? "This folder" : "All aircraft"}
                </option>
              ))}
            </select>
          </>
        ) : p.searchAll ? (
          <span className={s.scope} data-scope="all" title="Your organization searches its whole fleet">
            All aircraft
            <input type="hidden" name="scope" value="all" />
          </span>
        ) : null}
      </div>
      {p.aircraftId && !p.searchAll ? <input type="hidden" name="aircraft_id" value={p.aircraftId} /> : null}
      {p.aircraftId && !p.searchAll && p.folderPath && p.folderPath !== "/" ? <input type="hidden" name="folder_path" value={p.folderPath} /> : null}
      {p.organization ? <input type="hidden" name="organization" value={p.organization} /> : null}
      {p.organizationId ? <input type="hidden" name="organization_id" value={p.organizationId} /> : null}
      {p.module ? <input type="hidden" name="module" value={p.module} /> : null}
      {redirectUrl ? <input type="hidden" name="redirect_url" value={redirectUrl} /> : null}
      <button type="submit" className="visually-hidden" tabIndex={-1}>
        Search
      </button>
      {/* The widget's tooltip (its text and aria-describedby set when it shows). */}
      <div id={`${id}-tip`} role="tooltip" className={s.tooltip} data-search-tooltip="" hidden />
    </Form>
  );
}

/** The top bar's search: the box, and on narrow screens a search icon that opens /storage/search. */
export function FileSearchBox(p: FileSearchProps) {
  const q = new URLSearchParams();
  if (p.aircraftId) q.set("aircraft_id", String(p.aircraftId));
  if (p.organization) q.set("organization", p.organization);
  return (
    <>
      <div className={s.wide}>
        <FileSearch {...p} />
      </div>
      <Link to={`/storage/search${q.size ? `?${q}` : ""}`} className={s.narrow} aria-label="Search files" title="Search files">
        <SearchIcon size={20} />
      </Link>
    </>
  );
}
