// The listing of one folder: folders first (the upstream's order), sizes in Bytes…YB, dates, sortable
// columns (links: the sort lives in the URL), a favourite star (a form) and a row menu (<details>, so
// it opens without JS). Write actions appear only for write and su_write users; the upstream refuses
// everyone else anyway.
import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { DownloadIcon } from "~/components/icons/download";
import { FileIcon } from "~/components/icons/file";
import { FolderIcon } from "~/components/icons/folder";
import { StarIcon } from "~/components/icons/star";
import { ActionsHeader } from "~/components/data-table-simple/data-table-simple";
import { formatBytes } from "~/models/size";
import type { FileSort, SortOrder } from "~/models/storage-links";
import { mediumDateTimeUtc } from "~/utils/dates";
import * as s from "./file-list.css";

export interface FileRow {
  id: number;
  name: string;
  path: string;
  resourcetype: "collection" | "file";
  size: number;
  updated_at: string;
  favourite: boolean;
}

export type RowAction = "rename" | "move" | "copy" | "delete";

export interface FileListProps {
  items: FileRow[];
  sort: FileSort;
  order: SortOrder;
  sortHref: (sort: FileSort, order: SortOrder) => string;
  folderHref: (path: string) => string;
  downloadHref: (item: FileRow) => string;
  /** A file's preview page (absent: no Preview action). */
  previewHref?: (item: FileRow) => string;
  /** With JavaScript: a plain click on Preview opens the preview here (a dialog) instead of its page. */
  onPreview?: (item: FileRow) => void;
  /** A file's versions page (absent: no Versions action; shown to Edit Access users only). */
  versionsHref?: (item: FileRow) => string;
  zipHref: (path: string) => string;
  actionHref: (action: RowAction, item: FileRow) => string;
  canWrite: boolean;
  selectedId?: number | null;
  /** Where the favourite forms post, and where they come back to. */
  favourites: { action: string; redirectTo: string };
  /** Called when a download link is followed (the island shows "Download has started"). */
  onDownload?: (name: string) => void;
  emptyText?: string;
  /** The bulk bar's form: each row gets a checkbox (`sel`) that belongs to it (form="…"), so it works without JS. */
  bulkFormId?: string;
}

/** A plain click (not one that asks for a new tab or window) goes to onPreview. */
const previewClick = (p: FileListProps, item: FileRow) => (e: React.MouseEvent) => {
  if (!p.onPreview || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  p.onPreview(item);
};

const COLUMNS: { sort: FileSort; label: string; className?: string }[] = [
  { sort: "name", label: "Name" },
  { sort: "size", label: "Size", className: s.hideNarrow },
  { sort: "date", label: "Modified", className: s.hideNarrow },
];

function SortHeader({ col, sort, order, sortHref }: { col: (typeof COLUMNS)[number]; sort: FileSort; order: SortOrder; sortHref: FileListProps["sortHref"] }) {
  const active = col.sort === sort;
  const nextOrder: SortOrder = active ? (order === "asc" ? "desc" : "asc") : col.sort === "date" ? "desc" : "asc";
  return (
    <th scope="col" className={col.className} aria-sort={active ? (order === "asc" ? "ascending" : "descending") : "none"}>
      <Link className={`${s.sortLink} ${active ? s.sortActive : ""}`} to={sortHref(col.sort, nextOrder)} title={`Sort by ${col.label.toLowerCase()}`}>
        {col.label}
        {active ? <span aria-hidden="true">{order === "asc" ? "▲" : "▼"}</span> : null}
      </Link>
    </th>
  );
}

export function FavouriteToggle({ id, on, name, action, redirectTo }: { id: number; on: boolean; name: string; action: string; redirectTo: string }) {
  return (
    <Form method="post" action={action} preventScrollReset>
      <input type="hidden" name="intent" value={on ? "remove" : "add"} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button
        type="submit"
        className={`${s.star} ${on ? s.starOn : ""}`}
        aria-pressed={on}
        aria-label={on ? `Remove ${name} from favourites` : `Add ${name} to favourites`}
        title={on ? "Remove from favourites" : "Add to favourites"}
      >
        <StarIcon size={18} />
      </button>
    </Form>
  );
}

export function FileList(p: FileListProps) {
  const location = useLocation();
  const table = useRef<HTMLTableElement>(null);
  // A navigation (a dialog opened, a sort, Cancel) closes the row menus; without JS the page reloads anyway.
  useEffect(() => {
    table.current?.querySelectorAll("details[open]").forEach((d) => d.removeAttribute("open"));
  }, [location.key]);
  if (!p.items.length) {
    return (
      <div className={s.wrap}>
        <p className={s.empty}>{p.emptyText ?? "This folder is empty."}</p>
      </div>
    );
  }
  return (
    <div className={s.wrap}>
      <table className={s.table} ref={table}>
        <thead>
          <tr>
            {p.bulkFormId ? <ActionsHeader label="Select" className={s.checkCell} /> : null}
            {COLUMNS.map((c) => (
              <SortHeader key={c.sort} col={c} sort={p.sort} order={p.order} sortHref={p.sortHref} />
            ))}
            <ActionsHeader label="Favourite" />
            <ActionsHeader className={s.actionsCell} />
          </tr>
        </thead>
        <tbody>
          {p.items.map((item) => {
            const folder = item.resourcetype === "collection";
            const size = folder ? "—" : formatBytes(item.size);
            const date = mediumDateTimeUtc(item.updated_at);
            return (
              <tr key={item.id} className={p.selectedId === item.id ? s.selected : undefined} data-item-id={item.id} data-kind={folder ? "folder" : "file"}>
                {p.bulkFormId ? (
                  <td className={s.checkCell}>
                    <input type="checkbox" className={s.check} form={p.bulkFormId} name="sel" value={item.id} aria-label={`Select ${item.name}`} />
                  </td>
                ) : null}
                <td className={s.nameCell}>
                  <div className={s.name}>
                    {folder ? <FolderIcon className={s.folderIcon} /> : <FileIcon className={s.fileIcon} />}
                    <div>
                      {folder ? (
                        <Link className={s.nameLink} to={p.folderHref(item.path)}>
                          {item.name}
                        </Link>
                      ) : (
                        <a
                          className={s.nameLink}
                          href={p.downloadHref(item)}
                          download
                          title={`Download ${item.name}`}
                          onClick={() => p.onDownload?.(item.name)}
                        >
                          {item.name}
                        </a>
                      )}
                      {!folder && p.previewHref ? (
                        <Link className={s.previewLink} to={p.previewHref(item)} aria-label={`Preview ${item.name}`} data-action="preview" onClick={previewClick(p, item)}>
                          Preview
                        </Link>
                      ) : null}
                      <div className={s.meta}>
                        {folder ? "Folder" : size} · {date}
                      </div>
                    </div>
                  </div>
                </td>
                <td className={`${s.num} ${s.hideNarrow}`} data-size={folder ? undefined : item.size}>
                  {size}
                </td>
                <td className={`${s.num} ${s.hideNarrow}`}>
                  <time dateTime={item.updated_at}>{date}</time>
                </td>
                <td>
                  <FavouriteToggle id={item.id} on={item.favourite} name={item.name} action={p.favourites.action} redirectTo={p.favourites.redirectTo} />
                </td>
                <td className={s.actionsCell}>
                  <details className={s.menu} data-menu="">
                    <summary className={s.menuButton} aria-label={`Actions for ${item.name}`}>
                      ⋯
                    </summary>
                    <ul className={s.menuList}>
                      {!folder && p.previewHref ? (
                        <li>
                          <Link className={s.menuItem} to={p.previewHref(item)} onClick={previewClick(p, item)}>
                            Preview
                          </Link>
                        </li>
                      ) : null}
                      <li>
                        {folder ? (
                          <a className={s.menuItem} href={p.zipHref(item.path)} download onClick={() => p.onDownload?.(`${item.name}.zip`)}>
                            <DownloadIcon size={16} /> Download as zip
                          </a>
                        ) : (
                          <a className={s.menuItem} href={p.downloadHref(item)} download onClick={() => p.onDownload?.(item.name)}>
                            <DownloadIcon size={16} /> Download
                          </a>
                        )}
                      </li>
                      {p.canWrite ? (
                        <>
                          {!folder && p.versionsHref ? (
                            <li>
                              <Link className={s.menuItem} to={p.versionsHref(item)} data-action="versions">
                                Versions
                              </Link>
                            </li>
                          ) : null}
                          <li>
                            <Link className={s.menuItem} to={p.actionHref("rename", item)} preventScrollReset>
                              Rename
                            </Link>
                          </li>
                          <li>
                            <Link className={s.menuItem} to={p.actionHref("move", item)} preventScrollReset>
                              Move
                            </Link>
                          </li>
                          <li>
                            <Link className={s.menuItem} to={p.actionHref("copy", item)} preventScrollReset>
                              Copy
                            </Link>
                          </li>
                          <li>
                            <Link className={s.menuDanger} to={p.actionHref("delete", item)} preventScrollReset>
                              Delete
                            </Link>
                          </li>
                        </>
                      ) : null}
                    </ul>
                  </details>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
