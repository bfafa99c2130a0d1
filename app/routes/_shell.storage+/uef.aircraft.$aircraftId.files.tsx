// /storage/uef/aircraft/{aircraftId}/files?dir=&fileid=&organization=&page=&sort=&order=&dialog=&item=
// The extended-upload (UEF) variant of the records page: the /storage/v2/uef/ family of the API and
// the extended upload flow (preprocess in batches of 10, upload, validate, re-upload until none remain;
// extensions lowercased). GET lists a folder; POST is the no-JS upload. Shared code with
// /storage/aircraft/{id}/files: app/models/storage-pages.server.ts, app/components/file-list/files-page.tsx.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FilesPage } from "~/components/file-list/files-page";
import { filesHandle, filesMeta, filesShouldRevalidate } from "~/components/file-list/files-route";
import { filesBase } from "~/models/storage-links";
import { filesAction, filesLoader } from "~/models/storage-pages.server";

export const loader = (args: LoaderFunctionArgs) => filesLoader(args, { family: "uef" });
export const shouldRevalidate = filesShouldRevalidate;
export const action = (args: ActionFunctionArgs) => filesAction(args);
export const handle = filesHandle;
export const meta = filesMeta;

export default function UefAircraftFilesRoute() {
  const data = useLoaderData<typeof loader>();
  return <FilesPage data={data} base={filesBase(data.aircraft.id, data.family)} />;
}
