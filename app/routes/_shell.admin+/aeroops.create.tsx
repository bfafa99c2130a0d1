// /admin/aeroops/create: create an AeroOPS organization or switch AeroOPS on for an existing one
// (?type=Aerooil: AeroOIL). ops_template may create and view AeroOPS organizations only.
// POST /admin/organizations.json (has_ops) or /admin/organizations/{id}/modules.json.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ModuleCreateView } from "~/components/admin/module-admin";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { moduleLinks } from "~/models/module-admin";
import { moduleCreateAction, moduleCreateLoader } from "~/models/module-admin.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Create ${data?.label ?? "AeroOPS"} · AeroRecords` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { links, candidates } = await moduleCreateLoader(request, context, "admin");
  return { type: links.type, label: links.label, candidates };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return moduleCreateAction(request, context, "admin");
}

export default function CreateOps() {
  const { type, candidates } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <ModuleCreateView links={moduleLinks("admin", type)} candidates={candidates} actionData={actionData} />;
}

export const ErrorBoundary = PageErrorBoundary;
