// /storage/aircraft/{aircraftId}/preview?fileid=&sort=&order=&organization=[&family=uef]
// One file shown without downloading it (issue 16 item 1, ADR 041): a PDF, an image, text, or its
// download; next / previous in the folder's order. Shared code: app/models/storage-preview.server.ts
// and app/components/file-preview/file-preview.tsx (the files page's preview dialog loads this
// route's data with a fetcher).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FilePreview } from "~/components/file-preview/file-preview";
import type { ShellHandle } from "~/components/shell/handle";
import { previewLoader } from "~/models/storage-preview.server";

export async function loader(args: LoaderFunctionArgs) {
  return previewLoader(args);
}

export const handle: ShellHandle = {
  topBar: ({ data }) => {
    const d = data as { aircraft: { msn: string; registration: string } } | undefined;
    return d ? { msn: d.aircraft.msn, registration: d.aircraft.registration } : null;
  },
};

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.file.name} · ${data.aircraft.name} · Records · AeroRecords` : "Preview · Records · AeroRecords" }];

export default function FilePreviewRoute() {
  return <FilePreview data={useLoaderData<typeof loader>()} />;
}
