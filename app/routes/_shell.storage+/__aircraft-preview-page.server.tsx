// aircraft.$aircraftId.preview.tsx's page as server markup (issue 12, ADR 063): the file preview
// (app/components/file-preview/file-preview.tsx, also the files page's preview dialog) rendered by the
// route's loader in a router at the page's address. Kept for the browser: what meta and handle read.
import type { LoaderFunctionArgs, SerializeFrom } from "@remix-run/node";
import { FilePreview } from "~/components/file-preview/file-preview";
import { previewLoader } from "~/models/storage-preview.server";
import { routeMarkupFrom } from "~/utils/page-markup.server";

/** The files page's preview dialog (preview-dialog.tsx) reads the data itself: a fetcher's request with this parameter. */
export const PREVIEW_DATA_PARAM = "as";

export async function previewMarkup(args: LoaderFunctionArgs) {
  if (args.context.dataRequest && new URL(args.request.url).searchParams.get(PREVIEW_DATA_PARAM) === "data") return previewLoader(args);
  return routeMarkupFrom(args, "page-storage-preview", await previewLoader(args), (d: SerializeFrom<typeof previewLoader>) => <FilePreview data={d} />, {
    keep: (d) => ({ file: { name: d.file.name }, aircraft: { name: d.aircraft.name, msn: d.aircraft.msn, registration: d.aircraft.registration } }),
  });
}
