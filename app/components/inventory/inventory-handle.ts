// The aircraft inventory page's route handle (the browser needs it: the top bar and the file search
// read it). The report itself is server markup (inventory-markup.server.tsx, issue 12).
import type { FileSearchHandle } from "~/components/file-search/file-search";
import type { ShellHandle } from "~/components/shell/handle";
import type { Inventory } from "~/models/schemas/inventory";

type AircraftRef = Pick<Inventory["aircraft"], "id" | "msn" | "registration">;

/** The aircraft page's handle: the top bar shows the aircraft, the file search is scoped to it. */
export const inventoryHandle: ShellHandle & FileSearchHandle = {
  topBar: ({ data }) => {
    const d = data as { aircraft: AircraftRef } | undefined;
    return d ? { msn: d.aircraft.msn, registration: d.aircraft.registration } : null;
  },
  fileSearch: ({ data }) => {
    const d = data as { aircraft: AircraftRef } | undefined;
    return d ? { aircraftId: d.aircraft.id } : {};
  },
};
