// An export form (form[data-export]) with JavaScript: the file comes in place with the spec's messages
// (export-download.ts); page.ts loads this on the first export, and this the snackbar (a chunk of its
// own, which a download link's toast loads too).
import { runExport } from "~/components/export-actions/export-download";

export const exportInPlace = (form: HTMLFormElement) => runExport(form, (type, description, duration) => void import("./snackbar").then((m) => m.showSnackbar(type, description, duration)));
