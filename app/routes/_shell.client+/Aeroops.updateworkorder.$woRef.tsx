// /client/Aeroops/updateworkorder/{aircraft|engine|component}_wo{id} (spec 001 §2; issue 14): a work
// order at a version. Every save makes a new version; the history lists who saved each and when;
// `?version=N` shows an older one (read-only), `?version=N&compare=M` two side by side; PDF and
// Excel export the version shown; deleting asks first (`?confirm=delete`, rendered by the server).
// Readers see it read-only; the ops API refuses their posts and the page says why.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { opsHandle } from "~/components/ops-tab-bar/ops-top-bar";
import { markupShouldRevalidate, PageMarkup } from "~/components/server-markup/server-markup";
import { withMarkupActions } from "~/components/shell/top-bar-actions";
import { routeActionMarkup, routeMarkupRegions } from "~/utils/page-markup.server";
import { act, load, Page, WorkOrderActions } from "./__aeroops-updateworkorder-woref-page.server";

const ID = "page-workorder";
const ACTIONS = "page-workorder-actions";

/** The top bar: MSN, registration, OPS issue date, and the screen's exports (ADR 051), as server markup. */
export const handle = withMarkupActions(opsHandle, ACTIONS);

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Work order"} · AeroOPS · AeroRecords` }];

// The page is server markup (ADR 063, ADR 065): the loader renders it and the top bar's exports; an
// export is fetched in place with its messages by the layouts' markup runtime (ADR 066).
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupRegions(args, await load(args), (d: SerializeFrom<typeof load>) => ({ [ID]: <Page />, [ACTIONS]: <WorkOrderActions d={d} /> }), {
    keep: (d: SerializeFrom<typeof load>) => ({ header: d.header, title: `WO ${d.wo.number} v${d.shown.version}` }),
  });
}

// A form's answer (its errors, or the form's next step) is the page again, rendered by the action (ADR 064).
export async function action(args: ActionFunctionArgs) {
  return routeActionMarkup(args, ID, await act(args), () => load(args), () => <Page />);
}

export default function UpdateWorkOrder() {
  return <PageMarkup id={ID} />;
}

// A refused form (4xx) changed nothing: its answer is the page, so the loader does not run again (ADR 066).
export const shouldRevalidate = markupShouldRevalidate;

export const ErrorBoundary = PageErrorBoundary;
