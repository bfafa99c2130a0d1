// GET /resources/storage/zip?aircraft_id=&dir=[&family=uef][&sel=<id>&sel=<id>…]
// A whole folder as a zip (or, with `sel`, the items chosen on the files page: the bulk bar's
// "Download as zip", a plain GET form), streamed: the upstream's zip (built file by file while it is sent) is
// passed through untouched, so the portal holds at most a few chunks in memory. Access is checked by
// the upstream (read access to the aircraft); a refusal (e.g. too many files) comes back as a toast.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { normalizeDir } from "~/models/paths";
import { safeRedirect } from "~/models/roles";
import { filesHref, parseId, STORAGE_ROLES, zipFolder, zipItems } from "~/models/storage.server";
import { requireUser } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";

const PASS = ["Content-Type", "Content-Disposition", "Content-Length", "Cache-Control", "Last-Modified", "ETag"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STORAGE_ROLES });
  const url = new URL(request.url);
  const aircraftId = parseId(url.searchParams.get("aircraft_id"));
  const family = url.searchParams.get("family") === "uef" ? "uef" : "standard";
  if (!aircraftId) throw new Response("Choose a folder to download.", { status: 400 });
  const dir = normalizeDir(url.searchParams.get("dir") ?? "/");
  if (dir == null) return redirectWithToast(filesHref(aircraftId, { family }), { type: "error", description: "The folder path is not valid." });
  const selected = [...new Set(url.searchParams.getAll("sel").map(parseId).filter((n): n is number => n != null))];
  if (url.searchParams.has("bulk") && !selected.length) {
    return redirectWithToast(filesHref(aircraftId, { family, dir }), { type: "error", description: "Choose files or folders first." });
  }
  const res = selected.length ? await zipItems(api, aircraftId, selected, family) : await zipFolder(api, aircraftId, dir, family);
  if (!res.ok || !res.body) {
    const body = (await res.json().catch(() => null)) as { error?: string } | null;
    const referer = request.headers.get("Referer");
    const back = referer && new URL(referer).origin === url.origin ? safeRedirect(new URL(referer).pathname + new URL(referer).search) : filesHref(aircraftId, { family, dir });
    return redirectWithToast(back, { type: "error", description: body?.error ?? "The folder could not be downloaded." });
  }
  const headers = new Headers({ "X-Content-Type-Options": "nosniff" });
  for (const h of PASS) {
    const v = res.headers.get(h);
    if (v) headers.set(h, v);
  }
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  return new Response(res.body, { status: 200, headers });
}
