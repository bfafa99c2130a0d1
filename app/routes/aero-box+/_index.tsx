// /aero-box/ (spec 000 §2): the AeroBOX overview: counts by status and the fleet, each aircraft
// opening /aero-box/aircrafts/{id}.
import type { LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { FleetOverview } from "~/components/aircraft-cards/fleet-overview";
import type { FileSearchHandle } from "~/components/file-search/file-search";
import { PageMarkup } from "~/components/server-markup/server-markup";
import { overviewLoader } from "~/models/storage-pages.server";
import { routeMarkupFrom } from "~/utils/page-markup.server";

// The page is server markup (ADR 063): the loader renders it.
export const loader = async (args: LoaderFunctionArgs) =>
  routeMarkupFrom(args, "page-aero-box", await overviewLoader(args, "standard"), (data: SerializeFrom<typeof overviewLoader>) => (
    <FleetOverview data={data} title="AeroBOX overview" filesHref={(a) => `/aero-box/aircrafts/${a.id}`} />
  ), { index: true });
export const handle: FileSearchHandle = { fileSearch: true };
export const meta: MetaFunction = () => [{ title: "AeroBOX · Overview · AeroRecords" }];

export default function AeroBoxHome() {
  return <PageMarkup id="page-aero-box" />;
}
