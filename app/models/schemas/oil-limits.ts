// Contract of AeroOIL trends, alert limits and the status dashboard's share (issue 15 items 2 and 4,
// ADR 048, docs/api/ops.md "Oil trends and alert limits"). Shared by the upstream (input rules), the
// portal's oil client and the contract tests. Imports nothing server-only.
import { z } from "zod";
import { emailList, Tab, TabColumn, TabRow, tabKey, withAircraft } from "./ops";

/** The largest limit accepted (ppm, quarts per hour and the like stay far below it). */
export const OIL_LIMIT_MAX = 1_000_000;
/** The most rows a trend reads per tab (the newest ones). */
export const OIL_TREND_MAX_ROWS = 2000;

const blankToNull = (v: unknown) => (v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? null : v);

export const OilLimitsInput = withAircraft({ tab_id: tabKey });
export const OilTrendInput = withAircraft({ tab_id: tabKey });

/** Sets (a number) or clears (empty or null) the alert limit of one numeric column. */
export const SetOilLimitInput = withAircraft({
  tab_id: tabKey,
  column_name: z.string({ required_error: "Choose a column." }).trim().min(1, "Choose a column.").max(100, "That column is not valid."),
  limit: z.preprocess(
    (v) => {
      const b = blankToNull(v);
      if (typeof b !== "string") return b;
      const s = b.trim().replace(",", ".");
      return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : b;
    },
    z
      .number({ invalid_type_error: "Enter the limit as a number, for example 7.5." })
      .finite("Enter the limit as a number, for example 7.5.")
      .min(0, "The limit cannot be negative.")
      .max(OIL_LIMIT_MAX, `The limit can be at most ${OIL_LIMIT_MAX.toLocaleString("en-US")}.`)
      .nullable()
  ),
});

/** The status dashboard in one call: how many watched rows per tab, how many status rows. */
export const STATUS_DASHBOARD_WATCHED_MAX = 50;
export const STATUS_DASHBOARD_STATUS_MAX = 100;
export const StatusDashboardInput = withAircraft({
  watched_per_tab: z.coerce.number().int().min(1).max(STATUS_DASHBOARD_WATCHED_MAX).default(10),
  status_per_page: z.coerce.number().int().min(1).max(STATUS_DASHBOARD_STATUS_MAX).default(50),
});

export const ShareOilDashboardInput = withAircraft({
  emails: z.preprocess((v) => (v === undefined || v === null ? [] : v), emailList).refine((a) => a.length > 0, "Enter at least one e-mail address."),
});

export const OilLimit = z.object({
  column_name: z.string(),
  limit: z.number(),
  set_by: z.string().nullable(),
  set_at: z.string(),
});

/** How a tab reads as a trend: the date column, the column naming the engine or unit, the numeric columns. */
const trendShape = {
  tab_id: z.string(),
  date_column: z.string().nullable(),
  series_column: z.string().nullable(),
  numeric_columns: z.array(z.string()),
  limits: z.array(OilLimit),
  /** Whether the caller may set limits (a Super User on the aircraft's oil product, or staff). */
  can_set: z.boolean(),
};

export const OilLimitsAnswer = z.object({
  ...trendShape,
  /** rows: rows above at least one limit; by_column: rows above each column's limit. */
  crossings: z.object({ rows: z.number().int(), by_column: z.record(z.string(), z.number().int()) }),
});

export const OilTrendPoint = z.object({
  row_id: z.number().int(),
  position: z.number(),
  date: z.string(),
  values: z.record(z.string(), z.number().nullable()),
});
export const OilTrendAnswer = z.object({
  ...trendShape,
  /** One series per engine / unit (the series column's value), points in date order. */
  series: z.array(z.object({ name: z.string(), points: z.array(OilTrendPoint) })),
  /** Rows without a readable date are left out; only the newest OIL_TREND_MAX_ROWS rows are read. */
  skipped: z.number().int(),
  truncated: z.boolean(),
});

export const SetOilLimitAnswer = z.object({ message: z.string(), limit: OilLimit.nullable() });

/**
 * The status dashboard in one call: the status tab's first rows (null when the aircraft has none),
 * and for each stored oil tab its first watched rows (with their total) and, when it has numeric
 * columns, its alert limits and the rows above them (as get_oil_limits answers).
 */
export const StatusDashboardAnswer = z.object({
  status: z.object({ tab: Tab, columns: z.array(TabColumn), rows: z.array(TabRow), total: z.number().int() }).nullable(),
  tabs: z.array(
    z.object({
      tab: Tab,
      columns: z.array(TabColumn),
      watched: z.object({ rows: z.array(TabRow), total: z.number().int() }),
      limits: OilLimitsAnswer.nullable(),
    })
  ),
});
export const ShareOilDashboardAnswer = z.object({ message: z.string(), url: z.string(), emailed: z.array(z.string()) });
