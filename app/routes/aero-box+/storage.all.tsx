// /aero-box/storage/all (spec 000 §2 "All Aircrafts"): every aircraft the user may see, with the
// user's access and a follow toggle.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FleetPage } from "~/components/aircraft-cards/fleet-table";
import type { FileSearchHandle } from "~/components/file-search/file-search";
import { overviewLoader } from "~/models/storage-pages.server";

export const loader = (args: LoaderFunctionArgs) => overviewLoader(args, "standard");
export const handle: FileSearchHandle = { fileSearch: true };
export const meta: MetaFunction = () => [{ title: "All Aircrafts · AeroBOX · AeroRecords" }];

export default function AeroBoxAllRoute() {
  const d = useLoaderData<typeof loader>();
  return (
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
  );
}
