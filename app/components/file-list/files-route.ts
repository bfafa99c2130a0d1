// The route handle and title shared by the records pages of one aircraft (/storage/aircraft/{id}/files
// and its /storage/uef/… variant): the top bar shows the aircraft, the file search is scoped to the
// folder on screen.
import type { MetaFunction } from "@remix-run/node";
import type { FileSearchHandle } from "~/components/file-search/file-search";
import type { ShellHandle } from "~/components/shell/handle";

/** The part of filesLoader's data that the handle and the title read. */
type FilesRouteData = {
  aircraft: { id: number; name: string; msn: string; registration: string };
  folder: { path: string; name: string };
  organization: string | null;
};

export const filesHandle: ShellHandle & FileSearchHandle = {
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
