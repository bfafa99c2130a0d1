// /aero-box/aircrafts/{id} (spec 000 §2): one aircraft's records inside the AeroBOX shell: the same
// listing, dialogs and downloads as /storage/aircraft/{id}/files, with the single-file upload.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { HydrateHandle } from "~/utils/hydrate";
import { useLoaderData } from "@remix-run/react";
import { FilesPage } from "~/components/file-list/files-page";
import { filesShouldRevalidate } from "~/components/file-list/files-route";
import type { FileSearchHandle } from "~/components/file-search/file-search";
import { filesAction, filesLoader } from "~/models/storage-pages.server";

const base = (id: number) => `/aero-box/aircrafts/${id}`;

export const loader = (args: LoaderFunctionArgs) => filesLoader(args, { family: "standard" });
export const shouldRevalidate = filesShouldRevalidate;
export const action = (args: ActionFunctionArgs) => filesAction(args, { base });

export const handle: FileSearchHandle & HydrateHandle = {
  // The upload dialog and the file preview are client code: the folder pages hydrate.
  hydrate: true,
  fileSearch: ({ data }) => {
    const d = data as { aircraft?: { id: number }; folder?: { path: string } } | undefined;
    return d?.aircraft ? { aircraftId: d.aircraft.id, folderPath: d.folder?.path ?? null } : {};
  },
};

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.aircraft.name} · AeroBOX · AeroRecords` : "AeroBOX · AeroRecords" }];

export default function AeroBoxAircraftRoute() {
  const data = useLoaderData<typeof loader>();
  return <FilesPage data={data} base={base(data.aircraft.id)} singleUpload />;
}
