// The fleet lists' filter (ADR 089: one look for the storage, AeroOPS and AeroOIL fleet lists): a GET
// form named "Filter the fleet" with the aircraft search box (placeholder "Search aircraft with MSN",
// spec 000 §5), the status (the words of the aircraft status map), the organization where staff
// choose one, hidden fields for what the page keeps (the AeroOPS module), and a Clear link while a
// filter is on. Works without JavaScript.
import { Form, Link, useLocation } from "@remix-run/react";
import * as ui from "~/components/ui/ui.css";
import { AIRCRAFT_STATUS_LABEL } from "~/models/status-labels";

/** What the fleet lists say when a filter leaves no aircraft. */
export const NO_MATCH = "No aircraft match these filters.";

export function FleetSearch({
  q,
  status,
  keep = {},
  organizations,
  organization,
}: {
  q: string;
  status: string | null;
  keep?: Record<string, string | null>;
  /** Staff: the organizations to choose from, and the chosen one. */
  organizations?: { slug: string; name: string }[] | null;
  organization?: string | null;
}) {
  const location = useLocation();
  const kept = Object.entries(keep).filter((e): e is [string, string] => !!e[1]);
  const clear = kept.length ? `${location.pathname}?${new URLSearchParams(kept)}` : location.pathname;
  return (
    <Form method="get" className={ui.filterBar} role="search" aria-label="Filter the fleet">
      {kept.map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <div className={ui.field} style={{ flex: "1 1 240px" }}>
        <label className={ui.label} htmlFor="fleet-q">
          Aircraft
        </label>
        <input id="fleet-q" name="q" type="search" defaultValue={q} className={ui.input} placeholder="Search aircraft with MSN" maxLength={100} />
      </div>
      <div className={ui.field}>
        <label className={ui.label} htmlFor="fleet-status">
          Status
        </label>
        <select id="fleet-status" name="status" className={ui.input} defaultValue={status ?? ""}>
          <option value="">All statuses</option>
          {Object.entries(AIRCRAFT_STATUS_LABEL).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      {organizations ? (
        <div className={ui.field}>
          <label className={ui.label} htmlFor="fleet-org">
            Client organization
          </label>
          <select id="fleet-org" name="organization" className={ui.input} defaultValue={organization ?? ""}>
            <option value="">All organizations</option>
            {organizations.map((o) => (
              <option key={o.slug} value={o.slug}>
                {o.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <button type="submit" className={ui.button.secondary}>
        Apply
      </button>
      {q || status || organization ? (
        <Link to={clear} className={ui.button.ghost}>
          Clear
        </Link>
      ) : null}
    </Form>
  );
}
