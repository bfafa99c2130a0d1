// /storage/uef/aircraft/{aircraftId}/files?dir=&fileid=&organization=&page=&sort=&order=&dialog=&item=
// The extended-upload (UEF) variant of the records page: the /storage/v2/uef/ family of the API and
// the extended upload flow (preprocess in batches of 10, upload, validate, re-upload until none remain;
// extensions lowercased). GET lists a folder; POST is the no-JS upload. Shared code with
// /storage/aircraft/{id}/files: app/models/storage-pages.server.ts, app/components/file-list/files-page.tsx.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { FileSearchHandle } from "~/components/file-search/file-search";
import { FilesPage } from "~/components/file-list/files-page";
import type { ShellHandle } from "~/components/shell/handle";
import { filesBase } from "~/models/storage-links";
import { filesAction, filesLoader } from "~/models/storage-pages.server";

export const loader = (args: LoaderFunctionArgs) => filesLoader(args, { family: "uef" });
export const action = (args: ActionFunctionArgs) => filesAction(args);

type Data = SerializeFrom<typeof loader>;

export const handle: ShellHandle & FileSearchHandle = {
  topBar: ({ data }) => {
    const d = data as Data | undefined;
    return d ? { msn: d.aircraft.msn, registration: d.aircraft.registration } : null;
  },
  fileSearch: ({ data }) => {
    const d = data as Data | undefined;
    return d ? { aircraftId: d.aircraft.id, folderPath: d.folder.path, organization: d.organization } : {};
  },
};

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.aircraft.name}${data.folder.path === "/" ? "" : ` · ${data.folder.name}`} · Records · AeroRecords` : "Records · AeroRecords" }];

export default function UefAircraftFilesRoute() {
  const data = useLoaderData<typeof loader>();
  return <FilesPage data={data} base={filesBase(data.aircraft.id, data.family)} />;
}
