// /storage/move: move and rename (the spec lists create, copy and delete; move/rename is ours, beside
// them). GET shows the form as a page (query: aircraft_id, dir, id, family, intent=rename for a
// rename); POST performs it through the upstream and redirects back with a toast. Only write
// and su_write users see the controls; the upstream refuses everyone else (422), and the refusal is
// shown as an error toast with nothing changed. Shared code: app/models/storage-pages.server.ts.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OperationPage } from "~/components/folder-actions/operation-page";
import { operationAction, operationPageLoader } from "~/models/storage-pages.server";

export async function loader(args: LoaderFunctionArgs) {
  return operationPageLoader(args, "move");
}

export async function action(args: ActionFunctionArgs) {
  return operationAction(args, "move");
}

export const meta: MetaFunction = () => [{ title: "Move · Records · AeroRecords" }];

export default function StorageMoveRoute() {
  return <OperationPage data={useLoaderData<typeof loader>()} />;
}
