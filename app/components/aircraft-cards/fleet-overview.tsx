// The fleet overview page (/storage/overview, /storage/uef/overview, /aero-box): counts by status,
// filters in the URL (a GET form: works without JS), the aircraft cards and the pager.
import type { SerializeFrom } from "@remix-run/node";
import { Form, useLocation } from "@remix-run/react";
import { Pagination } from "~/components/pagination/pagination";
import * as ui from "~/components/ui/ui.css";
import type { overviewLoader } from "~/models/storage-pages.server";
import { AircraftCards, StatusCounts, type AircraftCard } from "./aircraft-cards";
import { useHrefWith } from "~/utils/use-href-with";

export type OverviewData = SerializeFrom<typeof overviewLoader>;

export function FleetOverview({
  data,
  title,
  lead,
  filesHref,
}: {
  data: OverviewData;
  title: string;
  lead?: string;
  filesHref: (a: AircraftCard) => string;
}) {
  const location = useLocation();
  const f = data.filters;
  const withParams = useHrefWith();
  // A new filter starts again at the first page.
  const hrefWith = (changes: Record<string, string | null>) => withParams({ ...changes, page: null });
  const pageHref = (p: number) => withParams({ page: p > 1 ? String(p) : null });
  const orgName = data.organizations?.find((o) => o.slug === f.organization)?.name ?? data.aircraft[0]?.organization.name ?? null;
  return (
    <section>
      <header className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>{title}</h1>
          <p className={ui.pageLead}>{lead ?? (f.organization && orgName ? orgName : data.organizations ? "All organizations" : orgName ?? "Your fleet")}</p>
        </div>
      </header>

      <StatusCounts counts={data.counts} hrefFor={(status) => hrefWith({ status })} />

      <Form method="get" className={ui.filterBar} role="search" aria-label="Filter the fleet">
        <div className={ui.field}>
          <label className={ui.label} htmlFor="fleet-q">
            Aircraft
          </label>
          <input id="fleet-q" name="q" type="search" className={ui.input} placeholder="Search aircraft with MSN" defaultValue={f.q} maxLength={100} />
        </div>
        <div className={ui.field}>
          <label className={ui.label} htmlFor="fleet-status">
            Status
          </label>
          <select id="fleet-status" name="status" className={ui.input} defaultValue={f.status ?? ""}>
            <option value="">All statuses</option>
            <option value="GROUNDED">Grounded</option>
            <option value="IN OPERATION">In operation</option>
            <option value="IN TRANSITION">In transition</option>
          </select>
        </div>
        {data.organizations ? (
          <div className={ui.field}>
            <label className={ui.label} htmlFor="fleet-org">
              Client organization
            </label>
            <select id="fleet-org" name="organization" className={ui.input} defaultValue={f.organization ?? ""}>
              <option value="">All organizations</option>
              {data.organizations.map((o) => (
                <option key={o.slug} value={o.slug}>
                  {o.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {f.module ? <input type="hidden" name="module" value={f.module} /> : null}
        <button type="submit" className={ui.button.secondary}>
          Apply
        </button>
      </Form>

      <AircraftCards
        aircraft={data.aircraft}
        filesHref={filesHref}
        followed={new Set(data.followed)}
        redirectTo={`${location.pathname}${location.search}`}
        emptyText={f.q || f.status ? "No aircraft match these filters." : "No aircraft to show. Ask your administrator for access to your organization's aircraft."}
      />
      <Pagination page={data.page} total={data.total} perPage={data.perPage} hrefFor={pageHref} noun="aircraft" label="Fleet pages" />
    </section>
  );
}
