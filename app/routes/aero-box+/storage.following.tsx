// /aero-box/storage/following (spec 000 §2 "Following"): the aircraft the user follows. POST (intent
// follow|unfollow, aircraft_id, redirectTo) toggles following from any page, with a toast.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FleetTable } from "~/components/aircraft-cards/fleet-table";
import type { FileSearchHandle } from "~/components/file-search/file-search";
import * as ui from "~/components/ui/ui.css";
import { followingAction, listFollowing, STORAGE_ROLES } from "~/models/storage-pages.server";
import { requireUser } from "~/utils/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STORAGE_ROLES });
  const { aircrafts } = await listFollowing(api);
  return { aircraft: aircrafts };
}

export const action = (args: ActionFunctionArgs) => followingAction(args);
export const handle: FileSearchHandle = { fileSearch: true };
export const meta: MetaFunction = () => [{ title: "Following · AeroBOX · AeroRecords" }];

export default function AeroBoxFollowingRoute() {
  const d = useLoaderData<typeof loader>();
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
