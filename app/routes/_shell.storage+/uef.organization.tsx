// /storage/uef/organization (spec 000 §2 "Storage"): the organizations for the extended upload flow
// (GET /storage/v2/uef/organizations.json; staff: all, others: their own), each leading to its
// /storage/uef/overview. Same page as /storage/organization.
import type { LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { OrganizationsPage } from "~/components/aircraft-cards/organizations.server";
import type { FileSearchHandle } from "~/components/file-search/file-search";
import { PageMarkup } from "~/components/server-markup/server-markup";
import { organizationsLoader } from "~/models/storage-pages.server";
import { routeMarkupFrom } from "~/utils/page-markup.server";

// The page is server markup (ADR 063): the loader renders it.
export const loader = async (args: LoaderFunctionArgs) =>
  routeMarkupFrom(args, "page-organizations-uef", await organizationsLoader(args, "uef"), (data: SerializeFrom<typeof organizationsLoader>) => <OrganizationsPage data={data} />);
export const handle: FileSearchHandle = { fileSearch: true };
export const meta: MetaFunction = () => [{ title: "Organizations (extended upload) · Records · AeroRecords" }];

export default function StorageUefOrganizationRoute() {
  return <PageMarkup id="page-organizations-uef" />;
}
