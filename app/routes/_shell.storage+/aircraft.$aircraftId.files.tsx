// /storage/aircraft/{aircraftId}/files?dir=&fileid=&organization=&page=&sort=&order=&dialog=&item=
// The records of one aircraft (spec 000 §2 "Storage"). GET lists a folder; POST is the no-JS upload
// (a multipart form streamed into the blob store). Shared code: app/models/storage-pages.server.ts
// and app/components/file-list/files-page.tsx (the /storage/uef/… variant uses the same).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FilesPage } from "~/components/file-list/files-page";
import { filesHandle, filesMeta, filesShouldRevalidate } from "~/components/file-list/files-route";
import { filesBase } from "~/models/storage-links";
import { filesAction, filesLoader } from "~/models/storage-pages.server";

export const loader = (args: LoaderFunctionArgs) => filesLoader(args, { family: "standard" });
export const shouldRevalidate = filesShouldRevalidate;
export const action = (args: ActionFunctionArgs) => filesAction(args);
export const handle = filesHandle;
export const meta = filesMeta;

export default function AircraftFilesRoute() {
  const data = useLoaderData<typeof loader>();
  return <FilesPage data={data} base={filesBase(data.aircraft.id, data.family)} />;
}
