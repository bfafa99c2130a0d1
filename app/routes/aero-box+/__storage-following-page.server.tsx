// /aero-box/storage/following's page as server markup (issue 12, ADR 063), rendered by its loader.
import { useLoaderData } from "@remix-run/react";
import { FleetTable } from "~/components/aircraft-cards/fleet-pages.server";
import * as ui from "~/components/ui/ui.css";

type Data = { aircraft: Parameters<typeof FleetTable>[0]["aircraft"] };

export function FollowingPage() {
  const d = useLoaderData<Data>() as Data;
  return (
    <section>
      <header className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Following</h1>
          <p className={ui.pageLead}>Aircraft you follow.</p>
        </div>
      </header>
      <FleetTable
        aircraft={d.aircraft}
        column={{ kind: "follow", followed: new Set(d.aircraft.map((a) => a.id)) }}
        emptyText="You follow no aircraft yet. Follow one from All Aircrafts."
      />
    </section>
  );
}
