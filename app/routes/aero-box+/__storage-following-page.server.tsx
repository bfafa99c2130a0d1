// /aero-box/storage/following's page as server markup (issue 12, ADR 063), rendered by its loader.
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FleetTable } from "~/components/aircraft-cards/fleet-table";
import * as ui from "~/components/ui/ui.css";
import { STORAGE_ROLES, listFollowing } from "~/models/storage-pages.server";
import { requireUser } from "~/utils/auth.server";

export async function load({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STORAGE_ROLES });
  const { aircrafts } = await listFollowing(api);
  return json({ aircraft: aircrafts }, { headers: { "Cache-Control": "private, no-store" } });
}

export function FollowingPage() {
  const d = useLoaderData<typeof load>();
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
