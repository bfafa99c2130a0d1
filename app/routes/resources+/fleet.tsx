// GET /resources/fleet?fleet=<q>   → { items, total, q }     (the debounced "Search aircraft with MSN")
// GET /resources/fleet?aircraft=<id> → { folders }          (lazy folders of one aircraft in the tree)
// The side navigation's JavaScript path; without JavaScript the same data comes with the page
// (?fleet= and ?expand= on any shell URL). Access is the upstream's: a user only gets aircraft and
// folders they may see.
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { loadFleet, loadTopFolders } from "~/models/shell.server";
import { requireUser } from "~/utils/auth.server";

const noStore = { "Cache-Control": "private, no-store" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  const url = new URL(request.url);
  const aircraft = url.searchParams.get("aircraft");
  if (aircraft !== null) {
    const id = /^\d{1,12}$/.test(aircraft) ? Number(aircraft) : 0;
    if (!id) return json({ folders: null, error: "Choose an aircraft." }, { status: 400, headers: noStore });
    const folders = await loadTopFolders(api, id);
    return json(folders ? { folders, error: null } : { folders: null, error: "The folders could not be loaded." }, { headers: noStore });
  }
  const q = (url.searchParams.get("fleet") ?? "").trim().slice(0, 100);
  const fleet = await loadFleet(api, q);
  return json({ q, ...fleet }, { headers: noStore });
}
