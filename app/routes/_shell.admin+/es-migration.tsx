// /admin/es-migration: rebuild the file-search index for one organization or all (the spec's "search
// engine migration"). POST /admin/search/reindex.json queues a job; an in-process worker rebuilds in
// place, batch by batch, so search keeps answering, and resumes after a restart. While a job runs the
// page refreshes itself every few seconds (a meta refresh: no JavaScript needed).
import { type SerializeFrom, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { REINDEX_REFRESH_SECONDS } from "~/models/admin-constants";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { markupShouldRevalidate, PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom, routeActionMarkup } from "~/utils/page-markup.server";
import { load, act, Page } from "./__es-migration-page.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: "ES migration · AeroRecords" },
  ...(data?.busy ? [{ httpEquiv: "refresh", content: String(REINDEX_REFRESH_SECONDS) }] : []),
];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-admin-es-migration", await load(args), () => <Page />, { keep: (d: SerializeFrom<typeof load>) => ({ busy: d.busy }) });
}

// A form's answer with errors is the page again, rendered by the action (ADR 064).
export async function action(args: ActionFunctionArgs) {
  return routeActionMarkup(args, "page-admin-es-migration", await act(args), () => load(args), () => <Page />);
}

export default function EsMigration() {
  return <PageMarkup id="page-admin-es-migration" />;
}

// A refused form (4xx) changed nothing: its answer is the page, so the loader does not run again (ADR 066).
export const shouldRevalidate = markupShouldRevalidate;

export const ErrorBoundary = PageErrorBoundary;
