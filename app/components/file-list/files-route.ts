// The route handle and title shared by the records pages of one aircraft (/storage/aircraft/{id}/files
// and its /storage/uef/… variant): the top bar shows the aircraft, the file search is scoped to the
// folder on screen.
import type { MetaFunction } from "@remix-run/node";
import type { HydrateHandle } from "~/utils/hydrate";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import type { FileSearchHandle } from "~/components/file-search/file-search";
import type { ShellHandle } from "~/components/shell/handle";

/** The part of filesLoader's data that the handle and the title read. */
type FilesRouteData = {
  aircraft: { id: number; name: string; msn: string; registration: string };
  folder: { path: string; name: string };
  organization: string | null;
};

export const filesHandle: ShellHandle & FileSearchHandle & HydrateHandle = {
  // The upload dialog and the file preview are client code: the folder pages hydrate.
  hydrate: true,
  topBar: ({ data }) => {
    const d = data as FilesRouteData | undefined;
    return d ? { msn: d.aircraft.msn, registration: d.aircraft.registration } : null;
  },
  fileSearch: ({ data }) => {
    const d = data as FilesRouteData | undefined;
    return d ? { aircraftId: d.aircraft.id, folderPath: d.folder.path, organization: d.organization } : {};
  },
};

export const filesMeta: MetaFunction = ({ data }) => {
  const d = data as FilesRouteData | undefined;
  return [{ title: d ? `${d.aircraft.name}${d.folder.path === "/" ? "" : ` · ${d.folder.name}`} · Records · AeroRecords` : "Records · AeroRecords" }];
};

/** The listing's search parameters without `preview` (the preview dialog's file, ADR 053). */
function withoutPreview(url: URL) {
  const q = new URLSearchParams(url.search);
  q.delete("preview");
  q.sort();
  return `${url.pathname}?${q}`;
}

/**
 * Opening, paging through and closing the preview dialog (`?preview=<id>`) changes only `preview`:
 * the listing is not read again (the dialog loads the preview route's data itself).
 */
export const filesShouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod && formMethod.toUpperCase() !== "GET") return defaultShouldRevalidate;
  if (currentUrl.href !== nextUrl.href && withoutPreview(currentUrl) === withoutPreview(nextUrl)) return false;
  return defaultShouldRevalidate;
};
