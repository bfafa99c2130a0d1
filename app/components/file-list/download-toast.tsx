// "Download has started" for download links on pages without an island (spec 000 §2 "Download"): the
// page carries the snackbar in a <template>, and a download link names it (data-toast); the shell
// shows a copy when such a link is followed. The same Snackbar as the server's flash toast and the
// browser's (client-toast.tsx), so it looks and hides (5000 ms) the same.
import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { Snackbar } from "~/components/toast/toast";
import { DOWNLOAD_STARTED } from "./client-toast";

export const DOWNLOAD_TOAST = "download-toast";

/** The attributes of a download link that raises the toast. */
export const downloadToast = { download: true, "data-toast": DOWNLOAD_TOAST } as const;

const TOAST = { id: DOWNLOAD_TOAST, type: "info", description: DOWNLOAD_STARTED, duration: 5000 } as const;

export function DownloadToastTemplate() {
  const ref = useRef<HTMLTemplateElement>(null);
  const [content, setContent] = useState<DocumentFragment | null>(null);
  useEffect(() => {
    const c = ref.current!.content;
    c.replaceChildren();
    setContent(c);
  }, []);
  const snackbar = <Snackbar toast={TOAST} />;
  // The HTML parser puts a <template>'s children into its content (where the copy is taken from),
  // React into the element itself: hydrating them would not match. So the server writes them out,
  // and the browser renders them into the content once mounted (the server's copy makes way).
  return (
    <template id={DOWNLOAD_TOAST} ref={ref}>
      {typeof document === "undefined" ? snackbar : content ? createPortal(snackbar, content) : null}
    </template>
  );
}
