// /consultant/profile/{id}/{tab}: overview, documents, projects, resume (spec 000 §2, §3).
//   - The consultant sees and edits only their own profile (another id: /errors/error-401) and is sent
//     to the page of their onboarding stage first (spec §4). Their dialogs: Send Message and Set Your
//     Availability. The resume tab is for admin viewing: a consultant manages the resume under Documents.
//   - Admins and members view any consultant (admin URLs, spec §6) with the staff controls: Approve,
//     Disapprove, Set Availability, Set Notes and Rates, like, delete projects, photo/resume uploads.
//   - Clients use the marketplace cards, not this page.
//   - The page is server markup (ADR 063, ADR 065); the documents tab is its own route
//     (profile.$id.documents.tsx): it carries the upload island.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { useMarketMarkup } from "~/components/consultant-card/market-markup";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { markupShouldRevalidate, PageMarkup } from "~/components/server-markup/server-markup";
import { routeActionMarkup, routeMarkupFrom } from "~/utils/page-markup.server";
import { act, load, TAB_LABEL } from "./__profile-data.server";
import { ProfilePage } from "./__profile-view.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Consultant profile"} · AeroRecords` }];

const ID = "page-consultant-profile";

export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, ID, await load(args), () => <ProfilePage />, {
    keep: (d: SerializeFrom<typeof load>) => ({ title: `${d.consultant.name || "Consultant"} · ${TAB_LABEL[d.tab]}` }),
  });
}

// A form's answer with errors is the page again, rendered by the action (ADR 064).
export async function action(args: ActionFunctionArgs) {
  return routeActionMarkup(args, ID, await act(args), () => load(args), () => <ProfilePage />);
}

export default function ConsultantProfileRoute() {
  useMarketMarkup(); // the like toggle, the resume alert, the availability's end (market-markup.ts)
  return <PageMarkup id={ID} />;
}

// A refused form (4xx) changed nothing: its answer is the page, so the loader does not run again (ADR 066).
export const shouldRevalidate = markupShouldRevalidate;

export const ErrorBoundary = PageErrorBoundary;
