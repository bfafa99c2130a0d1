// An AeroOIL tab's trends and alert limits for its page (ADR 048): what the trend charts draw, the
// limits with their counts, which cells of the page are above a limit; and the action that sets or
// clears a limit. (The page's links to AeroOPS rows come with its rows: get_tab_page's `links`.)
import { data } from "@remix-run/node";
import type { Api } from "./api.server";
import * as oil from "./oil.server";
import { pageAfterWrite } from "./ops-tab.server";
import type { AircraftRef } from "./ops.server";
import { redirectWithToast } from "~/utils/toast.server";
import { trendColumn } from "./oil-rules";

type Cell = string | number | boolean | null;

/** Everything the oil tab page shows about trends, limits and links. */
export async function oilTabTrend(
  api: Api,
  ref: AircraftRef,
  tab: { tab_id: string; columns: { name: string; type: string }[] },
  url: URL
) {
  const numeric = tab.columns.filter((c) => c.type === "number");
  const dated = tab.columns.some((c) => c.type === "date");
  const [limitsRes, trendRes] = await Promise.all([
    numeric.length ? oil.limits(api, ref, tab.tab_id) : Promise.resolve(null),
    numeric.length && dated ? oil.trend(api, ref, tab.tab_id) : Promise.resolve(null),
  ]);
  const lim = limitsRes?.ok ? limitsRes.data : null;
  const trend = trendRes?.ok && trendRes.data.series.length ? trendRes.data : null;
  const column = trend ? trendColumn(trend, url.searchParams.get("trend")) : null;
  const limitList = lim?.limits ?? [];
  return {
    view: trend && column ? { column, columns: trend.numeric_columns, seriesColumn: trend.series_column, series: trend.series.length, truncated: trend.truncated } : null,
    limits: lim
      ? {
          list: lim.limits,
          numeric: lim.numeric_columns,
          canSet: lim.can_set,
          crossings: lim.crossings,
          error: null as string | null,
        }
      : limitsRes && !limitsRes.ok
      ? { list: [], numeric: numeric.map((c) => c.name), canSet: false, crossings: { rows: 0, by_column: {} }, error: limitsRes.error }
      : null,
    /** Row id → the columns whose value is above their limit (for the rows of the page). */
    overByRow(rows: { id: number; data: Record<string, Cell> }[]) {
      const out: Record<string, string[]> = {};
      for (const r of rows) {
        const cols = limitList.filter((l) => typeof r.data[l.column_name] === "number" && (r.data[l.column_name] as number) > l.limit).map((l) => l.column_name);
        if (cols.length) out[String(r.id)] = cols;
      }
      return out;
    },
    /** The trend and column the charts draw (the page renders them with TrendCharts, oil-trend-charts.tsx). */
    charts: { trend, column },
  };
}

export type LimitProblem = { intent: "set-limit"; column: string; error: string; value: string };

/**
 * The page's "set-limit" and "clear-limit" posts (other intents: null, for tabAction). The oil API
 * decides who may (Super Users and staff) and refuses everyone else with its message.
 */
export async function limitAction(request: Request, api: Api, ref: AircraftRef, tabId: string) {
  if ((request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) return null;
  const form = await request.clone().formData();
  const intent = String(form.get("intent") ?? "");
  if (intent !== "set-limit" && intent !== "clear-limit") return null;
  const column = String(form.get("column_name") ?? "").slice(0, 200);
  const raw = intent === "clear-limit" ? "" : String(form.get("limit") ?? "").trim().slice(0, 40);
  if (intent === "set-limit" && raw === "") {
    return data<LimitProblem>({ intent: "set-limit", column, error: "Enter the limit as a number, or use Remove to clear it.", value: raw }, { status: 400 });
  }
  const res = await oil.setLimit(api, ref, tabId, column, raw === "" ? null : raw);
  if (!res.ok) {
    const error = res.errors?.limit?.[0] ?? res.errors?.column_name?.[0] ?? res.error;
    return data<LimitProblem>({ intent: "set-limit", column, error, value: raw }, { status: res.status >= 400 && res.status < 500 ? res.status : 422 });
  }
  const url = new URL(request.url);
  return redirectWithToast(`${pageAfterWrite(url)}#limits`, { type: "success", description: res.data.message });
}
