// One aircraft's people and their access per product: the aircraft view of user access control, and
// the Access page a Super User of the aircraft gets (/aircraft-access/{id}). Products the viewer may
// not manage show their level but cannot be changed.
import { Link, useLocation } from "@remix-run/react";
import type { SerializeFrom } from "@remix-run/node";
import type { z } from "zod";
import { ListTable } from "~/components/data-table-simple/data-table-simple";
import { StatusBadge } from "~/components/ui/status-badge";
import * as dt from "~/components/data-table-simple/data-table-simple.css";
import * as ui from "~/components/ui/ui.css";
import { ROLE_LABEL } from "~/models/shell";
import { type AircraftAccessAnswer } from "~/models/schemas/admin";
import { PRODUCT_LABEL, PRODUCTS } from "~/models/admin-constants";
import { AccessCells, AccessTableHead, RowForm } from "./access-table";
import * as s from "./admin.css";

export function AircraftAccessView({ view, userHref }: { view: SerializeFrom<z.infer<typeof AircraftAccessAnswer>>; userHref?: (id: number) => string }) {
  const location = useLocation();
  const here = location.pathname + location.search;
  const a = view.aircraft;
  const manageable = PRODUCTS.filter((p) => view.can_manage[p]);
  const withAccess = view.users.filter((u) => PRODUCTS.some((p) => u.access[p]));
  return (
    <section aria-labelledby="aircraft-access-title">
      <h2 id="aircraft-access-title" className={s.sectionTitle}>
        {a.name}{" "}
        <span className={`${ui.small} ${ui.muted}`}>
          MSN {a.msn} · {a.registration} · {a.organization.name}
        </span>{" "}
        <StatusBadge status={a.status} />
      </h2>
      <p className={ui.muted}>
        {withAccess.length} of {view.users.length} people have access.
        {manageable.length < PRODUCTS.length ? ` You manage ${manageable.map((p) => PRODUCT_LABEL[p]).join(", ")} access here.` : ""}
      </p>
      <ListTable empty={view.users.length === 0} emptyText="No users to show">
        <AccessTableHead columns={["Person", "Role"]} />
        <tbody>
          {view.users.map((u) => {
            const formId = `person-${u.user_id}`;
            return (
              <tr key={u.user_id}>
                <td className={dt.nameCell}>
                  {userHref ? <Link to={userHref(u.user_id)}>{u.username}</Link> : <strong>{u.username}</strong>}
                  <div className={`${ui.small} ${ui.muted}`}>
                    {u.email}
                    {u.active ? "" : " · deactivated"}
                  </div>
                </td>
                <td>{ROLE_LABEL[u.role]}</td>
                <AccessCells formId={formId} access={u.access} what={`of ${u.username} to MSN ${a.msn}`} canManage={view.can_manage} />
                <RowForm formId={formId} userId={u.user_id} aircraftId={a.id} redirectTo={here} label={`Save access of ${u.username} to MSN ${a.msn}`} />
              </tr>
            );
          })}
        </tbody>
      </ListTable>
    </section>
  );
}
