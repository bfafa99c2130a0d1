// The AeroOIL home (/Aerooil/org and /client/Aerooil; spec 001 §2, issue 15): the aircraft the user
// may open in AeroOIL, counts by status (total, grounded, operational, transitional), each card
// leading to the aircraft's status dashboard. Search, status filter and page live in the URL.
import { useLoaderData, useLocation } from "@remix-run/react";
import { AircraftCards, StatusCounts, type AircraftCard, type Counts } from "~/components/aircraft-cards/aircraft-cards";
import { Pagination } from "~/components/pagination/pagination";
import * as ui from "~/components/ui/ui.css";
import { FleetSearch, NO_MATCH } from "~/components/aircraft-cards/fleet-search";
import { useHrefWith } from "~/utils/use-href-with";

export type OilHomeData = {
  q: string;
  status: string | null;
  fleet: { aircrafts: AircraftCard[]; counts: Counts; total: number; page: number; per_page: number };
};

export const oilDashboardHref = (a: { id: number; msn: string; organization: { slug: string } }) =>
  `/client/Aerooil/statusDashboard?${new URLSearchParams({ org: a.organization.slug, msn_id: a.msn, org_msn_id: String(a.id), aerotype: "Aerooil" })}`;

export function OilHome() {
  const { q, status, fleet } = useLoaderData() as OilHomeData;
  const location = useLocation();
  const hrefWith = useHrefWith();
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>AeroOIL Home</h1>
          <p className={ui.pageLead}>Oil analysis per aircraft: the status of each unit, the rows you watch, ABC listing and general information.</p>
        </div>
      </div>

      <StatusCounts counts={fleet.counts} hrefFor={(s) => hrefWith({ status: s, page: null })} />

      <FleetSearch q={q} status={status} />

      <AircraftCards
        aircraft={fleet.aircrafts}
        filesHref={oilDashboardHref}
        redirectTo={location.pathname + location.search}
        openLabel="Open in AeroOIL"
        issueDateLabel="OIL issue date"
        emptyText={q || status ? NO_MATCH : "No aircraft have been opened to you in AeroOIL yet. Ask a Super User of your organization for access."}
      />
      <Pagination page={fleet.page} total={fleet.total} perPage={fleet.per_page} hrefFor={(p) => hrefWith({ page: String(p) })} noun="aircraft" />
    </>
  );
}
