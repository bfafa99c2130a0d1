// /consultant/profile/{id}/documents: the profile's documents tab (spec 000 §2, §3): the photo and the
// resume, each with its upload (an island: with JS the file goes straight to the blob store with
// progress, components/profile-tabs/document-upload.tsx; without JS a multipart form the action
// streams). The other tabs are profile.$id.$tab.tsx; the data and the answers are the same
// (__profile-data.server.tsx), the page the same component (__profile-view.tsx).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { HYDRATE } from "~/utils/hydrate";
import { act, load } from "./__profile-data.server";
import { ProfilePage } from "./__profile-view";

const withTab = <A extends { params: Record<string, string | undefined> }>(args: A): A => ({ ...args, params: { ...args.params, tab: "documents" } });

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data ? data.consultant.name || "Consultant" : "Consultant profile"} · Documents · AeroRecords` }];

// The photo and resume uploads (progress, cancel) are client code: the page hydrates.
export const handle = HYDRATE;

export const loader = (args: LoaderFunctionArgs) => load(withTab(args));
export const action = (args: ActionFunctionArgs) => act(withTab(args));

export default function ConsultantDocumentsRoute() {
  return <ProfilePage />;
}

export const ErrorBoundary = PageErrorBoundary;
