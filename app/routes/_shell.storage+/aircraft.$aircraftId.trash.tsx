// /storage/aircraft/{aircraftId}/trash[?page=&restore=<entryId>]
// The aircraft's trash (issue 19 item 2, ADR 042): deleted files and folders with who deleted them
// and when, until the trash job empties them after the retention period (TRASH_RETENTION_DAYS). An
// Edit Access user restores one to its place (a confirmation the server renders from ?restore=); a
// reader is told the trash needs Edit Access. Shared code: app/models/records-pages.server.ts.
import type { SerializeFrom, ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ShellHandle } from "~/components/shell/handle";
import { markupShouldRevalidate, PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom, routeActionMarkup } from "~/utils/page-markup.server";
import { load, act, Page } from "./__aircraft-aircraftid-trash-page.server";

export const handle: ShellHandle = {
  topBar: ({ data }) => {
    const d = data as { aircraft: { msn: string; registration: string } } | undefined;
    return d ? { msn: d.aircraft.msn, registration: d.aircraft.registration } : null;
  },
};

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Trash · ${data.aircraft.name} · Records · AeroRecords` : "Trash · Records · AeroRecords" }];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-storage-trash", await load(args), () => <Page />, { keep: (d: SerializeFrom<typeof load>) => ({ aircraft: { name: d.aircraft.name, msn: d.aircraft.msn, registration: d.aircraft.registration } }) });
}

// A form's answer with errors is the page again, rendered by the action (ADR 064).
export async function action(args: ActionFunctionArgs) {
  return routeActionMarkup(args, "page-storage-trash", await act(args), () => load(args), () => <Page />);
}

export default function AircraftTrashRoute() {
  return <PageMarkup id="page-storage-trash" />;
}

// A refused form (4xx) changed nothing: its answer is the page, so the loader does not run again (ADR 066).
export const shouldRevalidate = markupShouldRevalidate;
