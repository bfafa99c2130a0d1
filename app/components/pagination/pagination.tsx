// The pager of long listings: plain links (the page lives in the URL), so it works without JS.
// Which pages are shown: pageItems() (pageRangeDisplayed 5, margin pages 2). A list read by keyset
// (ADR 084) gives its previous and next links their own hrefs (a cursor beside the page number).
import { Link } from "@remix-run/react";
import { pageCountOf, pageItems } from "./pages";
import * as s from "./pagination.css";

export function Pagination({
  page,
  total,
  perPage,
  hrefFor,
  prevHref,
  nextHref,
  label = "Pages",
  noun = "items",
  totalText,
  capped = false,
  hasNext = false,
}: {
  page: number;
  total: number;
  /** `total` is where the count stopped: there are more ("of more than 10,000 rows"), pages beyond it too. */
  capped?: boolean;
  /** There is a page after this one (a capped count's pages go on past its last). */
  hasNext?: boolean;
  perPage: number;
  hrefFor: (page: number) => string;
  /** The previous / next page's link when it is not hrefFor(page ∓ 1). */
  prevHref?: string | null;
  nextHref?: string | null;
  label?: string;
  noun?: string;
  /** Says the total instead of the number, e.g. "more than 1,000" when it is a lower bound. */
  totalText?: string;
}) {
  const count = capped ? Math.max(pageCountOf(total, perPage), page + (hasNext ? 1 : 0)) : pageCountOf(total, perPage);
  const first = total === 0 ? 0 : (page - 1) * perPage + 1;
  const last = capped ? page * perPage : Math.min(total, page * perPage);
  const of = totalText ?? (capped ? `more than ${total.toLocaleString("en-US")}` : total.toLocaleString("en-US"));
  const summary = total === 0 ? `No ${noun}` : `${first.toLocaleString("en-US")}–${last.toLocaleString("en-US")} of ${of} ${noun}`;
  if (count <= 1) return <p className={s.summary}>{summary}</p>;
  return (
    <nav aria-label={label} className={s.nav} data-pager="">
      <span className={s.summary}>{summary}</span>
      <ul className={s.list}>
        <li>
          {page > 1 ? (
            <Link className={s.page} to={prevHref ?? hrefFor(page - 1)} rel="prev" aria-label="Previous page">
              ‹ Previous
            </Link>
          ) : (
            <span className={s.disabled} aria-disabled="true">
              ‹ Previous
            </span>
          )}
        </li>
        {pageItems(page, count).map((it) =>
          it.type === "break" ? (
            <li key={it.key}>
              <span className={s.gap} aria-hidden="true">
                …
              </span>
            </li>
          ) : (
            <li key={it.page}>
              {it.current ? (
                <span className={s.current} aria-current="page" aria-label={`Page ${it.page}`}>
                  {it.page}
                </span>
              ) : (
                <Link className={s.page} to={hrefFor(it.page)} aria-label={`Page ${it.page}`}>
                  {it.page}
                </Link>
              )}
            </li>
          ),
        )}
        <li>
          {page < count ? (
            <Link className={s.page} to={nextHref ?? hrefFor(page + 1)} rel="next" aria-label="Next page">
              Next ›
            </Link>
          ) : (
            <span className={s.disabled} aria-disabled="true">
              Next ›
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
