// /Aeroops/org: the AeroOPS home (spec 001 §2): the aircraft the user may open in AeroOPS, counts by
// status, each card leading to the aircraft screen. `module` (airworthiness / transition /
// maintenance) names the variant: AeroCAMO, AeroSORT, AeroMRO.
import { type SerializeFrom, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom } from "~/utils/page-markup.server";
import { load, Page } from "./__org-index-page.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.label ?? "AeroOPS"} · AeroRecords` }];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-ops-org", await load(args), () => <Page />, { keep: (d: SerializeFrom<typeof load>) => ({ label: d.label }), index: true });
}

export default function OpsHome() {
  return <PageMarkup id="page-ops-org" />;
}

export const ErrorBoundary = PageErrorBoundary;
