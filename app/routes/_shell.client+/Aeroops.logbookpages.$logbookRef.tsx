// /client/Aeroops/logbookpages/logbook_id={logbookId} (spec 001 §2; issue 14): a technical logbook's
// pages by number (date, flight, sector, block hours, cycles, defect, action, certifying staff) with
// the total block hours; users with Edit Access add a page (?edit=new), change one (?edit=<id>) or
// delete one after a confirmation (?confirm=<id>), all server-rendered dialogs. The all-pages PDF is
// the screen's export. Readers see the pages; the ops API refuses their posts and the page says why.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { opsHandle } from "~/components/ops-tab-bar/ops-top-bar";
import { markupShouldRevalidate, PageMarkup } from "~/components/server-markup/server-markup";
import { withMarkupActions } from "~/components/shell/top-bar-actions";
import { routeActionMarkup, routeMarkupRegions } from "~/utils/page-markup.server";
import { act, load, LogbookActions, Page } from "./__aeroops-logbookpages-logbookref-page.server";

const ID = "page-logbook";
const ACTIONS = "page-logbook-actions";

/** The top bar: MSN, registration, OPS issue date, and the screen's exports (ADR 051), as server markup. */
export const handle = withMarkupActions(opsHandle, ACTIONS);

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Logbook"} · AeroOPS · AeroRecords` }];

// The page is server markup (ADR 063, ADR 065): the loader renders it (its dialogs too) and the top
// bar's export; the PDF is fetched in place with its messages by the layouts' markup runtime (ADR 066).
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupRegions(args, await load(args), (d: SerializeFrom<typeof load>) => ({ [ID]: <Page />, [ACTIONS]: <LogbookActions d={d} /> }), {
    keep: (d: SerializeFrom<typeof load>) => ({ header: d.header, title: d.logbook.title }),
  });
}

// A form's answer with errors is the page again, rendered by the action (ADR 064).
export async function action(args: ActionFunctionArgs) {
  return routeActionMarkup(args, ID, await act(args), () => load(args), () => <Page />);
}

export default function LogbookPages() {
  return <PageMarkup id={ID} />;
}

// A refused form (4xx) changed nothing: its answer is the page, so the loader does not run again (ADR 066).
export const shouldRevalidate = markupShouldRevalidate;

export const ErrorBoundary = PageErrorBoundary;
