// The fleet tree's texts and timing, shared by its markup (fleet-tree.tsx) and its plain widget
// (app/plain/widgets/fleet-search.ts).
export const FLEET_SEARCH_DEBOUNCE_MS = 500;
export const FLEET_SEARCH_PLACEHOLDER = "Search aircraft with MSN";
export const LOADING_FOLDERS = "Loading folders…";
/** The resource route that answers the tree's parts as HTML (routes/resources+/fleet.tsx). */
export const FLEET_RESOURCE = "/resources/fleet";
