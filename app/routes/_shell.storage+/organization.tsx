// /storage/organization (spec 000 §2 "Storage"): the organizations whose records the user may open
// (staff: all, with a filter; others: their own), with product type and the search-all flag, each
// leading to its fleet. /storage/uef/organization shares this page with the extended-upload links.
import type { LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { OrganizationsPage } from "~/components/aircraft-cards/organizations.server";
import type { FileSearchHandle } from "~/components/file-search/file-search";
import { PageMarkup } from "~/components/server-markup/server-markup";
import { organizationsLoader } from "~/models/storage-pages.server";
import { routeMarkupFrom } from "~/utils/page-markup.server";

// The page is server markup (ADR 063): the loader renders it.
export const loader = async (args: LoaderFunctionArgs) =>
  routeMarkupFrom(args, "page-organizations", await organizationsLoader(args, "standard"), (data: SerializeFrom<typeof organizationsLoader>) => <OrganizationsPage data={data} />);
export const handle: FileSearchHandle = { fileSearch: true };
export const meta: MetaFunction = () => [{ title: "Organizations · Records · AeroRecords" }];

export default function StorageOrganizationRoute() {
  return <PageMarkup id="page-organizations" />;
}
