// The preview page of one file (/storage/aircraft/{id}/preview?fileid=&sort=&order=&organization=,
// issue 16 item 1, ADR 041): the file's facts and signed links from files.json?preview=, and its
// neighbours in the listing's order (the listing page that holds the file, up to 500 items) for
// next / previous. Access is the upstream's: read access to the aircraft, else 404 (→ the spec's redirect).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { linkedDocumentsHref, targetHref } from "./links.server";
import { neighbours, previewKind } from "./preview";
import { LinksAnswer } from "./schemas/links";
import { canWrite } from "./roles";
import { filesHref, parseId, parseListParams, type Family } from "./storage-links";
import { STORAGE_ROLES, getAircraft, listFolder, previewFile } from "./storage.server";

export async function previewLoader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STORAGE_ROLES });
  const url = new URL(request.url);
  const family: Family = url.searchParams.get("family") === "uef" ? "uef" : "standard";
  const aircraftId = parseId(params.aircraftId);
  if (!aircraftId) throw new Response("Not found", { status: 404 });
  const p = parseListParams(url);
  if (!p.fileid) throw await redirectWithToast(filesHref(aircraftId, { family }), { type: "error", description: "Choose a file to preview." });
  const [detail, file, listing] = await Promise.all([
    getAircraft(api, aircraftId, family),
    previewFile(api, aircraftId, p.fileid, family),
    listFolder(api, aircraftId, { dir: "/", fileid: p.fileid, perPage: 500, sort: p.sort, order: p.order, family }),
  ]);
  const near = neighbours(listing.contents, file.id);
  // The rows and work orders this document is linked to (issue 17 item 5); none on the UEF family.
  const links = family === "standard" ? await api.call("main", "GET", `/storage/v2/aircraft/${aircraftId}/links.json`, { query: { file_id: file.id }, schema: LinksAnswer }) : null;
  const pick = (i: { id: number; name: string } | null) => (i ? { id: i.id, name: i.name } : null);
  return {
    family,
    aircraft: detail.aircraft,
    canWrite: canWrite(detail.access),
    organization: p.organization,
    sort: p.sort,
    order: p.order,
    folder: listing.folder,
    breadcrumb: listing.breadcrumb,
    file: { ...file, kind: previewKind(file) },
    prev: pick(near.prev),
    next: pick(near.next),
    position: { index: near.index, count: near.count },
    linked:
      links && links.ok
        ? {
            href: linkedDocumentsHref(aircraftId, { file: file.id }),
            targets: links.data.links.map((l) => ({ id: l.id, label: l.target.label, href: targetHref(l.target, aircraftId) })),
            suggested: links.data.suggestions.length,
          }
        : null,
  };
}
