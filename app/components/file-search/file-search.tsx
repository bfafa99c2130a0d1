// The top bar's file search (spec 000 §2 "Top bar and search", §5 "File search", §9).
// A GET form to /storage/search that runs on Enter only. Without JS the browser's own validation
// (pattern, minlength, title) refuses the special characters and short queries, and the search page
// checks again. With JS: an empty or too-short query is ignored on Enter; a query with special
// characters is not sent and a tooltip lists up to 10 distinct offending characters and "and N more";
// while typing, that tooltip appears 500 ms after the last keystroke. The default hint is
// "Special characters are not supported in search". The upstream enforces the same rules.
import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { SearchIcon } from "~/components/icons/search";
import { DEFAULT_HINT, SEARCH_INVALID_CHARS, SEARCH_MIN_LENGTH, SEARCH_MAX_LENGTH, TOOLTIP_DELAY_MS, checkSearchQuery, charsMessage, offendingChars } from "~/models/search-query";
import * as s from "./file-search.css";
import type { FileSearchProps } from "./file-search-handle";

export type { FileSearchHandle, FileSearchProps } from "./file-search-handle";
export { fileSearchFromMatches } from "./file-search-handle";

/** An HTML pattern that refuses the special characters (valid in both the u and v RegExp modes). */
export const SEARCH_PATTERN = `[^${SEARCH_INVALID_CHARS.map((c) => ("()[]{}/-\\|".includes(c) ? `\\${c}` : c)).join("")}]*`;


export function FileSearch(p: FileSearchProps) {
  const id = useId();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const [tip, setTip] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    // With JS the tooltip replaces the browser's validation bubble.
    if (formRef.current) formRef.current.noValidate = true;
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, []);

  const showFor = (value: string) => {
    const { offending, more } = offendingChars(value);
    setTip(offending.length ? charsMessage(offending, more) : null);
  };

  const onChange = (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setTip(null);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => showFor(value), TOOLTIP_DELAY_MS);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== "Enter") return;
    const check = checkSearchQuery(e.currentTarget.value);
    if (check.ok) {
      setTip(null);
      return; // the form submits
    }
    e.preventDefault();
    if (check.reason === "chars") {
      if (timer.current) clearTimeout(timer.current);
      setTip(check.message);
    }
    // empty or shorter than 3 characters: ignored (spec §5)
  };

  const redirectUrl = location.pathname.startsWith("/storage/search") ? null : `${location.pathname}${location.search}`;
  // The search-all flag forces "all aircraft" (spec 000 §2): shown as such, nothing else offered.
  const scopes = p.searchAll ? [] : p.aircraftId ? (p.folderPath && p.folderPath !== "/" ? ["aircraft", "folder", "all"] : ["aircraft", "all"]) : [];
  const tipId = `${id}-tip`;
  return (
    <Form ref={formRef} method="get" action="/storage/search" className={s.form} role="search" aria-label="File search">
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
          aria-describedby={tip ? tipId : undefined}
          aria-invalid={tip ? true : undefined}
          onChange={onChange}
          onKeyDown={onKeyDown}
          onBlur={() => setTip(null)}
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
      {tip ? (
        <div id={tipId} role="tooltip" className={s.tooltip} data-search-tooltip="">
          {tip}
        </div>
      ) : null}
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
