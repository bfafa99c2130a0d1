// The snackbar a plain module shows (app/plain/snackbar.ts: a download started, an export's answer):
// one <template> per kind, written out with the Snackbar's own classes, so the browser's copy looks
// and hides like the server's. A template's children live in its content, which React neither
// hydrates nor renders into: its innerHTML is both.
import * as t from "./toast.css";

const KINDS = ["success", "error", "info"] as const;

export function SnackbarTemplates() {
  return (
    <>
      {KINDS.map((k) => (
        <template
          key={k}
          id={`snackbar-${k}`}
          dangerouslySetInnerHTML={{ __html: `<div role="${k === "error" ? "alert" : "status"}" data-toast="${k}" class="${t.snackbar} ${t.kind[k]}"><div data-text></div></div>` }}
        />
      ))}
    </>
  );
}
