// The trend charts of an AeroOIL tab (issue 15 item 4, ADR 048) as server markup (ADR 031): one chart
// per engine / serial of the chosen number column, the alert limit drawn across it. The browser keeps
// this HTML and never downloads the chart code; the column choice and the limit forms are on the page.
import type { AppLoadContext } from "@remix-run/node";
import type { z } from "zod";
import { TrendChart } from "~/components/svg-chart/trend-chart";
import type { OilTrendAnswer } from "~/models/schemas/oil-limits";
import { pageMarkup } from "~/utils/markup.server";
import * as s from "./oil-trend.css";

type Trend = z.infer<typeof OilTrendAnswer>;

import { OIL_TREND_MARKUP_ID as TREND_MARKUP_ID } from "~/models/oil-rules";
export { trendColumn } from "~/models/oil-rules";

function TrendCharts({ trend, column }: { trend: Trend; column: string }) {
  const limit = trend.limits.find((l) => l.column_name === column)?.limit ?? null;
  const series = trend.series
    .map((se) => ({ name: se.name, points: se.points.filter((p) => p.values[column] != null).map((p) => ({ date: p.date, value: p.values[column]! })) }))
    .filter((se) => se.points.length > 0);
  if (series.length === 0) return <p className={s.empty}>No dated {column} values to draw yet.</p>;
  return (
    <div className={s.grid}>
      {series.map((se) => {
        const over = limit === null ? 0 : se.points.filter((p) => p.value > limit).length;
        const who = trend.series_column ? `${trend.series_column} ${se.name}` : se.name;
        return (
          <div key={se.name} className={s.item} data-trend-series={se.name} data-crossings={over}>
            <TrendChart
              title={`${column}, ${who}`}
              subtitle={
                limit === null
                  ? `${se.points.length} samples; no alert limit set for ${column}.`
                  : `${se.points.length} samples; ${over} above the alert limit of ${limit.toLocaleString("en-US")}.`
              }
              column={column}
              points={se.points}
              limit={limit}
            />
          </div>
        );
      })}
    </div>
  );
}

export function oilTrendMarkup(context: AppLoadContext | undefined, trend: Trend | null, column: string | null) {
  return pageMarkup(context, { [TREND_MARKUP_ID]: trend && column ? <TrendCharts trend={trend} column={column} /> : null });
}
