// /aerooil/organization: the organizations using AeroOIL (admin and member), from GET
// /v1/user_access/organisation/get.json. Each opens at /aerooil/view.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ModuleOrganizationsView } from "~/components/admin/module-admin";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { moduleLinks } from "~/models/module-admin";
import { moduleListLoader } from "~/models/module-admin.server";

export const meta: MetaFunction = () => [{ title: "AeroOIL organizations · AeroRecords" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { links: _links, ...rest } = await moduleListLoader(request, context, "aerooil");
  return rest;
}

export default function OilOrganizations() {
  const d = useLoaderData<typeof loader>();
  return <ModuleOrganizationsView links={moduleLinks("aerooil", "Aerooil")} {...d} />;
}

export const ErrorBoundary = PageErrorBoundary;
