// aeroops.create.tsx's page as server markup (issue 12, ADR 063, 064): its loader (load), its action (act)
// and its component (Page), rendered by the route's loader and action in a router at the page's
// address (routePage; an action's answer with errors is the page again, routeActionMarkup).
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ModuleCreateView } from "~/components/admin/module-admin";
import { moduleLinks } from "~/models/module-admin";
import { moduleCreateAction, moduleCreateLoader } from "~/models/module-admin.server";

export async function load({ request, context }: LoaderFunctionArgs) {
  const { links, candidates } = await moduleCreateLoader(request, context, "admin");
  return json({ type: links.type, label: links.label, candidates });
}

export async function act({ request, context }: ActionFunctionArgs) {
  return moduleCreateAction(request, context, "admin");
}

export function Page() {
  const { type, candidates } = useLoaderData<typeof load>();
  const actionData = useActionData<typeof act>();
  return <ModuleCreateView links={moduleLinks("admin", type)} candidates={candidates} actionData={actionData} />;
}
