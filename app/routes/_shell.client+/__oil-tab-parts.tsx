// What only the AeroOIL tab page shows (issue 15 items 3 to 5; the page: __tab-page.tsx): the trends
// of a number column and the alert limits above the table, "Watched only" in the filter, and in the
// table the Watch/Unwatch column (a per-row toggle, a small POST form that works without JavaScript;
// the oil API refuses Read Access and the page shows its message) and the cells above an alert limit.
import { Form, Link } from "@remix-run/react";
import { DataTable, type DataColumn } from "~/components/data-table/data-table";
import type { HrefWith } from "~/utils/use-href-with";
import { TrendCharts } from "~/components/oil-trend/oil-trend-charts";
import * as tr from "~/components/oil-trend/oil-trend.css";
import type { GridRowProps } from "~/components/tab-grid/tab-grid-types";
import { cellText } from "~/components/tab-grid/tab-grid-types";
import type { TabTableExtras } from "~/components/tab-grid/tab-table";
import * as ui from "~/components/ui/ui.css";
import { OIL_WATCH_COLUMN } from "~/models/oil-rules";
import type { LimitProblem } from "~/models/oil-trends.server";
import { ACCESS_LABEL } from "~/models/roles";
import { dayMonthYear } from "~/utils/dates";
import type { Problem } from "./__ops-tab-parts";
import type { TabPageData } from "./__tab-page";

/** What the AeroOIL loader adds to a tab page's data. */
type OilData = TabPageData & {
  trend: { column: string; columns: string[]; truncated: boolean } | null;
  limits: {
    list: { column_name: string; limit: number; set_by: string | null; set_at: string }[];
    numeric: string[];
    canSet: boolean;
    crossings: { rows: number; by_column: Record<string, number> };
    error: string | null;
  } | null;
  /** Row id → its columns above their limit. */
  over: Record<string, string[]>;
  charts: Parameters<typeof TrendCharts>[0];
};

/** Trends and alert limits, above the filter (a limit's refusal shown at its column). */
export function oilSections(d: OilData, answer: unknown, hrefWith: HrefWith) {
  const limitProblem = (answer as { intent?: string } | null)?.intent === "set-limit" ? (answer as LimitProblem) : null;
  return (
    <>
      {d.trend ? <TrendSection d={d} hrefWith={hrefWith} /> : null}
      {d.limits ? <LimitsSection d={d} problem={limitProblem} /> : null}
    </>
  );
}

/** The filter's "Watched only" (watched_only=1). */
export function watchedOnlyField(d: TabPageData) {
  return (
    <label className={ui.small} style={{ display: "flex", alignItems: "center", gap: 6, minHeight: 40, marginBottom: 16, fontWeight: 600 }}>
      <input type="checkbox" name="watched_only" value="1" defaultChecked={d.watchedOnly} /> Watched only
    </label>
  );
}

/** The table's additions: the Watch/Unwatch column, and each cell above its column's alert limit marked ▲ (with its limit for screen readers). */
export function oilTable(d: OilData, problem: Problem | null): TabTableExtras {
  const watchProblem = problem?.intent === "watch" ? problem : null;
  const overAt = (r: GridRowProps, column: string) => d.over[String(r.id)]?.includes(column) ?? false;
  const limitOf = (column: string) => d.limits?.list.find((l) => l.column_name === column)?.limit?.toLocaleString("en-US");
  const watch: DataColumn<GridRowProps> = {
    key: "watch",
    header: OIL_WATCH_COLUMN.name,
    cell: (r) => (
      <>
        {d.canEdit ? (
          <WatchToggle id={r.id} position={r.position} watched={Boolean(r.watched)} />
        ) : (
          <span className={`${ui.badge} ${r.watched ? ui.badgeTone.warning : ui.badgeTone.neutral}`}>{r.watched ? "Watched" : "Unwatched"}</span>
        )}
        {watchProblem && watchProblem.id === r.id ? (
          <p className={ui.errorText} role="alert">
            {watchProblem.error}
          </p>
        ) : null}
      </>
    ),
  };
  return {
    extra: [watch],
    rowProps: (r) => ({ "data-row-id": r.id, "data-watched": r.watched ? "true" : "false", "data-over": d.over[String(r.id)]?.join(", ") }),
    cells: (c) => ({
      td: (r) => (overAt(r, c.name) ? { className: tr.overCell, title: `Above the alert limit of ${limitOf(c.name)}`, "data-over-limit": "" } : {}),
      cell: (r) =>
        overAt(r, c.name) ? (
          <>
            <span aria-hidden="true">▲ </span>
            {cellText(r.data[c.name], c.type, dayMonthYear)}
            <span className="visually-hidden"> (above the alert limit of {limitOf(c.name)})</span>
          </>
        ) : (
          cellText(r.data[c.name], c.type, dayMonthYear)
        ),
    }),
  };
}

/**
 * Watch / unwatch one row: posts the state wanted, so a replayed post cannot flip it back. A toggle
 * button: its label stays "Watch" (the accessible name "Watch row N" contains it, WCAG 2.5.3) and
 * its state is aria-pressed, shown by the filled style and a check mark.
 */
function WatchToggle({ id, position, watched }: { id: number; position: number; watched: boolean }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="watch" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="watched" value={watched ? "0" : "1"} />
      <button
        type="submit"
        className={`${watched ? ui.button.primary : ui.button.ghost} ${ui.buttonSmall}`}
        aria-pressed={watched}
        aria-label={`Watch row ${position}`}
        title={watched ? "Watched: select to unwatch" : "Not watched: select to watch"}
      >
        {watched ? <span aria-hidden="true">✓ </span> : null}
        Watch
      </button>
    </Form>
  );
}

/** The trend of one number column, per engine / serial, and the column choice (links). */
function TrendSection({ d, hrefWith }: { d: OilData; hrefWith: HrefWith }) {
  const t = d.trend!;
  return (
    <section id="trends" aria-labelledby="trends-title" className={tr.section}>
      <h2 id="trends-title" className={ui.cardTitle}>
        Trends
      </h2>
      <nav aria-label="Trend column">
        <ul className={tr.picker}>
          {t.columns.map((c) => (
            <li key={c}>
              <Link
                to={`${hrefWith({ trend: c })}#trends`}
                preventScrollReset
                aria-current={c === t.column ? "true" : undefined}
                className={`${c === t.column ? ui.button.primary : ui.button.ghost} ${ui.buttonSmall}`}
              >
                {c}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <TrendCharts trend={d.charts.trend} column={d.charts.column} />
      {t.truncated ? <p className={ui.small}>The trend shows the newest rows only.</p> : null}
    </section>
  );
}

/** The alert limits of the number columns: Super Users and staff set them; everyone sees them and what crosses them. */
function LimitsSection({ d, problem }: { d: OilData; problem: LimitProblem | null }) {
  const l = d.limits!;
  const byColumn = new Map(l.list.map((x) => [x.column_name, x]));
  const above = (c: string) => l.crossings.by_column[c] ?? 0;
  const columns: DataColumn<string>[] = [
    { key: "column", header: "Column", cell: (c) => c, td: () => ({ style: { fontWeight: 600 } }) },
    {
      key: "limit",
      header: "Alert limit (above it is flagged)",
      cell: (c) => {
        const lim = byColumn.get(c);
        if (!l.canSet) return lim ? lim.limit.toLocaleString("en-US") : "Not set";
        const mine = problem && problem.column === c ? problem : null;
        const errorId = `limit-error-${c.replace(/\W+/g, "-")}`;
        return (
          <Form method="post" className={tr.limitForm} preventScrollReset>
            <input type="hidden" name="column_name" value={c} />
            <input
              name="limit"
              type="text"
              inputMode="decimal"
              pattern="\s*\d+([.,]\d+)?\s*"
              maxLength={20}
              aria-label={`Alert limit of ${c}`}
              defaultValue={mine ? mine.value : lim ? String(lim.limit) : ""}
              className={`${ui.input} ${tr.limitInput}`}
              aria-invalid={mine ? true : undefined}
              aria-describedby={mine ? errorId : undefined}
            />
            <button type="submit" name="intent" value="set-limit" className={`${ui.button.secondary} ${ui.buttonSmall}`}>
              Save
            </button>
            {lim ? (
              <button type="submit" name="intent" value="clear-limit" formNoValidate className={`${ui.button.ghost} ${ui.buttonSmall}`} aria-label={`Remove the alert limit of ${c}`}>
                Remove
              </button>
            ) : null}
            {mine ? (
              <p id={errorId} className={ui.errorText} role="alert" style={{ flexBasis: "100%" }}>
                {mine.error}
              </p>
            ) : null}
          </Form>
        );
      },
    },
    {
      key: "above",
      header: "Rows above",
      cell: (c) => (byColumn.has(c) ? above(c) > 0 ? <span className={`${ui.badge} ${ui.badgeTone.danger}`}>{above(c)}</span> : "0" : "—"),
      td: (c) => ({ "data-rows-above": byColumn.has(c) ? above(c) : undefined }),
    },
    {
      key: "set-by",
      header: "Set by",
      className: ui.small,
      cell: (c) => {
        const lim = byColumn.get(c);
        return lim ? `${lim.set_by ?? "—"}, ${dayMonthYear(lim.set_at.slice(0, 10))}` : "—";
      },
    },
  ];
  return (
    <section id="limits" aria-labelledby="limits-title" className={tr.section}>
      <h2 id="limits-title" className={ui.cardTitle}>
        Alert limits
      </h2>
      <p className={ui.small} style={{ marginTop: 0 }} data-crossings={l.crossings.rows}>
        {l.list.length === 0
          ? "No alert limit is set on this tab."
          : l.crossings.rows === 0
          ? "No row is above an alert limit."
          : `${l.crossings.rows} ${l.crossings.rows === 1 ? "row is" : "rows are"} above an alert limit; their cells are marked ▲ in the table.`}{" "}
        {l.canSet ? "A value above its column's limit is flagged." : `Only a Super User can set alert limits (you have ${ACCESS_LABEL[d.header.access_type]}).`}
      </p>
      {l.error ? (
        <p className={ui.alert.error} role="alert">
          {l.error}
        </p>
      ) : null}
      {problem && !l.numeric.includes(problem.column) ? (
        <p className={ui.alert.error} role="alert">
          {problem.error}
        </p>
      ) : null}
      <DataTable label="Alert limits" rows={l.numeric} rowKey={(c) => c} columns={columns} rowProps={(c) => ({ "data-limit-column": c })} empty={{ text: "This tab has no number columns." }} />
      {problem && l.numeric.includes(problem.column) && !l.canSet ? (
        <p className={ui.alert.error} role="alert" style={{ marginTop: 12 }}>
          {problem.error}
        </p>
      ) : null}
    </section>
  );
}
