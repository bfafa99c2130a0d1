// /aero-box/storage/all (spec 000 §2 "All Aircrafts"): every aircraft the user may see, with the
// user's access and a follow toggle.
import type { LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { FleetPage } from "~/components/aircraft-cards/fleet-table";
import type { FileSearchHandle } from "~/components/file-search/file-search";
import { PageMarkup } from "~/components/server-markup/server-markup";
import { overviewLoader } from "~/models/storage-pages.server";
import { routeMarkupFrom } from "~/utils/page-markup.server";

// The page is server markup (ADR 063): the loader renders it.
export const loader = async (args: LoaderFunctionArgs) =>
  routeMarkupFrom(args, "page-aero-box-all", await overviewLoader(args, "standard"), (d: SerializeFrom<typeof overviewLoader>) => (
    <FleetPage
      title="All Aircrafts"
      lead={
        <>
          {d.counts.total} aircraft · {d.counts.grounded} grounded · {d.counts.operational} operational · {d.counts.transitional} transitional
        </>
      }
      data={d}
      column={{ kind: "follow", followed: new Set(d.followed) }}
    />
  ));
export const handle: FileSearchHandle = { fileSearch: true };
export const meta: MetaFunction = () => [{ title: "All Aircrafts · AeroBOX · AeroRecords" }];

export default function AeroBoxAllRoute() {
  return <PageMarkup id="page-aero-box-all" />;
}
