// "Download has started" for download links in server markup (spec 000 §2 "Download", issue 12): the
// page's markup carries the snackbar in a <template>, and a download link names it (data-toast); the
// markup runtime (useMarkupLinks) shows a copy when such a link is followed. The same Snackbar as the
// server's flash toast and the browser's (client-toast.tsx), so it looks and hides (5000 ms) the same.
import { Snackbar } from "~/components/toast/toast";
import { DOWNLOAD_STARTED } from "./client-toast";

export const DOWNLOAD_TOAST = "download-toast";

/** The attributes of a download link in markup that raises the toast. */
export const downloadToast = { download: true, "data-toast": DOWNLOAD_TOAST } as const;

export function DownloadToastTemplate() {
  return (
    <template id={DOWNLOAD_TOAST}>
      <Snackbar toast={{ id: DOWNLOAD_TOAST, type: "info", description: DOWNLOAD_STARTED, duration: 5000 }} />
    </template>
  );
}
