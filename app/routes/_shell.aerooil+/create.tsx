// /aerooil/create: create an AeroOIL organization or switch AeroOIL on for an existing one (admin and
// member). POST /admin/organizations.json (has_oil) or /admin/organizations/{id}/modules.json.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ModuleCreateView } from "~/components/admin/module-admin";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { moduleLinks } from "~/models/module-admin";
import { moduleCreateAction, moduleCreateLoader } from "~/models/module-admin.server";

export const meta: MetaFunction = () => [{ title: "Create AeroOIL · AeroRecords" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { candidates } = await moduleCreateLoader(request, context, "aerooil");
  return { candidates };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return moduleCreateAction(request, context, "aerooil");
}

export default function CreateOil() {
  const { candidates } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <ModuleCreateView links={moduleLinks("aerooil", "Aerooil")} candidates={candidates} actionData={actionData} />;
}

export const ErrorBoundary = PageErrorBoundary;
