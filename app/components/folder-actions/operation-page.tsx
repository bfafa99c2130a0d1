// The standalone pages /storage/create, /storage/copy, /storage/move and /storage/delete: the same form
// as the listing's dialog, as a page (bookmarkable, and the confirmation step of a delete without JS).
// The routes' actions always answer with a redirect and a toast.
import type { SerializeFrom } from "@remix-run/node";
import { Link } from "@remix-run/react";
import * as ui from "~/components/ui/ui.css";
import type { operationPageLoader } from "~/models/storage-pages.server";
import { FolderActionDialog } from "./folder-actions";

const TITLE = {
  create: "Create folder",
  copy: "Copy",
  move: "Move or rename",
  delete: "Delete",
} as const;

export function OperationPage({ data }: { data: SerializeFrom<typeof operationPageLoader> }) {
  if (!data.ready) {
    return (
      <section>
        <header className={ui.pageHeader}>
          <div>
            <h1 className={ui.pageTitle}>{TITLE[data.op]}</h1>
            <p className={ui.pageLead}>{data.reason}</p>
          </div>
        </header>
        {data.aircraft.length ? (
          <ul className={ui.stack} aria-label="Aircraft" style={{ listStyle: "none", padding: 0 }}>
            {data.aircraft.map((a) => (
              <li key={a.id}>
                <Link to={a.href} className={ui.linkButton}>
                  {a.name} · MSN {a.msn}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className={ui.muted}>You have no aircraft with Edit Access.</p>
        )}
        <Link to="/storage/overview" className={ui.button.secondary}>
          Go to the fleet
        </Link>
      </section>
    );
  }
  return (
    <section>
      <header className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>{TITLE[data.op]}</h1>
          <p className={ui.pageLead}>
            {data.aircraft.name} · MSN {data.aircraft.msn}
          </p>
        </div>
      </header>
      {data.canWrite ? (
        <FolderActionDialog
          asPage
          kind={data.kind}
          aircraftId={data.aircraft.id}
          dir={data.dir}
          family={data.family}
          item={data.item}
          closeHref={data.closeHref}
          returnTo={data.returnTo}
          picker={data.picker}
        />
      ) : (
        <div className={ui.alert.warning} role="alert">
          You have Read Access to this aircraft. Edit Access is needed to change its records.
        </div>
      )}
    </section>
  );
}
