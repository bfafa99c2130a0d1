// /aero-box/ (spec 000 §2): the AeroBOX overview: counts by status and the fleet, each aircraft
// opening /aero-box/aircrafts/{id}.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FleetOverview } from "~/components/aircraft-cards/fleet-overview";
import type { FileSearchHandle } from "~/components/file-search/file-search";
import { overviewLoader } from "~/models/storage-pages.server";

export const loader = (args: LoaderFunctionArgs) => overviewLoader(args, "standard");
export const handle: FileSearchHandle = { fileSearch: true };
export const meta: MetaFunction = () => [{ title: "AeroBOX · Overview · AeroRecords" }];

export default function AeroBoxHome() {
  const data = useLoaderData<typeof loader>();
  return <FleetOverview data={data} title="AeroBOX overview" filesHref={(a) => `/aero-box/aircrafts/${a.id}`} />;
}
