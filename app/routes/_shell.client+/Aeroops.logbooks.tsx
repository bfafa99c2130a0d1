// /client/Aeroops/logbooks (spec 001 §2; issue 14): the aircraft's technical logbooks with their page
// counts, each opening its pages; users with Edit Access create one, rename one (?rename=<id>) or
// delete one after a server-rendered confirmation (?confirm=<id>). The ops API checks every write.
import { type SerializeFrom, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { opsHandle } from "~/components/ops-tab-bar/ops-top-bar";
import { markupShouldRevalidate, PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom, routeActionMarkup } from "~/utils/page-markup.server";
import { load, act, Page } from "./__aeroops-logbooks-page.server";

export const handle = opsHandle;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Technical logbooks${data ? ` · MSN ${data.header.msn}` : ""} · AeroOPS · AeroRecords` }];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-ops-logbooks", await load(args), () => <Page />, { keep: (d: SerializeFrom<typeof load>) => ({ header: { msn: d.header.msn, registration: d.header.registration, ops_issue_date: d.header.ops_issue_date } }) });
}

// A form's answer with errors is the page again, rendered by the action (ADR 064).
export async function action(args: ActionFunctionArgs) {
  return routeActionMarkup(args, "page-ops-logbooks", await act(args), () => load(args), () => <Page />);
}

export default function Logbooks() {
  return <PageMarkup id="page-ops-logbooks" />;
}

// A refused form (4xx) changed nothing: its answer is the page, so the loader does not run again (ADR 066).
export const shouldRevalidate = markupShouldRevalidate;

export const ErrorBoundary = PageErrorBoundary;
