// GET /resources/fleet?fleet=<q>&here=<page>&current=<id> → the fleet tree's list for the search <q>
// GET /resources/fleet?aircraft=<id>                       → the lines of one aircraft's folder list
// HTML for the side navigation's plain widget (app/plain/widgets/fleet-search.ts), rendered by the
// tree's own components (fleet-tree.server.tsx); `here` is the page the tree is on (its "Show folders"
// links lead back to it), `current` the aircraft it marks. Without JavaScript the same parts come with
// the page (?fleet= and ?expand= on any shell URL). Access is the upstream's: a user only gets
// aircraft and folders they may see.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { fleetResultsHtml, foldersHtml } from "~/components/shell/fleet-tree.server";
import { loadFleet, loadTopFolders } from "~/models/shell.server";
import { requireUser } from "~/utils/auth.server";

const html = (body: string, status = 200) => new Response(body, { status, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store" } });

/** Only a path and query of this portal (the links built from it stay on the page's own origin). */
function pageOf(raw: string | null) {
  const base = "http://portal.invalid";
  try {
    const u = new URL(raw ?? "/", base);
    if (u.origin === base) return { pathname: u.pathname, search: u.search };
  } catch {
    // not a URL: the home
  }
  return { pathname: "/", search: "" };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  const url = new URL(request.url);
  const aircraft = url.searchParams.get("aircraft");
  if (aircraft !== null) {
    const id = /^\d{1,12}$/.test(aircraft) ? Number(aircraft) : 0;
    if (!id) return html(foldersHtml(0, null, "Choose an aircraft."), 400);
    return html(foldersHtml(id, await loadTopFolders(api, id), "The folders could not be loaded."));
  }
  const q = (url.searchParams.get("fleet") ?? "").trim().slice(0, 100);
  const current = Number(url.searchParams.get("current")) || null;
  const fleet = await loadFleet(api, q);
  return html(fleetResultsHtml({ q, ...fleet, expand: null, folders: null }, current, pageOf(url.searchParams.get("here"))));
}
