// The AeroOIL status dashboard's chart as server markup (issue 15 item 2, ADR 031): per oil tab, the
// watched rows and the rows above an alert limit, drawn as SVG on the server. The browser keeps the HTML.
import type { AppLoadContext } from "@remix-run/node";
import { HBarChart } from "~/components/svg-chart/svg-chart";
import { pageMarkup } from "~/utils/markup.server";

import { OIL_DASHBOARD_CHART_ID as DASHBOARD_CHART_ID } from "~/models/oil-rules";

export function dashboardMarkup(context: AppLoadContext | undefined, byTab: { tab_name: string; watched: number; over: number }[], hrefs: string[]) {
  return pageMarkup(context, {
    [DASHBOARD_CHART_ID]: byTab.length ? (
      <HBarChart
        title="Rows to follow, by tab"
        subtitle="Watched rows, and rows above an alert limit, in each oil tab of this aircraft."
        rows={byTab.map((t) => t.tab_name)}
        series={[
          { key: "watched", name: "Watched rows", color: "#d97706" },
          { key: "over", name: "Rows above an alert limit", color: "#b42318" },
        ]}
        values={byTab.map((t) => [t.watched, t.over])}
        stacked={false}
        rowHeader="Tab"
        hrefs={hrefs}
      />
    ) : null,
  });
}
