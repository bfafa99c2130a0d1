// GET /resources/storage/download?aircraft_id=&fileid=[&family=uef][&version=<id>]
// A file's download: asks the upstream for a signed GET link (files.json?download=<fileid>, which
// checks the user's access to that aircraft) and answers 302 to it. The browser then reads the bytes
// straight from the blob store (resumable: the store honours Range). Nothing passes through the portal.
// With `version`: an earlier version of the file (versions.json?download=, Edit Access; ADR 042).
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { safeRedirect } from "~/models/roles";
import { versionDownloadLink } from "~/models/records.server";
import { downloadLink, filesHref, parseId, STORAGE_ROLES } from "~/models/storage.server";
import { requireUser } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STORAGE_ROLES });
  const url = new URL(request.url);
  const aircraftId = parseId(url.searchParams.get("aircraft_id"));
  const fileId = parseId(url.searchParams.get("fileid"));
  const family = url.searchParams.get("family") === "uef" ? "uef" : "standard";
  if (!aircraftId || !fileId) throw new Response("Choose a file to download.", { status: 400 });
  const versionId = parseId(url.searchParams.get("version"));
  const r = versionId ? await versionDownloadLink(api, aircraftId, fileId, versionId) : await downloadLink(api, aircraftId, fileId, family);
  if (!r.ok) {
    const referer = request.headers.get("Referer");
    const back = referer && new URL(referer).origin === url.origin ? safeRedirect(new URL(referer).pathname + new URL(referer).search) : filesHref(aircraftId, { family });
    return redirectWithToast(back, { type: "error", description: r.error });
  }
  // Signed links expire: never cache the redirect.
  return redirect(r.data.url, { headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
}
