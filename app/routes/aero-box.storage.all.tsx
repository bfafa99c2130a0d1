// /aero-box/storage/all (spec 000 §2 "All Aircrafts"): every aircraft the user may see, with the
// user's access and a follow toggle.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { FleetTable } from "~/components/aircraft-cards/fleet-table";
import type { FileSearchHandle } from "~/components/file-search/file-search";
import { Pagination } from "~/components/pagination/pagination";
import * as ui from "~/components/ui/ui.css";
import { overviewLoader } from "~/models/storage-pages.server";

export const loader = (args: LoaderFunctionArgs) => overviewLoader(args, "standard");
export const handle: FileSearchHandle = { fileSearch: true };
export const meta: MetaFunction = () => [{ title: "All Aircrafts · AeroBOX · AeroRecords" }];

export default function AeroBoxAllRoute() {
  const d = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <section>
      <header className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>All Aircrafts</h1>
          <p className={ui.pageLead}>
            {d.counts.total} aircraft · {d.counts.grounded} grounded · {d.counts.operational} operational · {d.counts.transitional} transitional
          </p>
        </div>
      </header>
      <FleetTable aircraft={d.aircraft} column={{ kind: "follow", followed: new Set(d.followed) }} emptyText="No aircraft to show." />
      <Pagination page={d.page} total={d.total} perPage={d.perPage} hrefFor={(p) => `${location.pathname}${p > 1 ? `?page=${p}` : ""}`} noun="aircraft" />
    </section>
  );
}
