// An export form (form[data-export]) with JavaScript: the file comes in place with the spec's messages
// (export-download.ts); page.ts loads this on the first export.
import { runExport } from "~/components/export-actions/export-download";
import { showSnackbar } from "./snackbar";

export const exportInPlace = (form: HTMLFormElement) => runExport(form, (type, description, duration) => showSnackbar(type, description, duration));
