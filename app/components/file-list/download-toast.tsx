// "Download has started" for download links (spec 000 §2 "Download", issue 12): the page carries the
// snackbar in a <template>, and a download link names it (data-toast); the shell's script shows a
// copy when such a link is followed. The same snackbar as the server's flash toast and the
// browser's (components/toast/toast.tsx, client-toast.tsx), so it looks and hides (5000 ms) the same.
import * as t from "~/components/toast/toast.css";
import { DOWNLOAD_STARTED } from "./client-toast";

export const DOWNLOAD_TOAST = "download-toast";

/** The attributes of a download link that raises the toast. */
export const downloadToast = { download: true, "data-toast": DOWNLOAD_TOAST } as const;

// Snackbar's HTML for an info toast of 5000 ms, written out: a template's children live in its
// content, which React does not hydrate (the page would be rendered again in the browser) nor render
// into; its innerHTML is both.
const SNACKBAR = `<div role="status" data-toast="info" class="${t.snackbar} ${t.kind.info}" style="animation-duration:5000ms"><div>${DOWNLOAD_STARTED}</div></div>`;

export function DownloadToastTemplate() {
  return <template id={DOWNLOAD_TOAST} dangerouslySetInnerHTML={{ __html: SNACKBAR }} />;
}
