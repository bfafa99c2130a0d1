// /storage/aircraft/{aircraftId}/versions?fileid=[&restore=<versionId>]
// A file's versions (issue 19 item 1, ADR 042): the current content and every earlier one (who filed
// it, when, its size), each downloadable; restoring one (a confirmation the server renders from
// ?restore=) makes its bytes the current version again. Edit Access only: a reader is told so and
// sees nothing to restore. Shared code: app/models/records-pages.server.ts.
import type { SerializeFrom, ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ShellHandle } from "~/components/shell/handle";
import { markupShouldRevalidate, PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom, routeActionMarkup } from "~/utils/page-markup.server";
import { load, act, Page } from "./__aircraft-aircraftid-versions-page.server";

export const handle: ShellHandle = {
  topBar: ({ data }) => {
    const d = data as { aircraft: { msn: string; registration: string } } | undefined;
    return d ? { msn: d.aircraft.msn, registration: d.aircraft.registration } : null;
  },
};

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.file ? `Versions of ${data.file.name} · Records · AeroRecords` : "Versions · Records · AeroRecords" }];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-storage-versions", await load(args), () => <Page />, { keep: (d: SerializeFrom<typeof load>) => ({ file: d.file ? { name: d.file.name } : null, aircraft: { msn: d.aircraft.msn, registration: d.aircraft.registration } }) });
}

// A form's answer with errors is the page again, rendered by the action (ADR 064).
export async function action(args: ActionFunctionArgs) {
  return routeActionMarkup(args, "page-storage-versions", await act(args), () => load(args), () => <Page />);
}

export default function FileVersionsRoute() {
  return <PageMarkup id="page-storage-versions" />;
}

// A refused form (4xx) changed nothing: its answer is the page, so the loader does not run again (ADR 066).
export const shouldRevalidate = markupShouldRevalidate;
