// /aero-box/storage/inventory-report (spec 000 §2 "Inventory Report"): the inventory report of each aircraft. Reports are built by a
// later issue: each aircraft shows that its report has not been generated yet and links to its page
// (/storage/InventoryReport/{id}).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { FleetTable } from "~/components/aircraft-cards/fleet-table";
import type { FileSearchHandle } from "~/components/file-search/file-search";
import { Pagination } from "~/components/pagination/pagination";
import * as ui from "~/components/ui/ui.css";
import { overviewLoader } from "~/models/storage-pages.server";

export const loader = (args: LoaderFunctionArgs) => overviewLoader(args, "standard");
export const handle: FileSearchHandle = { fileSearch: true };
export const meta: MetaFunction = () => [{ title: "Inventory Report · AeroBOX · AeroRecords" }];

export default function AeroBoxInventoryReportRoute() {
  const d = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <section>
      <header className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Inventory Report</h1>
          <p className={ui.pageLead}>The inventory report of each aircraft of your fleet.</p>
        </div>
      </header>
      <FleetTable aircraft={d.aircraft} column={{ kind: "report", label: "Inventory Report", href: (id) => `/storage/InventoryReport/${id}` }} emptyText="No aircraft to show." />
      <Pagination page={d.page} total={d.total} perPage={d.perPage} hrefFor={(p) => `${location.pathname}${p > 1 ? `?page=${p}` : ""}`} noun="aircraft" />
    </section>
  );
}
