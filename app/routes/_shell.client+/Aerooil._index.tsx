// /client/Aerooil: the AeroOIL home (spec 001 §2; issue 15): the aircraft the user may open in AeroOIL and the
// counts by status, each leading to its status dashboard. The page itself is components/oil-home.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { OilHome } from "~/components/oil-home/oil-home";
import { oilFleet, requireOilUser } from "~/models/oil-pages.server";

export const meta: MetaFunction = () => [{ title: "AeroOIL · AeroRecords" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireOilUser(request, context);
  return oilFleet(api, new URL(request.url), 24);
}

export default function OilHomeRoute() {
  return <OilHome />;
}

export const ErrorBoundary = PageErrorBoundary;
