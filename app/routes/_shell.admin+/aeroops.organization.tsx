// /admin/aeroops/organization: the organizations using AeroOPS (ops_template's landing; admin and
// member too), or AeroOIL with ?type=Aerooil (admin and member), from GET
// /v1/user_access/organisation/get.json on the ops API. Each opens its MSNs at /admin/aeroops/org.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ModuleOrganizationsView } from "~/components/admin/module-admin";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { moduleLinks } from "~/models/module-admin";
import { moduleListLoader } from "~/models/module-admin.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.label ?? "AeroOPS"} organizations · AeroRecords` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { links, ...rest } = await moduleListLoader(request, context, "admin");
  return { type: links.type, label: links.label, ...rest };
}

export default function OpsOrganizations() {
  const { type, ...d } = useLoaderData<typeof loader>();
  return <ModuleOrganizationsView links={moduleLinks("admin", type)} {...d} />;
}

export const ErrorBoundary = PageErrorBoundary;
