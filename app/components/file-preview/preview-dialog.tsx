// The preview as a dialog over the listing (issue 16 item 1 "faster with JS", ADR 053). The listing's
// URL carries `?preview=<fileid>` (shareable: opened as a document it leads to the preview page); the
// dialog loads the preview route's own data with a fetcher, so the listing is not read again
// (filesShouldRevalidate). ModalDialog takes focus, keeps it inside, closes on Escape and returns
// focus to the Preview link. Next / previous change `preview` in place (replace: Back closes it).
import { Link, useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { DownloadIcon } from "~/components/icons/download";
import { ModalBody, ModalDialog } from "~/components/modal-dialog/modal-dialog";
import * as ui from "~/components/ui/ui.css";
import { formatBytes } from "~/models/size";
import { downloadHref, previewHref, type Family, type FileSort, type SortOrder } from "~/models/storage-links";
import { mediumDateTimeUtc } from "~/utils/dates";
import { Viewer, type PreviewData } from "./file-preview";
import * as s from "./file-preview.css";

export function PreviewDialog({
  aircraftId,
  fileId,
  keep,
  closeHref,
  hrefFor,
}: {
  aircraftId: number;
  fileId: number;
  keep: { organization: string | null; sort: FileSort; order: SortOrder; family: Family };
  /** The listing without the dialog. */
  closeHref: string;
  /** The listing with another file in the dialog. */
  hrefFor: (fileId: number) => string;
}) {
  const fetcher = useFetcher<PreviewData>();
  const page = previewHref(aircraftId, fileId, keep);
  const { load } = fetcher;
  useEffect(() => {
    void load(page);
  }, [load, page]);
  // While the next file loads the last one stays (its links keep the focus); once it is there, focus
  // that fell out with a link that is gone (no "Next" on the last file) goes back to the dialog.
  const d = fetcher.data ?? null;
  const f = d?.file;
  const current = f?.id === fileId;
  useEffect(() => {
    const dialog = document.querySelector<HTMLElement>("dialog[data-dialog]");
    if (current && dialog && !dialog.contains(document.activeElement)) dialog.focus({ preventScroll: true });
  }, [current, f?.id]);
  return (
    <ModalDialog
      title={f ? f.name : "Preview"}
      subtitle={d && d.position.index >= 0 ? `File ${d.position.index + 1} of ${d.position.count}` : undefined}
      closeHref={closeHref}
      replace
      wide
    >
      <ModalBody>
        {d && f ? (
          <div className={s.layout} data-preview-dialog={f.id} aria-busy={!current}>
            <nav className={s.nav} aria-label="Files in this folder">
              {d.prev ? (
                <Link to={hrefFor(d.prev.id)} replace preventScrollReset className={ui.button.secondary} rel="prev" title={d.prev.name}>
                  ← Previous
                </Link>
              ) : null}
              {d.next ? (
                <Link to={hrefFor(d.next.id)} replace preventScrollReset className={ui.button.secondary} rel="next" title={d.next.name}>
                  Next →
                </Link>
              ) : null}
              <a href={downloadHref(aircraftId, f.id, keep.family)} className={ui.button.primary} download>
                <DownloadIcon size={16} /> Download
              </a>
              <Link to={page} className={s.position}>
                Open as a page
              </Link>
            </nav>
            <section className={s.viewer} aria-label="Preview" data-kind={f.kind}>
              <Viewer data={d} />
            </section>
            <p className={`${s.position} ${s.facts}`}>
              <span className={ui.mono}>{f.path}</span> · {formatBytes(f.size)} · modified <time dateTime={f.updated_at}>{mediumDateTimeUtc(f.updated_at)}</time>
            </p>
          </div>
        ) : (
          <p role="status">Loading the preview…</p>
        )}
      </ModalBody>
    </ModalDialog>
  );
}
