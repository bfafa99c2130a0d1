// /storage/user as server markup (issue 12, ADR 063): the user's access to the fleet's records and,
// for one aircraft, its users. user.tsx's loader renders it.
import { ActionsHeader, ListTable } from "~/components/data-table-simple/data-table-simple";
import { A } from "~/components/server-markup/markup-elements";
import * as ui from "~/components/ui/ui.css";
import { ACCESS_LABEL, type AccessLevel } from "~/models/roles";
import { filesHref } from "~/models/storage-links";

export interface UserPageData {
  me: { name: string; email: string };
  aircraft: { id: number; name: string; msn: string; registration: string | null; access: AccessLevel; organization: string }[];
  total: number;
  selected: { aircraft: { id: number; name: string; msn: string }; users: { user_id: number; username: string; access: AccessLevel }[] } | null;
}

export function UserPage({ d }: { d: UserPageData }) {
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
                <A to={filesHref(a.id)}>{a.name}</A>
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
                <A to={`/storage/user?aircraft_id=${a.id}`} className={`${ui.button.ghost} ${ui.buttonSmall}`}>
                  Users
                </A>
              </td>
            </tr>
          ))}
        </tbody>
      </ListTable>
      {d.total > d.aircraft.length ? <p className={`${ui.small} ${ui.muted}`}>Showing the first {d.aircraft.length} of {d.total} aircraft.</p> : null}
    </section>
  );
}
