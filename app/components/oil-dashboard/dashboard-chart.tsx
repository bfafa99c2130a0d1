// The AeroOIL status dashboard's chart, plain SVG (issue 15 item 2, ADR 031): per oil tab, the watched
// rows and the rows above an alert limit, in an element with the chart's id.
import { HBarChart } from "~/components/svg-chart/svg-chart";
import { OIL_DASHBOARD_CHART_ID } from "~/models/oil-rules";

export function DashboardChart({ byTab, hrefs }: { byTab: { tab_name: string; watched: number; over: number }[]; hrefs: string[] }) {
  if (!byTab.length) return null;
  return (
    <div id={OIL_DASHBOARD_CHART_ID} style={{ display: "contents" }}>
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
    </div>
  );
}
