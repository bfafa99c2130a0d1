// What /resources/fleet answers (routes/resources+/fleet.tsx): the fleet tree's parts as HTML, from
// the components the side navigation renders them with (fleet-tree.tsx), for the tree's plain widget
// (app/plain/widgets/fleet-search.ts), which puts them in place of the page's.
import { renderToStaticMarkup } from "react-dom/server";
import type { FolderEntry } from "~/models/shell.server";
import { FleetResults, FolderItems, type FleetTreeData, type Here } from "./fleet-tree";
import * as s from "./shell.css";

/** The list under the search box for a search. */
export const fleetResultsHtml = (fleet: FleetTreeData, currentAircraftId: number | null, here: Here) =>
  renderToStaticMarkup(<FleetResults fleet={fleet} currentAircraftId={currentAircraftId} here={here} />);

/** The lines of an aircraft's folder list: its folders, or why there are none to show. */
export const foldersHtml = (aircraftId: number, folders: FolderEntry[] | null, error: string) =>
  renderToStaticMarkup(folders ? <FolderItems aircraftId={aircraftId} folders={folders} /> : <li className={s.navNote}>{error}</li>);
