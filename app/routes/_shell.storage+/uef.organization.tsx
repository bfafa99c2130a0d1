// /storage/uef/organization (spec 000 §2 "Storage"): the organizations for the extended upload flow
// (GET /storage/v2/uef/organizations.json; staff: all, others: their own), each leading to its
// /storage/uef/overview. Same page as /storage/organization.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OrganizationsPage } from "~/components/aircraft-cards/organizations";
import type { FileSearchHandle } from "~/components/file-search/file-search";
import { organizationsLoader } from "~/models/storage-pages.server";

export async function loader(args: LoaderFunctionArgs) {
  return organizationsLoader(args, "uef");
}

export const handle: FileSearchHandle = { fileSearch: true };
export const meta: MetaFunction = () => [{ title: "Organizations (extended upload) · Records · AeroRecords" }];

export default function StorageUefOrganizationRoute() {
  return <OrganizationsPage data={useLoaderData<typeof loader>()} />;
}
