// The fleet pages' components for server markup (issue 12, ADR 063): the routes render them in their
// loaders (routeMarkupFrom), and import them from here so that the browser's bundle leaves them out.
export { FleetOverview } from "./fleet-overview";
export { FleetPage, FleetTable } from "./fleet-table";
export { filesHref } from "~/models/storage-links";
