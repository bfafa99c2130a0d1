// /Aeroops/org/tabslanding/{tabId?}: the landing for a tab across the fleet (spec 001 §2; the transition
// menu's Tabs link here with tab_id). Without a tab: the fleet's tabs grouped by group_name, each with
// how many aircraft carry it. With one (the path, or tab_id): every aircraft the user may open that has
// that tab (matched by name: a tab copied from a template has its own key on each aircraft), with its
// registration, status, the user's level and the row count, each leading to that aircraft's tab.
import { type SerializeFrom, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom } from "~/utils/page-markup.server";
import { load, Page } from "./__org-tabslanding-tabid-page.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.tab?.tab_name ?? "Tabs"} · ${data?.label ?? "AeroOPS"} · AeroRecords` }];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-ops-tabslanding", await load(args), () => <Page />, { keep: (d: SerializeFrom<typeof load>) => ({ tab: d.tab ? { tab_name: d.tab.tab_name } : null, label: d.label }) });
}

export default function TabsLanding() {
  return <PageMarkup id="page-ops-tabslanding" />;
}

export const ErrorBoundary = PageErrorBoundary;
