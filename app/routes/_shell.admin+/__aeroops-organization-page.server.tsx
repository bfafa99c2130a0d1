// aeroops.organization.tsx's page as server markup (issue 12, ADR 063): its loader (load) and
// its component (Page), rendered by the route's loader in a router at the page's address (routePage).
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ModuleOrganizationsView } from "~/components/admin/module-admin";
import { moduleLinks } from "~/models/module-admin";
import { moduleListLoader } from "~/models/module-admin.server";

export async function load({ request, context }: LoaderFunctionArgs) {
  const { links, ...rest } = await moduleListLoader(request, context, "admin");
  return json({ type: links.type, label: links.label, ...rest });
}

export function Page() {
  const { type, ...d } = useLoaderData<typeof load>();
  return <ModuleOrganizationsView links={moduleLinks("admin", type)} {...d} />;
}
