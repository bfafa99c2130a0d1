// /Aeroops/org/Aircrafts: My Fleet (spec 001 §2): every aircraft the user may open in AeroOPS, with
// MSN, registration, status, the user's access level and the OPS issue date, each linking to it.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { StatusCounts } from "~/components/aircraft-cards/aircraft-cards";
import { FleetSearch, NO_MATCH } from "~/components/aircraft-cards/fleet-search";
import { ListTable } from "~/components/data-table-simple/data-table-simple";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { Pagination } from "~/components/pagination/pagination";
import { StatusBadge } from "~/components/ui/status-badge";
import * as ui from "~/components/ui/ui.css";
import { opsFleet, requireOpsUser } from "~/models/ops-pages.server";
import { ACCESS_LABEL } from "~/models/roles";
import { dayMonthYear } from "~/utils/dates";
import { useHrefWith } from "~/utils/use-href-with";
import { aircraftType } from "~/models/ops-rules";

export const meta: MetaFunction = () => [{ title: "My Fleet · AeroOPS · AeroRecords" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireOpsUser(request, context);
  return opsFleet(api, new URL(request.url), 50);
}

export default function MyFleet() {
  const { q, status, fleet, module } = useLoaderData<typeof loader>();
  const hrefWith = useHrefWith();
  const open = (id: number) => `/client/Aeroops/aeroplane?org_msn_id=${id}&aerotype=Aeroops${module ? `&module=${module}` : ""}`;
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>My Fleet</h1>
          <p className={ui.pageLead}>
            The aircraft opened to you in AeroOPS, with your access and each one's OPS issue date.
          </p>
        </div>
        <Link to={`/Aeroops/org${module ? `?module=${module}` : ""}`} className={ui.button.ghost}>
          AeroOPS Home
        </Link>
      </div>

      <StatusCounts counts={fleet.counts} hrefFor={(st) => hrefWith({ status: st, page: null })} />

      <FleetSearch q={q} status={status} keep={{ module }} />

      <ListTable empty={fleet.aircrafts.length === 0} emptyText={q || status ? NO_MATCH : "No aircraft have been opened to you in AeroOPS yet."} label="My Fleet">
        <thead>
          <tr>
            <th scope="col">MSN</th>
            <th scope="col">Registration</th>
            <th scope="col" className={ui.hideSmall}>
              Aircraft
            </th>
            <th scope="col">Status</th>
            <th scope="col" className={ui.hideSmall}>
              Your access
            </th>
            <th scope="col" className={ui.hideSmall}>
              OPS issue date
            </th>
          </tr>
        </thead>
        <tbody>
          {fleet.aircrafts.map((a) => (
            <tr key={a.id}>
              <td className={ui.nowrap}>
                <Link to={open(a.id)} aria-label={`MSN ${a.msn}: open in AeroOPS`}>
                  <strong>{a.msn}</strong>
                </Link>
              </td>
              <td className={ui.nowrap}>{a.registration || "—"}</td>
              <td className={ui.hideSmall}>{aircraftType(a.manufacturer, a.model) || a.name}</td>
              <td>
                <StatusBadge status={a.status} />
              </td>
              <td className={`${ui.hideSmall} ${ui.nowrap}`}>{ACCESS_LABEL[a.access]}</td>
              <td className={`${ui.hideSmall} ${ui.nowrap}`}>{dayMonthYear(a.issue_date) || "—"}</td>
            </tr>
          ))}
        </tbody>
      </ListTable>
      <Pagination page={fleet.page} total={fleet.total} perPage={fleet.per_page} hrefFor={(p) => hrefWith({ page: String(p) })} noun="aircraft" />
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;

