// /client/Aeroops/aeroplane: an aircraft in AeroOPS (spec 001 §2): its facts and issue dates, the
// module variants (AeroCAMO / AeroSORT / AeroMRO) and AeroOIL when the aircraft has it, and its tabs
// grouped by group_name. The ops API answers 404 for an aircraft the user may not open (then the
// spec's redirect to the role landing).
import { type SerializeFrom, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { opsHandle } from "~/components/ops-tab-bar/ops-top-bar";
import { PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom } from "~/utils/page-markup.server";
import { load, Page } from "./__aeroops-aeroplane-page.server";

export const handle = opsHandle;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data ? `MSN ${data.header.msn}` : "Aircraft"} · AeroOPS · AeroRecords` }];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-ops-aeroplane", await load(args), () => <Page />, { keep: (d: SerializeFrom<typeof load>) => ({ header: { msn: d.header.msn, registration: d.header.registration, ops_issue_date: d.header.ops_issue_date } }) });
}

export default function Aeroplane() {
  return <PageMarkup id="page-ops-aeroplane" />;
}

export const ErrorBoundary = PageErrorBoundary;
