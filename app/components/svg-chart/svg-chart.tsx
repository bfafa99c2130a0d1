// Charts rendered on the server as plain SVG: no script, no chart library. Three shapes: horizontal
// bars (optionally stacked), vertical bars (optionally stacked) and lines. Every chart is a <figure>
// whose SVG has a <title> and a <desc> that says what it shows in words, a legend, and the numbers as
// a table under a <details> (open it without JavaScript). Each bar and point carries a <title>, so a
// pointer shows its value.
import { useId, type ReactNode } from "react";
import * as s from "./svg-chart.css";
import { niceScale } from "./scale";

export interface Series {
  key: string;
  name: string;
  color: string;
}

interface Common {
  title: string;
  /** One sentence under the title. */
  subtitle?: string;
  series: Series[];
  /** values[row][series] */
  values: number[][];
  /** How a value is written (axis, tooltips, table). */
  format?: (n: number) => string;
  /** Extra text for <desc> (the rest is generated from the data). */
  summary?: string;
  /** Shown when every value is 0. */
  emptyText?: string;
}

const defaultFormat = (n: number) => n.toLocaleString("en-US");
const FONT = 13;

function describe(rows: string[], series: Series[], values: number[][], fmt: (n: number) => string, limit = 12) {
  const parts = rows.slice(0, limit).map((r, i) => `${r}: ${series.map((se, j) => `${fmt(values[i]?.[j] ?? 0)} ${se.name.toLowerCase()}`).join(", ")}`);
  return parts.join("; ") + (rows.length > limit ? `; and ${rows.length - limit} more.` : ".");
}

function Frame({
  title,
  subtitle,
  series,
  rows,
  values,
  format,
  children,
  empty,
  emptyText,
  rowHeader,
}: {
  title: string;
  subtitle?: string;
  series: Series[];
  rows: string[];
  values: number[][];
  format: (n: number) => string;
  children: ReactNode;
  empty: boolean;
  emptyText: string;
  rowHeader: string;
}) {
  return (
    <figure className={s.figure}>
      <figcaption>
        <p className={s.caption}>{title}</p>
        {subtitle ? <p className={s.sub}>{subtitle}</p> : null}
      </figcaption>
      {empty ? <p className={s.empty}>{emptyText}</p> : <div className={s.scroller}>{children}</div>}
      {series.length > 1 || !empty ? (
        <ul className={s.legend} aria-hidden="true">
          {series.map((se) => (
            <li key={se.key}>
              <span className={s.swatch} style={{ background: se.color }} />
              {se.name}
            </li>
          ))}
        </ul>
      ) : null}
      <details className={s.details}>
        <summary>Show the numbers</summary>
        <div className={s.tableScroll}>
          <table className={s.table}>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{rowHeader}</th>
                {series.map((se) => (
                  <th key={se.key} scope="col">
                    {se.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={`${r}-${i}`}>
                  <th scope="row">{r}</th>
                  {series.map((se, j) => (
                    <td key={se.key}>{format(values[i]?.[j] ?? 0)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/** Horizontal bars: one row per category (e.g. organizations), segments stacked per series. */
export function HBarChart({
  title,
  subtitle,
  rows,
  series,
  values,
  format = defaultFormat,
  summary,
  emptyText = "Nothing to show yet.",
  stacked = true,
  rowHeader = "",
  hrefs,
}: Common & { rows: string[]; stacked?: boolean; rowHeader?: string; hrefs?: (string | null)[] }) {
  const id = useId();
  const W = 640;
  const labelW = Math.min(230, Math.max(90, Math.max(0, ...rows.map((r) => r.length)) * 7.2 + 12));
  const bar = stacked ? 22 : Math.max(8, 22 / series.length);
  const rowH = stacked ? 34 : bar * series.length + 14;
  const top = 8;
  const H = top + rows.length * rowH + 28;
  const totals = values.map((v) => (stacked ? v.reduce((a, b) => a + b, 0) : Math.max(0, ...v)));
  const scale = niceScale(Math.max(0, ...totals));
  const x0 = labelW;
  const plotW = W - x0 - 40;
  const x = (n: number) => (n / scale.max) * plotW;
  const empty = totals.every((t) => t === 0);
  return (
    <Frame title={title} subtitle={subtitle} series={series} rows={rows} values={values} format={format} empty={empty} emptyText={emptyText} rowHeader={rowHeader}>
      <svg className={s.svg} viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-t ${id}-d`}>
        <title id={`${id}-t`}>{title}</title>
        <desc id={`${id}-d`}>{[summary, describe(rows, series, values, format)].filter(Boolean).join(" ")}</desc>
        {scale.ticks.map((t) => (
          <g key={t}>
            <line className="grid" x1={x0 + x(t)} x2={x0 + x(t)} y1={top} y2={H - 24} />
            <text x={x0 + x(t)} y={H - 8} fontSize={FONT - 1} textAnchor="middle">
              {format(t)}
            </text>
          </g>
        ))}
        {rows.map((r, i) => {
          const y = top + i * rowH + (rowH - (stacked ? bar : bar * series.length)) / 2;
          let acc = 0;
          const segs = series.map((se, j) => {
            const v = values[i]?.[j] ?? 0;
            const rx = stacked ? x0 + x(acc) : x0;
            const ry = stacked ? y : y + j * bar;
            acc += v;
            return v > 0 ? (
              <rect key={se.key} x={rx} y={ry} width={Math.max(1, x(v))} height={stacked ? bar : bar - 2} fill={se.color} rx={2}>
                <title>{`${r}, ${se.name}: ${format(v)}`}</title>
              </rect>
            ) : null;
          });
          const label = (
            <text className="label" x={x0 - 8} y={top + i * rowH + rowH / 2 + FONT / 2 - 2} fontSize={FONT} textAnchor="end">
              {r.length > 30 ? `${r.slice(0, 29)}…` : r}
            </text>
          );
          const href = hrefs?.[i];
          return (
            <g key={`${r}-${i}`}>
              {href ? <a href={href}>{label}</a> : label}
              {segs}
              <text x={x0 + x(totals[i] ?? 0) + 6} y={top + i * rowH + rowH / 2 + FONT / 2 - 2} fontSize={FONT - 1}>
                {format(totals[i] ?? 0)}
              </text>
            </g>
          );
        })}
        <line className="axis" x1={x0} x2={x0} y1={top} y2={H - 24} />
      </svg>
    </Frame>
  );
}

/** Vertical bars over categories (e.g. weeks), stacked or side by side. */
export function VBarChart({
  title,
  subtitle,
  categories,
  categoryLabel = (c) => c,
  series,
  values,
  format = defaultFormat,
  summary,
  emptyText = "Nothing in this period.",
  stacked = false,
  rowHeader = "",
}: Common & { categories: string[]; categoryLabel?: (c: string) => string; stacked?: boolean; rowHeader?: string }) {
  const id = useId();
  const W = 640;
  const H = 260;
  const left = 64;
  const right = 12;
  const top = 12;
  const bottom = 34;
  const plotW = W - left - right;
  const plotH = H - top - bottom;
  const totals = values.map((v) => (stacked ? v.reduce((a, b) => a + b, 0) : Math.max(0, ...v)));
  const scale = niceScale(Math.max(0, ...totals));
  const y = (n: number) => (n / scale.max) * plotH;
  const slot = plotW / Math.max(1, categories.length);
  const groupW = Math.min(48, slot * 0.7);
  const barW = stacked ? groupW : groupW / series.length;
  const every = Math.ceil(categories.length / 8);
  const empty = totals.every((t) => t === 0);
  const rows = categories.map(categoryLabel);
  return (
    <Frame title={title} subtitle={subtitle} series={series} rows={rows} values={values} format={format} empty={empty} emptyText={emptyText} rowHeader={rowHeader}>
      <svg className={s.svg} viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-t ${id}-d`}>
        <title id={`${id}-t`}>{title}</title>
        <desc id={`${id}-d`}>{[summary, describe(rows, series, values, format, 52)].filter(Boolean).join(" ")}</desc>
        {scale.ticks.map((t) => (
          <g key={t}>
            <line className="grid" x1={left} x2={W - right} y1={top + plotH - y(t)} y2={top + plotH - y(t)} />
            <text x={left - 6} y={top + plotH - y(t) + 4} fontSize={FONT - 1} textAnchor="end">
              {format(t)}
            </text>
          </g>
        ))}
        {categories.map((c, i) => {
          const gx = left + i * slot + (slot - groupW) / 2;
          let acc = 0;
          return (
            <g key={c}>
              {series.map((se, j) => {
                const v = values[i]?.[j] ?? 0;
                const h = y(v);
                const bx = stacked ? gx : gx + j * barW;
                const by = top + plotH - y(acc) - h;
                if (stacked) acc += v;
                return v > 0 ? (
                  <rect key={se.key} x={bx} y={by} width={Math.max(1, barW - (stacked ? 0 : 1))} height={Math.max(1, h)} fill={se.color} rx={2}>
                    <title>{`${rows[i]}, ${se.name}: ${format(v)}`}</title>
                  </rect>
                ) : null;
              })}
              {i % every === 0 ? (
                <text x={left + i * slot + slot / 2} y={H - 12} fontSize={FONT - 1} textAnchor="middle">
                  {rows[i]}
                </text>
              ) : null}
            </g>
          );
        })}
        <line className="axis" x1={left} x2={W - right} y1={top + plotH} y2={top + plotH} />
      </svg>
    </Frame>
  );
}

/** Lines over categories (e.g. weeks), one per series, with a dot per point. */
export function LineChart({
  title,
  subtitle,
  categories,
  categoryLabel = (c) => c,
  series,
  values,
  format = defaultFormat,
  summary,
  emptyText = "Nothing in this period.",
  rowHeader = "",
}: Common & { categories: string[]; categoryLabel?: (c: string) => string; rowHeader?: string }) {
  const id = useId();
  const W = 640;
  const H = 260;
  const left = 64;
  const right = 16;
  const top = 12;
  const bottom = 34;
  const plotW = W - left - right;
  const plotH = H - top - bottom;
  const max = Math.max(0, ...values.flat());
  const scale = niceScale(max);
  const y = (n: number) => top + plotH - (n / scale.max) * plotH;
  const x = (i: number) => left + (categories.length <= 1 ? plotW / 2 : (i / (categories.length - 1)) * plotW);
  const every = Math.ceil(categories.length / 8);
  const rows = categories.map(categoryLabel);
  const empty = max === 0;
  return (
    <Frame title={title} subtitle={subtitle} series={series} rows={rows} values={values} format={format} empty={empty} emptyText={emptyText} rowHeader={rowHeader}>
      <svg className={s.svg} viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-t ${id}-d`}>
        <title id={`${id}-t`}>{title}</title>
        <desc id={`${id}-d`}>{[summary, describe(rows, series, values, format, 52)].filter(Boolean).join(" ")}</desc>
        {scale.ticks.map((t) => (
          <g key={t}>
            <line className="grid" x1={left} x2={W - right} y1={y(t)} y2={y(t)} />
            <text x={left - 6} y={y(t) + 4} fontSize={FONT - 1} textAnchor="end">
              {format(t)}
            </text>
          </g>
        ))}
        {categories.map((c, i) =>
          i % every === 0 ? (
            <text key={c} x={x(i)} y={H - 12} fontSize={FONT - 1} textAnchor="middle">
              {rows[i]}
            </text>
          ) : null,
        )}
        <line className="axis" x1={left} x2={W - right} y1={top + plotH} y2={top + plotH} />
        {series.map((se, j) => {
          const pts = categories.map((_, i) => `${x(i).toFixed(1)},${y(values[i]?.[j] ?? 0).toFixed(1)}`).join(" ");
          return (
            <g key={se.key}>
              <polyline points={pts} fill="none" stroke={se.color} strokeWidth={2.5} strokeLinejoin="round" strokeLinecap="round" />
              {categories.map((_, i) => (
                <circle key={i} cx={x(i)} cy={y(values[i]?.[j] ?? 0)} r={3.5} fill={se.color}>
                  <title>{`${rows[i]}, ${se.name}: ${format(values[i]?.[j] ?? 0)}`}</title>
                </circle>
              ))}
            </g>
          );
        })}
      </svg>
    </Frame>
  );
}
