// The fleet as a table (the /aero-box Storage pages): aircraft, MSN, registration, status, the user's
// access, and a per-page column: follow toggle, or the state of a report with its page.
import type { ReactNode } from "react";
import { Link, useLocation } from "@remix-run/react";
import { ListTable } from "~/components/data-table-simple/data-table-simple";
import { Pagination } from "~/components/pagination/pagination";
import * as ui from "~/components/ui/ui.css";
import { ACCESS_LABEL } from "~/models/roles";
import type { AircraftCard } from "./aircraft-cards";
import { FollowToggle } from "./aircraft-cards";
import { AIRCRAFT_STATUS_LABEL } from "~/models/status-labels";

const STATUS_TONE = { GROUNDED: ui.badgeTone.danger, "IN OPERATION": ui.badgeTone.success, "IN TRANSITION": ui.badgeTone.warning } as const;

export type FleetColumn = { kind: "follow"; followed: Set<number> } | { kind: "report"; label: string; href: (id: number) => string };

export function FleetTable({ aircraft, column, emptyText }: { aircraft: AircraftCard[]; column: FleetColumn; emptyText: string }) {
  const location = useLocation();
  return (
    <ListTable empty={!aircraft.length} emptyText={emptyText} bareEmpty>
      <thead>
        <tr>
          <th scope="col">Aircraft</th>
          <th scope="col">Status</th>
          <th scope="col">Your access</th>
          <th scope="col">{column.kind === "follow" ? <span className="visually-hidden">Follow</span> : column.label}</th>
        </tr>
      </thead>
      <tbody>
        {aircraft.map((a) => (
          <tr key={a.id} data-aircraft-id={a.id}>
            <td>
              <Link to={`/aero-box/aircrafts/${a.id}`}>
                <strong>{a.name}</strong>
              </Link>
              <div className={`${ui.small} ${ui.muted}`}>
                MSN {a.msn}
                {a.registration ? ` · ${a.registration}` : ""} · {a.organization.name}
              </div>
            </td>
            <td>
              <span className={`${ui.badge} ${STATUS_TONE[a.status]}`}>{AIRCRAFT_STATUS_LABEL[a.status]}</span>
            </td>
            <td>{ACCESS_LABEL[a.access]}</td>
            <td>
              {column.kind === "follow" ? (
                <FollowToggle aircraftId={a.id} name={a.name} following={column.followed.has(a.id)} redirectTo={`${location.pathname}${location.search}`} />
              ) : (
                <span className={ui.row}>
                  <span className={`${ui.badge} ${ui.badgeTone.neutral}`} data-report-status="not-generated">
                    Not generated yet
                  </span>
                  <Link to={column.href(a.id)} className={`${ui.button.ghost} ${ui.buttonSmall}`}>
                    Open
                  </Link>
                </span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </ListTable>
  );
}

/** A whole /aero-box Storage page: the title, its lead line, the fleet table and the pages. */
export function FleetPage({ title, lead, data, column }: { title: string; lead: ReactNode; data: { aircraft: AircraftCard[]; page: number; total: number; perPage: number }; column: FleetColumn }) {
  const location = useLocation();
  return (
    <section>
      <header className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>{title}</h1>
          <p className={ui.pageLead}>{lead}</p>
        </div>
      </header>
      <FleetTable aircraft={data.aircraft} column={column} emptyText="No aircraft to show." />
      <Pagination page={data.page} total={data.total} perPage={data.perPage} hrefFor={(p) => `${location.pathname}${p > 1 ? `?page=${p}` : ""}`} noun="aircraft" />
    </section>
  );
}
