// The folder picker of the copy and move dialogs (issue 16 item 3, ADR 041): one level of the
// aircraft's folder tree per request. `?pick=/a/b` lists the subfolders of /a/b (a GET link per
// folder, so it works without JavaScript, and it loads lazily like the fleet tree); the chosen folder
// is the destination. A path that is not valid or not there falls back to the root.
import type { Api } from "./api.server";
import { isWithin, normalizeDir } from "./paths";
import { canWrite } from "./roles";
import { parseId, type Family } from "./storage-links";
import { listAircraft, listFolder } from "./storage.server";

export interface PickerData {
  /** The folder chosen (the destination). */
  path: string;
  crumbs: { name: string; path: string }[];
  /** Its subfolders, except the items being moved (a folder cannot go into itself). */
  folders: { id: number; name: string; path: string }[];
  /** More than 500 entries: the first 500 (folders come first) are shown. */
  truncated: boolean;
  /** A copy (ADR 053): the aircraft the user may write to, offered as destinations, and the one chosen. */
  aircraft?: { chosen: number; options: { id: number; name: string; msn: string }[] };
}

export async function folderPicker(api: Api, aircraftId: number, pickParam: string | null, fallback: string, family: Family, exclude: string[] = []): Promise<PickerData> {
  const wanted = (pickParam != null ? normalizeDir(pickParam) : null) ?? normalizeDir(fallback) ?? "/";
  const list = await listFolder(api, aircraftId, { dir: wanted, perPage: 500, sort: "name", order: "asc", family }).catch(async (err) => {
    if (err instanceof Response && wanted !== "/") return listFolder(api, aircraftId, { dir: "/", perPage: 500, sort: "name", order: "asc", family });
    throw err;
  });
  return {
    path: list.folder.path,
    crumbs: list.breadcrumb.map((c) => ({ name: c.name, path: c.path })),
    folders: list.contents.filter((c) => c.resourcetype === "collection" && !exclude.some((e) => isWithin(c.path, e))).map((c) => ({ id: c.id, name: c.name, path: c.path })),
    truncated: list.total > list.contents.length,
  };
}

/**
 * The copy dialogs' picker (issue 16, ADR 053): first the destination aircraft (`?to_aircraft=<id>`,
 * one of those the user may write to; the aircraft on screen by default), then its folders. Another
 * aircraft's tree starts at its root. The upstream checks write access on the destination again.
 */
export async function copyPicker(api: Api, sourceId: number, toParam: string | null, pickParam: string | null, fallback: string, family: Family): Promise<PickerData> {
  const fleet = await listAircraft(api, { family });
  const options = fleet.aircrafts.filter((a) => canWrite(a.access)).map((a) => ({ id: a.id, name: a.name, msn: a.msn }));
  const wanted = parseId(toParam);
  const chosen = options.find((o) => o.id === wanted)?.id ?? sourceId;
  const picker = await folderPicker(api, chosen, pickParam, chosen === sourceId ? fallback : "/", family);
  return { ...picker, aircraft: { chosen, options } };
}
