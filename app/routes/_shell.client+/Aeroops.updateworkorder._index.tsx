// /client/Aeroops/updateworkorder without a work order (spec 001 §2 lists the path with its sub-paths):
// the aircraft's work-order list, where each one opens at /updateworkorder/{kind}_wo{id}.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { contextQuery, requireOpsUser } from "~/models/ops-pages.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireOpsUser(request, context);
  return redirect(`/client/Aeroops/workorder${contextQuery(new URL(request.url))}`);
}
