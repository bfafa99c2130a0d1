// /admin/aeroops/org?org={slug}: an AeroOPS organization (?type=Aerooil: AeroOIL) and the aircraft
// registered for the module (POST /v1/user_access/msn_id/get_v2.json), with the form that registers
// an MSN (POST /v1/user_access/msn_id_created.json: creates the aircraft, or enables an existing one,
// and its module tabs).
import { type SerializeFrom, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { markupShouldRevalidate, PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom, routeActionMarkup } from "~/utils/page-markup.server";
import { load, act, Page } from "./__aeroops-org-page.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.organization.name ?? "Organization"} · ${data?.label ?? "AeroOPS"} · AeroRecords` },
];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-module-org", await load(args), () => <Page />, { keep: (d: SerializeFrom<typeof load>) => ({ label: d.label, organization: { name: d.organization.name } }) });
}

// A form's answer with errors is the page again, rendered by the action (ADR 064).
export async function action(args: ActionFunctionArgs) {
  return routeActionMarkup(args, "page-module-org", await act(args), () => load(args), () => <Page />);
}

export default function OpsOrganization() {
  return <PageMarkup id="page-module-org" />;
}

// A refused form (4xx) changed nothing: its answer is the page, so the loader does not run again (ADR 066).
export const shouldRevalidate = markupShouldRevalidate;

export const ErrorBoundary = PageErrorBoundary;
