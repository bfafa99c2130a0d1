// The fleet overview page (/storage/overview, /storage/uef/overview, /aero-box): counts by status,
// filters in the URL (the fleet lists' one filter form, fleet-search.tsx), the aircraft cards and the pager.
import type { SerializeFrom } from "@remix-run/node";
import { useLocation } from "@remix-run/react";
import { Pagination } from "~/components/pagination/pagination";
import * as ui from "~/components/ui/ui.css";
import type { overviewLoader } from "~/models/storage-pages.server";
import { AircraftCards, StatusCounts, type AircraftCard } from "./aircraft-cards";
import { FleetSearch, NO_MATCH } from "./fleet-search";
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

      <FleetSearch q={f.q} status={f.status ?? null} keep={{ module: f.module ?? null }} organizations={data.organizations} organization={f.organization ?? null} />

      <AircraftCards
        aircraft={data.aircraft}
        filesHref={filesHref}
        followed={new Set(data.followed)}
        redirectTo={`${location.pathname}${location.search}`}
        emptyText={f.q || f.status || f.organization ? NO_MATCH : "No aircraft to show. Ask your administrator for access to your organization's aircraft."}
      />
      <Pagination page={data.page} total={data.total} perPage={data.perPage} hrefFor={pageHref} noun="aircraft" label="Fleet pages" />
    </section>
  );
}
