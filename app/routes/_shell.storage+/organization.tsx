// /storage/organization (spec 000 §2 "Storage"): the organizations whose records the user may open
// (staff: all, with a filter; others: their own), with product type and the search-all flag, each
// leading to its fleet. /storage/uef/organization shares this page with the extended-upload links.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OrganizationsPage } from "~/components/aircraft-cards/organizations";
import type { FileSearchHandle } from "~/components/file-search/file-search";
import { organizationsLoader } from "~/models/storage-pages.server";

export async function loader(args: LoaderFunctionArgs) {
  return organizationsLoader(args, "standard");
}

export const handle: FileSearchHandle = { fileSearch: true };
export const meta: MetaFunction = () => [{ title: "Organizations · Records · AeroRecords" }];

export default function StorageOrganizationRoute() {
  return <OrganizationsPage data={useLoaderData<typeof loader>()} />;
}
