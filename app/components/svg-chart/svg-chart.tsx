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

export function Frame({
  title,
  subtitle,
  series,
  rows,
  values,
  format,
  draw,
  empty,
  emptyText,
  rowHeader,
  hrefs,
  flagged,
  flagText = "above the limit",
}: {
  title: string;
  subtitle?: string;
  series: Series[];
  rows: string[];
  values: number[][];
  format: (n: number) => string;
  /** Draws the SVG at a given width; drawn twice (desktop and compact), see Sized. */
  draw: (w: number, compact: boolean) => ReactNode;
  empty: boolean;
  emptyText: string;
  rowHeader: string;
  /** Where each row leads: links in the numbers table (never inside the chart, an image to assistive technology). */
  hrefs?: (string | null)[];
  /** Rows the numbers table marks (a value beyond an alert limit), with flagText. */
  flagged?: boolean[];
  flagText?: string;
}) {
  return (
    <figure className={s.figure}>
      <figcaption>
        <p className={s.caption}>{title}</p>
        {subtitle ? <p className={s.sub}>{subtitle}</p> : null}
      </figcaption>
      {empty ? <p className={s.empty}>{emptyText}</p> : <Sized draw={draw} />}
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
                  <th scope="row">{hrefs?.[i] ? <a href={hrefs[i]!}>{r}</a> : r}</th>
                  {series.map((se, j) => (
                    <td key={se.key}>
                      {format(values[i]?.[j] ?? 0)}
                      {flagged?.[i] ? <strong className={s.flag}> ▲ {flagText}</strong> : null}
                    </td>
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

/** The chart twice: a desktop drawing and a compact one for phones; CSS shows one (the other is display:none, so out of the accessibility tree too). */
export function Sized({ draw }: { draw: (w: number, compact: boolean) => ReactNode }) {
  return (
    <>
      <div className={s.wideOnly}>{draw(WIDE, false)}</div>
      <div className={s.narrowOnly}>{draw(NARROW, true)}</div>
    </>
  );
}
const WIDE = 560;
const NARROW = 340;

/** The <svg> of one drawing: an image named by its <title> and described by its <desc>. */
export function ChartSvg({ tid, W, H, title, desc, children }: { tid: string; W: number; H: number; title: string; desc: string; children: ReactNode }) {
  return (
    <svg className={s.svg} viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${tid}-t ${tid}-d`}>
      <title id={`${tid}-t`}>{title}</title>
      <desc id={`${tid}-d`}>{desc}</desc>
      {children}
    </svg>
  );
}

/** Horizontal grid lines with their value on the left (vertical charts). y(n) is the SVG y of value n. */
export function YGrid({
  ticks,
  y,
  x1,
  x2,
  font,
  format,
}: {
  ticks: number[];
  y: (n: number) => number;
  x1: number;
  x2: number;
  font: number;
  format: (n: number) => string;
}) {
  return (
    <>
      {ticks.map((t) => (
        <g key={t}>
          <line className="grid" x1={x1} x2={x2} y1={y(t)} y2={y(t)} />
          <text x={x1 - 6} y={y(t) + 4} fontSize={font} textAnchor="end">
            {format(t)}
          </text>
        </g>
      ))}
    </>
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
}: Common & {
  rows: string[];
  stacked?: boolean;
  rowHeader?: string;
  hrefs?: (string | null)[];
}) {
  const id = useId();
  const totals = values.map((v) => (stacked ? v.reduce((a, b) => a + b, 0) : Math.max(0, ...v)));
  const empty = totals.every((t) => t === 0);
  const desc = [summary, describe(rows, series, values, format)].filter(Boolean).join(" ");
  const draw = (W: number, compact: boolean) => {
    const font = compact ? 12 : FONT;
    const charW = font * 0.62;
    const maxChars = compact ? 15 : 28;
    const longest = Math.min(maxChars, Math.max(0, ...rows.map((r) => r.length)));
    const labelW = Math.max(60, longest * charW + 14);
    const bar = stacked ? 20 : Math.max(8, 20 / series.length);
    const rowH = stacked ? 32 : bar * series.length + 14;
    const top = 6;
    const H = top + rows.length * rowH + 26;
    const scale = niceScale(Math.max(0, ...totals), compact ? 3 : 4);
    const x0 = labelW;
    const plotW = W - x0 - 34;
    const x = (n: number) => (n / scale.max) * plotW;
    return (
      <ChartSvg tid={`${id}-${W}`} W={W} H={H} title={title} desc={desc}>
        {scale.ticks.map((t) => (
          <g key={t}>
            <line className="grid" x1={x0 + x(t)} x2={x0 + x(t)} y1={top} y2={H - 22} />
            <text x={x0 + x(t)} y={H - 6} fontSize={font - 1} textAnchor="middle">
              {format(t)}
            </text>
          </g>
        ))}
        {rows.map((r, i) => {
          const cy = top + i * rowH + rowH / 2;
          const y = cy - (stacked ? bar : bar * series.length) / 2;
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
            <text className="label" x={x0 - 8} y={cy + font / 2 - 2} fontSize={font} textAnchor="end">
              {r.length > maxChars ? `${r.slice(0, maxChars - 1)}…` : r}
            </text>
          );
          return (
            <g key={`${r}-${i}`}>
              {label}
              {segs}
              <text x={x0 + x(totals[i] ?? 0) + 5} y={cy + font / 2 - 2} fontSize={font - 1}>
                {format(totals[i] ?? 0)}
              </text>
            </g>
          );
        })}
        <line className="axis" x1={x0} x2={x0} y1={top} y2={H - 22} />
      </ChartSvg>
    );
  };
  return <Frame {...{ title, subtitle, series, rows, values, format, empty, emptyText, rowHeader, draw, hrefs }} />;
}

/** The plot area of the vertical charts: values on the left, category labels below; `right` is the right margin. */
function verticalBox(W: number, compact: boolean, right: number) {
  const font = compact ? 11 : FONT - 1;
  const H = compact ? 220 : 240;
  const left = compact ? 54 : 62;
  const top = 10;
  const bottom = 28;
  return { font, H, left, right, top, plotW: W - left - right, plotH: H - top - bottom };
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
}: Common & {
  categories: string[];
  categoryLabel?: (c: string) => string;
  stacked?: boolean;
  rowHeader?: string;
}) {
  const id = useId();
  const totals = values.map((v) => (stacked ? v.reduce((a, b) => a + b, 0) : Math.max(0, ...v)));
  const empty = totals.every((t) => t === 0);
  const rows = categories.map(categoryLabel);
  const desc = [summary, describe(rows, series, values, format, 52)].filter(Boolean).join(" ");
  const draw = (W: number, compact: boolean) => {
    const { font, H, left, right, top, plotW, plotH } = verticalBox(W, compact, 8);
    const scale = niceScale(Math.max(0, ...totals), compact ? 3 : 4);
    const y = (n: number) => (n / scale.max) * plotH;
    const slot = plotW / Math.max(1, categories.length);
    const groupW = Math.min(40, slot * 0.7);
    const barW = stacked ? groupW : groupW / series.length;
    const every = Math.ceil(categories.length / (compact ? 4 : 6));
    return (
      <ChartSvg tid={`${id}-${W}`} W={W} H={H} title={title} desc={desc}>
        <YGrid ticks={scale.ticks} y={(n) => top + plotH - y(n)} x1={left} x2={W - right} font={font} format={format} />
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
                <text x={left + i * slot + slot / 2} y={H - 8} fontSize={font} textAnchor="middle">
                  {rows[i]}
                </text>
              ) : null}
            </g>
          );
        })}
        <line className="axis" x1={left} x2={W - right} y1={top + plotH} y2={top + plotH} />
      </ChartSvg>
    );
  };
  return <Frame {...{ title, subtitle, series, rows, values, format, empty, emptyText, rowHeader, draw }} />;
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
}: Common & {
  categories: string[];
  categoryLabel?: (c: string) => string;
  rowHeader?: string;
}) {
  const id = useId();
  const max = Math.max(0, ...values.flat());
  const rows = categories.map(categoryLabel);
  const empty = max === 0;
  const desc = [summary, describe(rows, series, values, format, 52)].filter(Boolean).join(" ");
  const draw = (W: number, compact: boolean) => {
    const { font, H, left, right, top, plotW, plotH } = verticalBox(W, compact, 12);
    const scale = niceScale(max, compact ? 3 : 4);
    const y = (n: number) => top + plotH - (n / scale.max) * plotH;
    const x = (i: number) => left + (categories.length <= 1 ? plotW / 2 : (i / (categories.length - 1)) * plotW);
    const every = Math.ceil(categories.length / (compact ? 4 : 6));
    return (
      <ChartSvg tid={`${id}-${W}`} W={W} H={H} title={title} desc={desc}>
        <YGrid ticks={scale.ticks} y={y} x1={left} x2={W - right} font={font} format={format} />
        {categories.map((c, i) =>
          i % every === 0 ? (
            <text key={c} x={x(i)} y={H - 8} fontSize={font} textAnchor={i === 0 ? "start" : "middle"}>
              {rows[i]}
            </text>
          ) : null
        )}
        <line className="axis" x1={left} x2={W - right} y1={top + plotH} y2={top + plotH} />
        {series.map((se, j) => {
          const pts = categories.map((_, i) => `${x(i).toFixed(1)},${y(values[i]?.[j] ?? 0).toFixed(1)}`).join(" ");
          return (
            <g key={se.key}>
              <polyline points={pts} fill="none" stroke={se.color} strokeWidth={2.25} strokeLinejoin="round" strokeLinecap="round" />
              {categories.map((_, i) => (
                <circle key={i} cx={x(i)} cy={y(values[i]?.[j] ?? 0)} r={compact ? 2.5 : 3.25} fill={se.color}>
                  <title>{`${rows[i]}, ${se.name}: ${format(values[i]?.[j] ?? 0)}`}</title>
                </circle>
              ))}
            </g>
          );
        })}
      </ChartSvg>
    );
  };
  return <Frame {...{ title, subtitle, series, rows, values, format, empty, emptyText, rowHeader, draw }} />;
}
