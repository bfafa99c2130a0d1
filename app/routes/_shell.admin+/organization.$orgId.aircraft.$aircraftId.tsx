// /admin/organization/{id}/aircraft/{aircraftId}: edit an aircraft (POST /admin/aircraft/{id}.json).
import { type SerializeFrom, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { markupShouldRevalidate, PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom, routeActionMarkup } from "~/utils/page-markup.server";
import { load, act, Page } from "./__organization-orgid-aircraft-aircraftid-page.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.aircraft.name ?? "Aircraft"} · AeroRecords` }];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-admin-aircraft-edit", await load(args), () => <Page />, { keep: (d: SerializeFrom<typeof load>) => ({ aircraft: { name: d.aircraft.name } }) });
}

// A form's answer with errors is the page again, rendered by the action (ADR 064).
export async function action(args: ActionFunctionArgs) {
  return routeActionMarkup(args, "page-admin-aircraft-edit", await act(args), () => load(args), () => <Page />);
}

export default function EditAircraft() {
  return <PageMarkup id="page-admin-aircraft-edit" />;
}

// A refused form (4xx) changed nothing: its answer is the page, so the loader does not run again (ADR 066).
export const shouldRevalidate = markupShouldRevalidate;

export const ErrorBoundary = PageErrorBoundary;
