// The user's favourite files and folders (/storage/favourites, /aero-box/storage/favourites): each
// opens in its folder, downloads, or is un-starred with a form (works without JS).
import { Link, useLocation } from "@remix-run/react";
import { FileIcon } from "~/components/icons/file";
import { FolderIcon } from "~/components/icons/folder";
import { ActionsHeader } from "~/components/data-table-simple/data-table-simple";
import { Pagination } from "~/components/pagination/pagination";
import * as ui from "~/components/ui/ui.css";
import { formatBytes } from "~/models/size";
import { downloadHref, filesBase, listHref } from "~/models/storage-links";
import { mediumDateTimeUtc } from "~/utils/dates";
import { downloadToast } from "~/components/toast/download-toast";
import { FavouriteToggle } from "./file-list";
import * as s from "./file-list.css";

export interface FavouriteRow {
  id: number;
  name: string;
  path: string;
  resourcetype: "collection" | "file";
  size: number;
  updated_at: string;
  aircraft_id: number;
  aircraft: { id: number; name: string; msn: string };
  dir: string;
}

export function FavouritesList({
  items,
  total,
  page,
  perPage,
  listBase = (aircraftId: number) => filesBase(aircraftId),
}: {
  items: FavouriteRow[];
  total: number;
  page: number;
  perPage: number;
  /** Where an aircraft's listing lives (the /aero-box pages keep their own shell). */
  listBase?: (aircraftId: number) => string;
}) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const pageHref = (p: number) => `${location.pathname}${p > 1 ? `?page=${p}` : ""}`;
  if (!items.length) {
    return (
      <div className={s.wrap}>
        <p className={s.empty}>No favourites yet. Star a file or folder in an aircraft's records to find it here.</p>
      </div>
    );
  }
  return (
    <>
      <div className={s.wrap}>
        <table className={s.table}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col" className={s.hideNarrow}>
                Aircraft
              </th>
              <th scope="col" className={s.hideNarrow}>
                Size
              </th>
              <th scope="col" className={s.hideNarrow}>
                Modified
              </th>
              <ActionsHeader label="Favourite" />
            </tr>
          </thead>
          <tbody>
            {items.map((f) => {
              const folder = f.resourcetype === "collection";
              const open = folder ? listHref(listBase(f.aircraft_id), { dir: f.path }) : listHref(listBase(f.aircraft_id), { dir: f.dir, fileid: f.id });
              return (
                <tr key={f.id} data-item-id={f.id}>
                  <td className={s.nameCell}>
                    <div className={s.name}>
                      {folder ? <FolderIcon className={s.folderIcon} /> : <FileIcon className={s.fileIcon} />}
                      <div>
                        <Link className={s.nameLink} to={open} title={folder ? "Open the folder" : "Open the file in its folder"}>
                          {f.name}
                        </Link>
                        <div className={`${ui.small} ${ui.muted}`} style={{ overflowWrap: "anywhere" }}>
                          {f.path}
                          {!folder ? (
                            <>
                              {" · "}
                              <a href={downloadHref(f.aircraft_id, f.id)} {...downloadToast}>
                                Download
                              </a>
                            </>
                          ) : null}
                        </div>
                        <div className={s.meta}>
                          {f.aircraft.name} · {folder ? "Folder" : formatBytes(f.size)}
                        </div>
                      </div>
                    </div>
                  </td>
                  <td className={s.hideNarrow}>
                    {f.aircraft.name}
                    <div className={`${ui.small} ${ui.muted}`}>MSN {f.aircraft.msn}</div>
                  </td>
                  <td className={`${s.num} ${s.hideNarrow}`}>{folder ? "—" : formatBytes(f.size)}</td>
                  <td className={`${s.num} ${s.hideNarrow}`}>
                    <time dateTime={f.updated_at}>{mediumDateTimeUtc(f.updated_at)}</time>
                  </td>
                  <td>
                    <FavouriteToggle id={f.id} on name={f.name} action="/storage/favourites" redirectTo={here} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pagination page={page} total={total} perPage={perPage} hrefFor={pageHref} noun="favourites" />
    </>
  );
}
