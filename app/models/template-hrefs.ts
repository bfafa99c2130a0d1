// Where the template views live (issue 14 item 4, ADR 038 and 052): the template editor
// (/client/template/{tabId?}?typeOfManufacturer=<name>) and the admin library
// (/admin/aeroops/template/manufacturers/{id}?tab_id=<tab>) show the same views of a manufacturer's
// template; these build their links. Shared by the server and the browser (plain data in, strings out).

/** A place: the editor names the manufacturer in the query, the admin page by id in the path. */
export type TemplatePlace = { kind: "editor"; manufacturer: string } | { kind: "admin"; id: number; manufacturer: string };

const qs = (params: Record<string, string>) => {
  const s = new URLSearchParams(params).toString();
  return s ? `?${s}` : "";
};

/** The parameters that name the place (kept by GET forms of the views). */
export function placeParams(place: TemplatePlace, tabId?: string | null): Record<string, string> {
  if (place.kind === "editor") return { typeOfManufacturer: place.manufacturer };
  return tabId ? { tab_id: tabId } : {};
}

/** The manufacturer's page (its tabs and versions), with extra query parameters. */
export function libraryHref(place: TemplatePlace, extra: Record<string, string> = {}) {
  if (place.kind === "editor") return `/client/template${qs({ typeOfManufacturer: place.manufacturer, ...extra })}`;
  return `/admin/aeroops/template/manufacturers/${place.id}${qs(extra)}`;
}

/** A template tab's page (its rows and columns). */
export function tabHref(place: TemplatePlace, tabId: string) {
  if (place.kind === "editor") return `/client/template/${encodeURIComponent(tabId)}${qs({ typeOfManufacturer: place.manufacturer })}`;
  return `/admin/aeroops/template/manufacturers/${place.id}${qs({ tab_id: tabId })}`;
}

/** A saved version's page (what it holds, read-only). */
export const versionHref = (place: TemplatePlace, version: number) => libraryHref(place, { version: String(version) });
