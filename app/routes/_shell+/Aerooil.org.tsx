// /Aerooil/org: the AeroOIL home (spec 001 §2; issue 15): the aircraft the user may open in AeroOIL and the
// counts by status, each leading to its status dashboard. The page itself is components/oil-home.
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { oilFleet, requireOilUser } from "~/models/oil-pages.server";
import { OilHome } from "~/components/oil-home/oil-home.server";
import { PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom } from "~/utils/page-markup.server";

export const meta: MetaFunction = () => [{ title: "AeroOIL · AeroRecords" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireOilUser(request, context);
  // The page is server markup (ADR 063): the loader renders it.
  return routeMarkupFrom({ request, context }, "page-oil-org", await oilFleet(api, new URL(request.url), 24), () => <OilHome />);
}

export default function OilHomeRoute() {
  return <PageMarkup id="page-oil-org" />;
}
export const ErrorBoundary = PageErrorBoundary;
