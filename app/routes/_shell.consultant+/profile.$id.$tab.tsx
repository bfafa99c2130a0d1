// /consultant/profile/{id}/{tab}: overview, documents, projects, resume (spec 000 §2, §3).
//   - The consultant sees and edits only their own profile (another id: /errors/error-401) and is sent
//     to the page of their onboarding stage first (spec §4). Their dialogs: Send Message and Set Your
//     Availability. The resume tab is for admin viewing: a consultant manages the resume under Documents.
//   - Admins and members view any consultant (admin URLs, spec §6) with the staff controls: Approve,
//     Disapprove, Set Availability, Set Notes and Rates, like, delete projects, photo/resume uploads.
//   - Clients use the marketplace cards, not this page.
//   - The documents tab is its own route (profile.$id.documents.tsx): it carries the upload island.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { act, load } from "./__profile-data.server";
import { TAB_LABEL } from "./__profile-tabs";
import { ProfilePage } from "./__profile-view";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `${data.consultant.name || "Consultant"} · ${TAB_LABEL[data.tab]}` : "Consultant profile"} · AeroRecords` },
];

export const loader = (args: LoaderFunctionArgs) => load(args);
export const action = (args: ActionFunctionArgs) => act(args);

export default function ConsultantProfileRoute() {
  return <ProfilePage />;
}

export const ErrorBoundary = PageErrorBoundary;
