// The trend charts of an AeroOIL tab (issue 15 item 4, ADR 048): one chart per engine / serial of the
// chosen number column, the alert limit drawn across it. The column choice and the limit forms are on
// the tab's page.
import type { z } from "zod";
import { TrendChart } from "~/components/svg-chart/trend-chart";
import { OIL_TREND_MARKUP_ID } from "~/models/oil-rules";
import type { OilTrendAnswer } from "~/models/schemas/oil-limits";
import * as s from "./oil-trend.css";

type Trend = z.infer<typeof OilTrendAnswer>;

/** The charts of `column` (nothing without a trend), in a box of id OIL_TREND_MARKUP_ID. */
export function TrendCharts({ trend, column }: { trend: Trend | null; column: string | null }) {
  if (!trend || !column) return null;
  return (
    <div id={OIL_TREND_MARKUP_ID} style={{ display: "contents" }}>
      <Charts trend={trend} column={column} />
    </div>
  );
}

function Charts({ trend, column }: { trend: Trend; column: string }) {
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
