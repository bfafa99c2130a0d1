// The records of one aircraft: header, toolbar, breadcrumbs, the listing, the pager, and the dialog
// the URL asks for (?dialog=upload|create|rename|move|copy|delete&item=…), rendered by the server.
// Used by /storage/aircraft/{id}/files, /storage/uef/aircraft/{id}/files and /aero-box/aircrafts/{id}.
import type { SerializeFrom } from "@remix-run/node";
import { Link, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Breadcrumbs } from "~/components/breadcrumbs/breadcrumbs";
import { BulkDialog } from "~/components/folder-actions/bulk-dialog";
import { FolderActionDialog, type FolderAction } from "~/components/folder-actions/folder-actions";
import { DownloadIcon } from "~/components/icons/download";
import { PreviewDialog } from "~/components/file-preview/preview-dialog";
import { FolderIcon } from "~/components/icons/folder";
import { useHydrated } from "remix-utils/use-hydrated";
import { Pagination } from "~/components/pagination/pagination";
import * as ui from "~/components/ui/ui.css";
import { draggingFiles, droppedFiles } from "~/components/upload-dialog/drop-files";
import { UploadDialog } from "~/components/upload-dialog/upload-dialog";
import type { Selected } from "~/components/upload-dialog/upload-engine";
import { ACCESS_LABEL } from "~/models/roles";
import { downloadHref, listHref, parseId, previewHref, trashHref, versionsHref, zipHref, type FileSort, type SortOrder } from "~/models/storage-links";
import type { filesLoader } from "~/models/storage-pages.server";
import { DOWNLOAD_STARTED, useClientToast } from "./client-toast";
import { FileList, type RowAction } from "./file-list";
import * as s from "./files-page.css";
import { AIRCRAFT_STATUS_LABEL } from "~/models/status-labels";

export type FilesData = SerializeFrom<typeof filesLoader>;


export function FilesPage({ data, base, singleUpload = false }: { data: FilesData; base: string; singleUpload?: boolean }) {
  const location = useLocation();
  const toast = useClientToast();
  const a = data.aircraft;
  const dir = data.folder.path;
  const keep = { dir, organization: data.organization, sort: data.sort as FileSort, order: data.order as SortOrder };
  const here = listHref(base, { ...keep, page: data.page });
  const withDialog = (dialog: string, item?: number) => listHref(base, { ...keep, page: data.page, extra: { dialog, ...(item ? { item: String(item) } : {}) } });
  const onDownload = () => toast.show({ type: "info", description: DOWNLOAD_STARTED });
  // The preview dialog (ADR 053): with JavaScript a file's Preview opens over the listing, `?preview=<id>`.
  const hydrated = useHydrated();
  const navigate = useNavigate();
  // With JavaScript the bulk actions wait for a selection (without, the server answers an empty one
  // with a message): the rows' checkboxes belong to the bulk form (form="bulk").
  const [selected, setSelected] = useState(0);
  useEffect(() => {
    const count = () => setSelected(document.querySelectorAll('input[form="bulk"][name="sel"]:checked').length);
    count();
    document.addEventListener("change", count);
    return () => document.removeEventListener("change", count);
  }, [location.key]);
  const none = hydrated && selected === 0;
  // Files dragged onto the listing (JS only, writers only): the upload dialog opens with them chosen,
  // for the folder on screen; the user still confirms with Upload.
  const [dragging, setDragging] = useState(false);
  const [dropped, setDropped] = useState<Selected<File>[] | null>(null);
  const dropTarget = hydrated && data.canWrite && !data.dialog;
  const uploadKind = singleUpload ? "upload-one" : "upload";
  function onDragOver(e: React.DragEvent) {
    if (!dropTarget || !draggingFiles(e)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = "copy";
    setDragging(true);
  }
  function onDragLeave(e: React.DragEvent) {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
  }
  function onDrop(e: React.DragEvent) {
    setDragging(false);
    if (!dropTarget || !draggingFiles(e)) return;
    e.preventDefault();
    void droppedFiles(e.dataTransfer).then((files) => {
      if (!files.length) return;
      setDropped(files);
      navigate(withDialog(uploadKind), { preventScrollReset: true });
    });
  }
  // The dropped files belong to the dialog they opened: closing it forgets them.
  useEffect(() => {
    if (!data.dialog) setDropped(null);
  }, [data.dialog]);
  const previewing = hydrated ? parseId(new URLSearchParams(location.search).get("preview")) : null;
  const withPreview = (id: number) => listHref(base, { ...keep, page: data.page, extra: { preview: String(id) } });

  const crumbs = data.breadcrumb.map((c) => ({ name: c.name, href: listHref(base, { dir: c.path, organization: data.organization, sort: keep.sort, order: keep.order }) }));

  const dialog = data.dialog;
  return (
    <div className={s.page}>
      <header className={ui.pageHeader}>
        <div className={s.title}>
          <h1 className={ui.pageTitle}>{a.name}</h1>
          <p className={`${ui.pageLead} ${s.lead}`}>
            <span>MSN {a.msn}</span>
            {a.registration ? <span>{a.registration}</span> : null}
            <span className={`${ui.badge} ${a.status === "GROUNDED" ? ui.badgeTone.danger : a.status === "IN OPERATION" ? ui.badgeTone.success : ui.badgeTone.warning}`}>
              {AIRCRAFT_STATUS_LABEL[a.status]}
            </span>
            <span className={`${ui.badge} ${ui.badgeTone.info}`} data-access={data.access}>
              {ACCESS_LABEL[data.access]}
            </span>
            {data.family === "uef" ? <span className={`${ui.badge} ${ui.badgeTone.neutral}`}>Extended upload</span> : null}
          </p>
        </div>
        <div className={s.toolbar} role="toolbar" aria-label="Folder actions">
          {data.canWrite ? (
            <>
              <Link to={withDialog(singleUpload ? "upload-one" : "upload")} className={ui.button.primary} preventScrollReset data-action="upload">
                {singleUpload ? "Upload a file" : "Upload files"}
              </Link>
              <Link to={withDialog("create")} className={ui.button.secondary} preventScrollReset data-action="create-folder">
                <FolderIcon size={16} /> New folder
              </Link>
            </>
          ) : null}
          {data.canWrite && data.family === "standard" ? (
            <Link to={trashHref(a.id)} className={ui.button.secondary} data-action="trash">
              Trash
            </Link>
          ) : null}
          {data.access === "su_write" ? (
            <Link to={`/aircraft-access/${a.id}`} className={ui.button.secondary} data-action="manage-access">
              Manage access
            </Link>
          ) : null}
          <a href={zipHref(a.id, dir, data.family)} className={ui.button.secondary} download onClick={onDownload}>
            <DownloadIcon size={16} /> Download folder
          </a>
        </div>
      </header>

      <Breadcrumbs items={crumbs} />

      {data.contents.length ? (
        // The bulk bar: a plain GET form that the rows' checkboxes belong to (form="bulk"). Move, Copy and
        // Delete open the server-rendered bulk dialog; the zip goes to the zip route. No JS needed.
        <form id="bulk" method="get" action={base} className={s.bulkBar} aria-label="Selected items" data-bulk="">
          {dir !== "/" ? <input type="hidden" name="dir" value={dir} /> : null}
          {data.organization ? <input type="hidden" name="organization" value={data.organization} /> : null}
          {keep.sort !== "name" ? <input type="hidden" name="sort" value={keep.sort} /> : null}
          {data.order !== (keep.sort === "date" ? "desc" : "asc") ? <input type="hidden" name="order" value={keep.order} /> : null}
          {data.page > 1 ? <input type="hidden" name="page" value={data.page} /> : null}
          <span className={s.bulkLabel} aria-live="polite">
            {hydrated && selected > 0 ? `With the ${selected} selected item${selected === 1 ? "" : "s"}:` : "With the selected items:"}
          </span>
          {data.canWrite ? (
            <>
              <button type="submit" name="dialog" value="bulk-move" className={`${ui.button.secondary} ${ui.buttonSmall}`} disabled={none}>
                Move
              </button>
              <button type="submit" name="dialog" value="bulk-copy" className={`${ui.button.secondary} ${ui.buttonSmall}`} disabled={none}>
                Copy
              </button>
              <button type="submit" name="dialog" value="bulk-delete" className={`${ui.button.danger} ${ui.buttonSmall}`} disabled={none}>
                Delete
              </button>
            </>
          ) : null}
          <input type="hidden" name="aircraft_id" value={a.id} />
          {data.family === "uef" ? <input type="hidden" name="family" value="uef" /> : null}
          <button type="submit" name="bulk" value="1" formAction="/resources/storage/zip" className={`${ui.button.secondary} ${ui.buttonSmall}`} disabled={none}>
            <DownloadIcon size={16} /> Download as zip
          </button>
        </form>
      ) : null}

      <div
        className={s.dropArea}
        onDragOver={dropTarget ? onDragOver : undefined}
        onDragLeave={dropTarget ? onDragLeave : undefined}
        onDrop={dropTarget ? onDrop : undefined}
        data-drop-area={dropTarget ? (dragging ? "over" : "") : undefined}
      >
        {dragging ? (
          <p className={s.dropHint} aria-hidden="true">
            Drop files to upload them into {dir === "/" ? "the top folder" : data.folder.name}
          </p>
        ) : null}
        <FileList
          items={data.contents}
          sort={keep.sort}
          order={keep.order}
          sortHref={(sort, order) => listHref(base, { dir, organization: data.organization, sort, order })}
          folderHref={(path) => listHref(base, { dir: path, organization: data.organization, sort: keep.sort, order: keep.order })}
          downloadHref={(item) => downloadHref(a.id, item.id, data.family)}
          previewHref={(item) => previewHref(a.id, item.id, { organization: data.organization, sort: keep.sort, order: keep.order, family: data.family })}
          onPreview={hydrated ? (item) => navigate(withPreview(item.id), { preventScrollReset: true }) : undefined}
          versionsHref={data.family === "standard" ? (item) => versionsHref(a.id, item.id) : undefined}
          zipHref={(path) => zipHref(a.id, path, data.family)}
          actionHref={(action: RowAction, item) => withDialog(action, item.id)}
          canWrite={data.canWrite}
          selectedId={data.selectedId}
          favourites={{ action: "/storage/favourites", redirectTo: `${location.pathname}${location.search}` }}
          onDownload={onDownload}
          bulkFormId={data.contents.length ? "bulk" : undefined}
          emptyText={data.canWrite ? "This folder is empty. Upload files or create a folder." : "This folder is empty."}
        />
      </div>

      <Pagination
        page={data.page}
        total={data.total}
        perPage={data.perPage}
        hrefFor={(p) => listHref(base, { ...keep, page: p })}
        prevHref={data.prevCursor ? listHref(base, { ...keep, page: data.page - 1, cursor: data.prevCursor }) : null}
        nextHref={data.nextCursor ? listHref(base, { ...keep, page: data.page + 1, cursor: data.nextCursor }) : null}
        noun={data.total === 1 ? "item" : "items"}
      />

      {dialog && (dialog.kind === "upload" || dialog.kind === "upload-one") ? (
        <UploadDialog
          aircraftId={a.id}
          dir={dir}
          family={data.family}
          variant={dialog.kind === "upload-one" ? "single" : data.family === "uef" ? "uef" : "standard"}
          closeHref={here}
          formAction={listHref(base, { dir, organization: data.organization, extra: { dialog: dialog.kind } })}
          initialFiles={dropped}
          onFinished={(message) => toast.show({ type: "success", description: message ?? "Upload complete." })}
        />
      ) : dialog && (dialog.kind === "bulk-move" || dialog.kind === "bulk-copy" || dialog.kind === "bulk-delete") ? (
        <BulkDialog
          kind={dialog.kind}
          aircraftId={a.id}
          dir={dir}
          family={data.family}
          items={dialog.items}
          picker={dialog.picker}
          closeHref={here}
          returnTo={`${location.pathname}${location.search}`}
        />
      ) : dialog ? (
        <FolderActionDialog
          kind={dialog.kind === "upload" || dialog.kind === "upload-one" ? "create" : (dialog.kind as FolderAction)}
          picker={dialog.picker}
          aircraftId={a.id}
          dir={dir}
          family={data.family}
          item={dialog.item}
          closeHref={here}
          returnTo={`${location.pathname}${location.search}`}
        />
      ) : null}
      {previewing && !dialog ? (
        <PreviewDialog
          aircraftId={a.id}
          fileId={previewing}
          keep={{ organization: data.organization, sort: keep.sort, order: keep.order, family: data.family }}
          closeHref={here}
          hrefFor={withPreview}
        />
      ) : null}
      {toast.view}
    </div>
  );
}
