// "Download has started" for download links (spec 000 §2 "Download"): a link with these attributes
// raises the snackbar when followed (app/plain/page.ts), on every page, hydrated or not.
export const DOWNLOAD_STARTED = "Download has started";

/** The attributes of a download link that raises the toast. */
export const downloadToast = { download: true, "data-toast": "download" } as const;
