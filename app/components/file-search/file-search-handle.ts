// How a page asks for the top bar's file search (its route handle), and the props the search gets
// from the matched routes. Small and separate from the form (file-search.tsx), which the top bar
// fetches only when it is used (file-search-slot.tsx, issue 12).

export interface FileSearchProps {
  /** The aircraft of the page: the search can be scoped to it (or to `folderPath`). */
  aircraftId?: number | null;
  folderPath?: string | null;
  organization?: string | null;
  organizationId?: number | null;
  module?: string | null;
  defaultQuery?: string;
  /** The scope the search page is showing (to keep the select in step). */
  defaultScope?: "all" | "aircraft" | "folder";
  /** The user's organization searches its whole fleet (the search-all flag): the scope is "all aircraft", nothing else. */
  searchAll?: boolean;
}

/**
 * How a page asks the shell for the top bar's file search: `export const handle = { fileSearch: … }`,
 * `true` (search everything the user may see) or a function of the route's loader data giving the
 * page's scope. The deepest route that sets it wins; pages without it show no file search.
 */
export interface FileSearchHandle {
  fileSearch?: true | ((match: { data: unknown; params: Record<string, string | undefined> }) => FileSearchProps | null | undefined);
}

/** The file search props for the current page from the matched routes' handles, or null. */
export function fileSearchFromMatches(matches: { handle?: unknown; data?: unknown; params: Record<string, string | undefined> }[]): FileSearchProps | null {
  let found: FileSearchProps | null = null;
  for (const m of matches) {
    const h = (m.handle ?? {}) as FileSearchHandle;
    if (h.fileSearch === true) found = {};
    else if (typeof h.fileSearch === "function") found = h.fileSearch({ data: m.data, params: m.params }) ?? found;
  }
  return found;
}
