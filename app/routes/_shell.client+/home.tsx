// /client/home: the client's landing (spec 000 §2, §6): the fleet at a glance (counts by status:
// total, grounded, operational, transitional) and the aircraft list, each linking to its records.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { StatusCounts } from "~/components/aircraft-cards/aircraft-cards";
import { ActionsHeader, ListTable } from "~/components/data-table-simple/data-table-simple";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { Pagination } from "~/components/pagination/pagination";
import { StatusBadge } from "~/components/ui/status-badge";
import * as ui from "~/components/ui/ui.css";
import { ACCESS_LABEL } from "~/models/roles";
import * as storage from "~/models/storage.server";
import { requireUser } from "~/utils/auth.server";
import { FleetSearch, NO_MATCH } from "~/components/aircraft-cards/fleet-search";
import { useHrefWith } from "~/utils/use-href-with";
import { aircraftType } from "~/models/ops-rules";

export const meta: MetaFunction = () => [{ title: "Home · AeroRecords" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api } = await requireUser(request, context, { roles: ["client"] });
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const statusParam = url.searchParams.get("status");
  const status = STATUSES.find((s) => s === statusParam) ?? null;
  const page = Math.max(1, Math.min(100_000, Number(url.searchParams.get("page")) || 1));
  const fleet = await storage.listAircraft(api, { q, status, page, perPage: PER_PAGE });
  return { firstName: user.first_name, q, status, fleet };
}

const STATUSES = ["GROUNDED", "IN OPERATION", "IN TRANSITION"] as const;

const PER_PAGE = 25;

export default function ClientHome() {
  const { firstName, q, status, fleet } = useLoaderData<typeof loader>();
  const hrefWith = useHrefWith();
  const organizations = new Set(fleet.aircrafts.map((a) => a.organization.name));
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Welcome{firstName ? `, ${firstName}` : ""}</h1>
          <p className={ui.pageLead}>Your fleet at a glance. Open an aircraft to work on its records.</p>
        </div>
        <Link to="/storage/overview" className={ui.button.secondary}>
          Fleet overview
        </Link>
      </div>

      <StatusCounts counts={fleet.counts} hrefFor={(s) => hrefWith({ status: s, page: null })} />

      <FleetSearch q={q} status={status} />

      <ListTable empty={fleet.aircrafts.length === 0} emptyText={q || status ? NO_MATCH : "No aircraft have been shared with you yet."} label="Aircraft">
        <thead>
          <tr>
            <th scope="col">MSN</th>
            <th scope="col">Registration</th>
            <th scope="col" className={ui.hideSmall}>
              Aircraft
            </th>
            <th scope="col">Status</th>
            {organizations.size > 1 ? (
              <th scope="col" className={ui.hideSmall}>
                Organization
              </th>
            ) : null}
            <th scope="col" className={ui.hideSmall}>
              Your access
            </th>
            <ActionsHeader label="Records" className={ui.hideSmall} />
          </tr>
        </thead>
        <tbody>
          {fleet.aircrafts.map((a) => (
            <tr key={a.id}>
              <td className={ui.nowrap}>
                <Link to={`/storage/aircraft/${a.id}/files`} aria-label={`MSN ${a.msn}: open the records`}>
                  <strong>{a.msn}</strong>
                </Link>
              </td>
              <td className={ui.nowrap}>{a.registration || "—"}</td>
              <td className={ui.hideSmall}>
                {aircraftType(a.manufacturer, a.model) || a.name}
                <div className={`${ui.small} ${ui.muted}`}>{a.kind === "helicopter" ? "Helicopter" : "Aircraft"}</div>
              </td>
              <td>
                <StatusBadge status={a.status} />
              </td>
              {organizations.size > 1 ? <td className={ui.hideSmall}>{a.organization.name}</td> : null}
              <td className={`${ui.hideSmall} ${ui.nowrap}`}>{ACCESS_LABEL[a.access]}</td>
              <td className={ui.hideSmall} style={{ textAlign: "right" }}>
                <Link to={`/storage/aircraft/${a.id}/files`} className={`${ui.button.secondary} ${ui.buttonSmall}`} tabIndex={-1}>
                  Open records
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </ListTable>
      <Pagination page={fleet.page} total={fleet.total} perPage={fleet.per_page} hrefFor={(p) => hrefWith({ page: String(p) })} noun="aircraft" />
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;

