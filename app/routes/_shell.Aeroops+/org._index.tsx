// /Aeroops/org: the AeroOPS home (spec 001 §2): the aircraft the user may open in AeroOPS, counts by
// status, each card leading to the aircraft screen. `module` (airworthiness / transition /
// maintenance) names the variant: AeroCAMO, AeroSORT, AeroMRO.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { AircraftCards, StatusCounts } from "~/components/aircraft-cards/aircraft-cards";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { Pagination } from "~/components/pagination/pagination";
import * as ui from "~/components/ui/ui.css";
import { opsFleet, requireOpsUser } from "~/models/ops-pages.server";
import { MODULE_LABELS } from "~/models/ops-rules";
import { FleetSearch, NO_MATCH } from "~/components/aircraft-cards/fleet-search";
import { useHrefWith } from "~/utils/use-href-with";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.label ?? "AeroOPS"} · AeroRecords` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireOpsUser(request, context);
  const url = new URL(request.url);
  const { q, status, fleet, module } = await opsFleet(api, url, 24);
  return { q, status, fleet, module, label: module ? MODULE_LABELS[module]! : "AeroOPS" };
}

export default function OpsHome() {
  const { q, status, fleet, module, label } = useLoaderData<typeof loader>();
  const location = useLocation();
  const hrefWith = useHrefWith();
  const withModule = (href: string) => (module ? `${href}&module=${module}` : href);
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>{label} Home</h1>
          <p className={ui.pageLead}>Airworthiness, maintenance and transition data per aircraft: tabs, work orders and technical logbooks.</p>
        </div>
        <Link to={`/Aeroops/org/Aircrafts${module ? `?module=${module}` : ""}`} className={ui.button.secondary}>
          My Fleet
        </Link>
      </div>

      <StatusCounts counts={fleet.counts} hrefFor={(s) => hrefWith({ status: s, page: null })} />

      <FleetSearch q={q} status={status} keep={{ module }} />

      <AircraftCards
        aircraft={fleet.aircrafts}
        filesHref={(a) => withModule(`/client/Aeroops/aeroplane?org_msn_id=${a.id}&aerotype=Aeroops`)}
        redirectTo={location.pathname + location.search}
        openLabel="Open in AeroOPS"
        issueDateLabel="OPS issue date"
        emptyText={q || status ? NO_MATCH : "No aircraft have been opened to you in AeroOPS yet. Ask a Super User of your organization for access."}
      />
      <Pagination page={fleet.page} total={fleet.total} perPage={fleet.per_page} hrefFor={(p) => hrefWith({ page: String(p) })} noun="aircraft" />
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;

