// /client/Aeroops/maintenance (spec 001 §2; AeroMRO, the maintenance module): an aircraft's maintenance
// at a glance: its work orders still open (by status, newest first, each to its screen), its technical
// logbooks with their page counts, and its maintenance and component tabs. No bottom tab bar here
// (the spec hides it on maintenance screens). Read access suffices; the links lead to the writes.
import { type SerializeFrom, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { opsHandle } from "~/components/ops-tab-bar/ops-top-bar";
import { PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom } from "~/utils/page-markup.server";
import { load, Page } from "./__aeroops-maintenance-page.server";

export const handle = opsHandle;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Maintenance${data ? ` · MSN ${data.header.msn}` : ""} · AeroMRO · AeroRecords` }];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-ops-maintenance", await load(args), () => <Page />, { keep: (d: SerializeFrom<typeof load>) => ({ header: { msn: d.header.msn, registration: d.header.registration, ops_issue_date: d.header.ops_issue_date } }) });
}

export default function Maintenance() {
  return <PageMarkup id="page-ops-maintenance" />;
}

export const ErrorBoundary = PageErrorBoundary;
