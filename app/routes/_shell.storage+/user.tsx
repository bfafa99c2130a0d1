// /storage/user (spec 000 §2 "Storage"): the user's access to the fleet's records: each aircraft with
// the user's own level (Edit Access, Super User, Read Access), and for one aircraft (?aircraft_id=) the
// USERS list with each user's access type ("No users to show" when empty).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ActionsHeader, ListTable } from "~/components/data-table-simple/data-table-simple";
import type { FileSearchHandle } from "~/components/file-search/file-search";
import * as ui from "~/components/ui/ui.css";
import { ACCESS_LABEL } from "~/models/roles";
import { filesHref } from "~/models/storage-links";
import { STORAGE_ROLES, aircraftUsers, getAircraft, listAircraft, parseId } from "~/models/storage.server";
import { requireUser } from "~/utils/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api } = await requireUser(request, context, { roles: STORAGE_ROLES });
  const aircraftId = parseId(new URL(request.url).searchParams.get("aircraft_id"));
  const [fleet, selected] = await Promise.all([
    listAircraft(api, { perPage: 500 }),
    aircraftId ? Promise.all([getAircraft(api, aircraftId), aircraftUsers(api, aircraftId)]) : Promise.resolve(null),
  ]);
  return {
    me: { name: user.first_name || user.username, email: user.email },
    aircraft: fleet.aircrafts.map((a) => ({ id: a.id, name: a.name, msn: a.msn, registration: a.registration, access: a.access, organization: a.organization.name })),
    total: fleet.total,
    selected: selected ? { aircraft: { id: selected[0].aircraft.id, name: selected[0].aircraft.name, msn: selected[0].aircraft.msn }, users: selected[1].users } : null,
  };
}

export const handle: FileSearchHandle = { fileSearch: true };
export const meta: MetaFunction = () => [{ title: "My access · Records · AeroRecords" }];

export default function StorageUserRoute() {
  const d = useLoaderData<typeof loader>();
  return (
    <section>
      <header className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>My access</h1>
          <p className={ui.pageLead}>
            {d.me.name} · {d.me.email}
          </p>
        </div>
      </header>

      {d.selected ? (
        <div className={ui.card} style={{ marginBottom: 24 }}>
          <h2 className={ui.cardTitle}>
            Users of {d.selected.aircraft.name} (MSN {d.selected.aircraft.msn})
          </h2>
          {d.selected.users.length ? (
            <ul className={ui.stack} style={{ listStyle: "none", margin: 0, padding: 0, gap: 8 }} aria-label="USERS">
              {d.selected.users.map((u) => (
                <li key={u.user_id} className={ui.row} style={{ justifyContent: "space-between" }}>
                  <span>{u.username}</span>
                  <span className={`${ui.badge} ${ui.badgeTone.info}`}>{ACCESS_LABEL[u.access]}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className={ui.muted}>No users to show</p>
          )}
        </div>
      ) : null}

      <ListTable empty={!d.aircraft.length} emptyText="You have no access to any aircraft's records yet." bareEmpty>
        <thead>
          <tr>
            <th scope="col">Aircraft</th>
            <th scope="col">Organization</th>
            <th scope="col">Your access</th>
            <ActionsHeader label="Links" />
          </tr>
        </thead>
        <tbody>
          {d.aircraft.map((a) => (
            <tr key={a.id}>
              <td>
                <Link to={filesHref(a.id)}>{a.name}</Link>
                <div className={`${ui.small} ${ui.muted}`}>
                  MSN {a.msn}
                  {a.registration ? ` · ${a.registration}` : ""}
                </div>
              </td>
              <td>{a.organization}</td>
              <td>
                <span className={`${ui.badge} ${ui.badgeTone.info}`}>{ACCESS_LABEL[a.access]}</span>
              </td>
              <td style={{ textAlign: "right" }}>
                <Link to={`/storage/user?aircraft_id=${a.id}`} className={`${ui.button.ghost} ${ui.buttonSmall}`}>
                  Users
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </ListTable>
      {d.total > d.aircraft.length ? <p className={`${ui.small} ${ui.muted}`}>Showing the first {d.aircraft.length} of {d.total} aircraft.</p> : null}
    </section>
  );
}
