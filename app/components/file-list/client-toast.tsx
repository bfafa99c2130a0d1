// A snackbar raised by the browser (the server's flash toast covers everything that goes through a
// form): "Download has started" when a download link is followed, the upload island's result. It is
// the same Snackbar as the server's, so it looks and hides (5000 ms) the same.
import { useCallback, useState } from "react";
import { Snackbar, type ToastView } from "~/components/toast/toast";

export { DOWNLOAD_STARTED } from "~/components/toast/download-toast";

export function useClientToast() {
  const [toast, setToast] = useState<ToastView | null>(null);
  const show = useCallback((t: Omit<ToastView, "id" | "duration"> & { duration?: number }) => {
    setToast({ duration: 5000, ...t, id: Math.random().toString(36).slice(2) });
  }, []);
  const view = toast ? <Snackbar toast={toast} /> : null;
  return { show, view };
}
