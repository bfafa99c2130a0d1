// The fleet tree of the side navigation: "Search aircraft with MSN" and each aircraft with its
// folders, as HTML. Without JavaScript the search is a GET form on the current page (?fleet=, the
// page's other parameters kept as hidden fields) and an aircraft's folders come with the page
// (?expand=<id>, "Show folders"). With JavaScript its plain widget (app/plain/widgets/fleet-search.ts)
// filters the list as the user types (500 ms after the last key, at once on Enter) and loads an
// aircraft's folders when its disclosure opens, without reloading the page: both come as HTML from
// /resources/fleet, rendered there by FleetResults and FolderItems (fleet-tree.server.tsx).
import { ChevronRightIcon } from "~/components/icons/chevron-right";
import { FolderIcon } from "~/components/icons/folder";
import { SearchIcon } from "~/components/icons/search";
import type { FleetEntry, FolderEntry } from "~/models/shell.server";
import { FLEET_RESOURCE, FLEET_SEARCH_PLACEHOLDER } from "./fleet";
import * as s from "./shell.css";
import { AIRCRAFT_STATUS_LABEL, statusLabel } from "~/models/status-labels";

export interface FleetTreeData {
  q: string;
  items: FleetEntry[];
  total: number;
  error: string | null;
  expand: number | null;
  folders: FolderEntry[] | null;
}

/** The page the tree is on: the search and "Show folders" come back to it with its own parameters. */
export interface Here {
  pathname: string;
  search: string;
}

const filesHref = (aircraftId: number, dir?: string) => {
  const q = new URLSearchParams();
  if (dir && dir !== "/") q.set("dir", dir);
  const qs = q.toString();
  return `/storage/aircraft/${aircraftId}/files${qs ? `?${qs}` : ""}`;
};

/** The page's own parameters, without the tree's. */
const pageParams = (here: Here) => [...new URLSearchParams(here.search)].filter(([k]) => k !== "fleet" && k !== "expand");

function expandHref(here: Here, q: string, id: number) {
  const p = new URLSearchParams(pageParams(here));
  if (q) p.set("fleet", q);
  p.set("expand", String(id));
  return `${here.pathname}?${p}#fleet-${id}`;
}

export function FleetTree({ fleet, currentAircraftId, here }: { fleet: FleetTreeData; currentAircraftId: number | null; here: Here }) {
  // Where the widget asks for the list of a search (it adds &fleet=…).
  const src = new URLSearchParams({ here: here.pathname + here.search });
  if (currentAircraftId) src.set("current", String(currentAircraftId));
  return (
    <section className={`${s.section} ${s.expandedOnly}`} aria-labelledby="fleet-title" data-plain="fleet-search" data-src={`${FLEET_RESOURCE}?${src}`}>
      <h2 id="fleet-title" className={s.sectionTitle}>
        Fleet
      </h2>
      <form method="get" action={here.pathname} role="search" className={s.fleetSearch}>
        {pageParams(here).map(([k, v], i) => (
          <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
        ))}
        <input
          type="search"
          name="fleet"
          defaultValue={fleet.q}
          placeholder={FLEET_SEARCH_PLACEHOLDER}
          aria-label={FLEET_SEARCH_PLACEHOLDER}
          className={s.fleetInput}
          maxLength={100}
          autoComplete="off"
        />
        <button type="submit" className={s.fleetSubmit} aria-label="Search the fleet">
          <SearchIcon size={16} />
        </button>
      </form>
      <p className={s.navNote} role="status" hidden>
        Searching…
      </p>
      <div data-results="">
        <FleetResults fleet={fleet} currentAircraftId={currentAircraftId} here={here} />
      </div>
    </section>
  );
}

/** The list under the search box: also what /resources/fleet answers for a search. */
export function FleetResults({ fleet, currentAircraftId, here }: { fleet: FleetTreeData; currentAircraftId: number | null; here: Here }) {
  const { q, items, total, error } = fleet;
  return (
    <>
      {error ? (
        <p className={s.navNote}>{error}</p>
      ) : items.length === 0 ? (
        <p className={s.navNote}>{q ? `No aircraft match "${q}".` : "No aircraft yet."}</p>
      ) : (
        <ul className={s.fleetList}>
          {items.map((a) => (
            <FleetItem key={a.id} aircraft={a} current={a.id === currentAircraftId} folders={fleet.expand === a.id ? fleet.folders : null} expandHref={expandHref(here, q, a.id)} />
          ))}
        </ul>
      )}
      {total > items.length && !error ? (
        <p className={s.navNote}>
          Showing {items.length} of {total}. Search to narrow the list.
        </p>
      ) : null}
    </>
  );
}

function FleetItem({ aircraft: a, current, folders, expandHref }: { aircraft: FleetEntry; current: boolean; folders: FolderEntry[] | null; expandHref: string }) {
  return (
    <li className={s.fleetItem} id={`fleet-${a.id}`}>
      <details open={current || folders !== null}>
        <summary className={s.fleetSummary} data-current={current ? "true" : undefined} title={a.name}>
          <ChevronRightIcon size={14} className={s.chevron} />
          <span className={s.statusDot} style={{ background: s.fleetStatusColor[a.status] ?? s.fleetStatusOther }} title={statusLabel(AIRCRAFT_STATUS_LABEL, a.status)} />
          <span className={s.fleetMsn}>MSN {a.msn}</span>
          <span className={s.fleetReg}>{a.registration}</span>
        </summary>
        <ul className={s.folderList}>
          <li>
            <a href={filesHref(a.id)} className={s.folderLink}>
              <FolderIcon size={15} /> All records
            </a>
          </li>
          {folders ? (
            <FolderItems aircraftId={a.id} folders={folders} />
          ) : (
            // The widget replaces this line by the folders when the disclosure opens (data-folders: from where).
            <li className={s.navNote} data-folders={`${FLEET_RESOURCE}?aircraft=${a.id}`}>
              <a href={expandHref} className={s.navNoteLink}>
                Show folders
              </a>
            </li>
          )}
        </ul>
      </details>
    </li>
  );
}

/** An aircraft's top folders, as the lines of its list: also what /resources/fleet answers for one aircraft. */
export function FolderItems({ aircraftId, folders }: { aircraftId: number; folders: FolderEntry[] }) {
  if (!folders.length) return <li className={s.navNote}>No folders yet.</li>;
  return (
    <>
      {folders.map((f) => (
        <li key={f.id}>
          <a href={filesHref(aircraftId, f.path)} className={s.folderLink}>
            <FolderIcon size={15} /> {f.name}
          </a>
        </li>
      ))}
    </>
  );
}
