// The work-order lists of an aircraft (spec 001 §2; issue 14): /client/Aeroops/workorder (every kind)
// and /workorder/aircraftworkorder, /engineworkorder, /componentworkorder (one kind each: the Aircraft
// WO, Engine WO and Component WO tabs). Newest first, paged, searched by number or title, all in the
// URL; each links to its update screen. Users with Edit Access get "Create work order".
import { type SerializeFrom, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { opsHandle } from "~/components/ops-tab-bar/ops-top-bar";
import { PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom } from "~/utils/page-markup.server";
import { load, Page } from "./__workorder-list-page.server";

export const handle = opsHandle;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Work orders"}${data ? ` · MSN ${data.header.msn}` : ""} · AeroOPS · AeroRecords` }];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-workorders", await load(args), () => <Page />, { keep: (d: SerializeFrom<typeof load>) => ({ title: d.title, header: { msn: d.header.msn, registration: d.header.registration, ops_issue_date: d.header.ops_issue_date } }) });
}

export default function WorkOrderList() {
  return <PageMarkup id="page-workorders" />;
}

export const ErrorBoundary = PageErrorBoundary;
