// organization.tsx's page as server markup (issue 12, ADR 063): its loader (load) and
// its component (Page), rendered by the route's loader in a router at the page's address (routePage).
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ModuleOrganizationsView } from "~/components/admin/module-admin";
import { moduleLinks } from "~/models/module-admin";
import { moduleListLoader } from "~/models/module-admin.server";

export async function load({ request, context }: LoaderFunctionArgs) {
  const { links: _links, ...rest } = await moduleListLoader(request, context, "aerooil");
  return json(rest);
}

export function Page() {
  const d = useLoaderData<typeof load>();
  return <ModuleOrganizationsView links={moduleLinks("aerooil", "Aerooil")} {...d} />;
}
