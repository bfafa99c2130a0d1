// The fleet tree of the side navigation: "Search aircraft with MSN" and each aircraft with its
// folders. Without JavaScript the search is a GET form and an aircraft's folders come with the page
// (?expand=<id>); with JavaScript the search is debounced 500 ms and folders load lazily from
// /resources/fleet when a disclosure opens, without reloading the page.
import { Form, Link, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { ChevronRightIcon } from "~/components/icons/chevron-right";
import { FolderIcon } from "~/components/icons/folder";
import { SearchIcon } from "~/components/icons/search";
import type { FleetEntry, FolderEntry } from "~/models/shell.server";
import type { loader as fleetLoader } from "~/routes/resources+/fleet";
import * as s from "./shell.css";

export const FLEET_SEARCH_DEBOUNCE_MS = 500;
export const FLEET_SEARCH_PLACEHOLDER = "Search aircraft with MSN";

export interface FleetTreeData {
  q: string;
  items: FleetEntry[];
  total: number;
  error: string | null;
  expand: number | null;
  folders: FolderEntry[] | null;
}

const filesHref = (a: FleetEntry, dir?: string) => {
  const q = new URLSearchParams();
  if (dir && dir !== "/") q.set("dir", dir);
  const qs = q.toString();
  return `/storage/aircraft/${a.id}/files${qs ? `?${qs}` : ""}`;
};

export function FleetTree({ fleet, currentAircraftId }: { fleet: FleetTreeData; currentAircraftId: number | null }) {
  const location = useLocation();
  const hydrated = useHydrated();
  const search = useFetcher<typeof fleetLoader>({ key: "fleet-search" });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [typed, setTyped] = useState<string | null>(null);

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  // With JavaScript the list follows what was typed (fetched), without it what the page brought.
  const fetched = typed !== null && search.data && "items" in search.data ? search.data : null;
  const items = fetched ? fetched.items : fleet.items;
  const total = fetched ? fetched.total : fleet.total;
  const error = fetched ? fetched.error : fleet.error;
  const q = typed ?? fleet.q;

  const keep = [...new URLSearchParams(location.search)].filter(([k]) => k !== "fleet" && k !== "expand");
  const expandHref = (id: number) => {
    const p = new URLSearchParams(keep);
    if (fleet.q) p.set("fleet", fleet.q);
    p.set("expand", String(id));
    return `${location.pathname}?${p}#fleet-${id}`;
  };

  const run = (value: string) => {
    setTyped(value);
    search.load(`/resources/fleet?${new URLSearchParams({ fleet: value.trim() })}`);
  };

  return (
    <section className={`${s.section} ${s.expandedOnly}`} aria-labelledby="fleet-title">
      <h2 id="fleet-title" className={s.sectionTitle}>
        Fleet
      </h2>
      <Form
        method="get"
        action={location.pathname}
        role="search"
        className={s.fleetSearch}
        onSubmit={(e) => {
          if (!hydrated) return;
          e.preventDefault();
          if (timer.current) clearTimeout(timer.current);
          run(String(new FormData(e.currentTarget).get("fleet") ?? ""));
        }}
      >
        {keep.map(([k, v], i) => (
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
          onChange={(e) => {
            const value = e.currentTarget.value;
            if (timer.current) clearTimeout(timer.current);
            timer.current = setTimeout(() => run(value), FLEET_SEARCH_DEBOUNCE_MS);
          }}
        />
        <button type="submit" className={s.fleetSubmit} aria-label="Search the fleet">
          <SearchIcon size={16} />
        </button>
      </Form>
      {search.state === "loading" ? (
        <p className={s.navNote} role="status">
          Searching…
        </p>
      ) : null}
      {error ? (
        <p className={s.navNote}>{error}</p>
      ) : items.length === 0 ? (
        <p className={s.navNote}>{q ? `No aircraft match "${q}".` : "No aircraft yet."}</p>
      ) : (
        <ul className={s.fleetList}>
          {items.map((a) => (
            <FleetItem
              key={a.id}
              aircraft={a}
              current={a.id === currentAircraftId}
              initialFolders={fleet.expand === a.id ? fleet.folders : null}
              expandHref={expandHref(a.id)}
            />
          ))}
        </ul>
      )}
      {total > items.length && !error ? (
        <p className={s.navNote}>
          Showing {items.length} of {total}. Search to narrow the list.
        </p>
      ) : null}
    </section>
  );
}

function FleetItem({
  aircraft: a,
  current,
  initialFolders,
  expandHref,
}: {
  aircraft: FleetEntry;
  current: boolean;
  initialFolders: FolderEntry[] | null;
  expandHref: string;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<typeof fleetLoader>({ key: `fleet-folders-${a.id}` });
  const ref = useRef<HTMLDetailsElement>(null);
  const fetched = fetcher.data && "folders" in fetcher.data ? fetcher.data : null;
  const folders = initialFolders ?? fetched?.folders ?? null;

  const load = () => {
    if (folders || fetcher.state !== "idle" || fetched) return;
    fetcher.load(`/resources/fleet?aircraft=${a.id}`);
  };
  // An aircraft that starts open (the current one) loads its folders once the page is interactive.
  useEffect(() => {
    if (ref.current?.open) load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <li className={s.fleetItem} id={`fleet-${a.id}`}>
      <details ref={ref} open={current || initialFolders !== null} onToggle={(e) => e.currentTarget.open && load()}>
        <summary className={s.fleetSummary} data-current={current ? "true" : undefined} title={a.name}>
          <ChevronRightIcon size={14} className={s.chevron} />
          <span className={s.statusDot} style={{ background: s.fleetStatusColor[a.status] ?? s.fleetStatusOther }} title={a.status} />
          <span className={s.fleetMsn}>MSN {a.msn}</span>
          <span className={s.fleetReg}>{a.registration}</span>
        </summary>
        <ul className={s.folderList}>
          <li>
            <Link to={filesHref(a)} className={s.folderLink}>
              <FolderIcon size={15} /> All records
            </Link>
          </li>
          {folders ? (
            folders.length ? (
              folders.map((f) => (
                <li key={f.id}>
                  <Link to={filesHref(a, f.path)} className={s.folderLink}>
                    <FolderIcon size={15} /> {f.name}
                  </Link>
                </li>
              ))
            ) : (
              <li className={s.navNote}>No folders yet.</li>
            )
          ) : hydrated ? (
            fetched?.error ? (
              <li className={s.navNote}>{fetched.error}</li>
            ) : (
              <li className={s.navNote} role="status">
                Loading folders…
              </li>
            )
          ) : (
            <li>
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
