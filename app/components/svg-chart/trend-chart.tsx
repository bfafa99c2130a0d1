// A trend over time drawn on the server as plain SVG (issue 15 item 4): one value column of one
// engine or unit, dated samples placed by their date, the alert limit as a dashed red line, and every
// sample above it drawn as a red point (and marked in the numbers table). Same frame as the other
// charts: <figure>, <title>/<desc>, the numbers under a <details>, a desktop and a compact drawing.
import { useId } from "react";
import { niceScale } from "./scale";
import { ChartSvg, Frame, YGrid } from "./svg-chart";

export interface TrendPoint {
  /** Calendar day, YYYY-MM-DD. */
  date: string;
  value: number;
}

const DAY = 86_400_000;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const dayLabel = (d: string) => `${Number(d.slice(8, 10))} ${MONTHS[Number(d.slice(5, 7)) - 1]} ${d.slice(0, 4)}`;
const monthLabel = (t: number) => {
  const d = new Date(t);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
};
const fmt = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 2 });

export function TrendChart({
  title,
  subtitle,
  column,
  points,
  limit,
  color = "#2563eb",
}: {
  title: string;
  subtitle?: string;
  /** The value's column (e.g. "Fe ppm"): the series name and the table's header. */
  column: string;
  points: TrendPoint[];
  limit: number | null;
  color?: string;
}) {
  const id = useId();
  const over = points.map((p) => limit !== null && p.value > limit);
  const crossings = over.filter(Boolean).length;
  const first = points[0];
  const last = points[points.length - 1];
  const desc = first
    ? `${points.length} ${points.length === 1 ? "sample" : "samples"} of ${column} from ${dayLabel(first.date)} to ${dayLabel(last!.date)}; latest ${fmt(last!.value)}` +
      (limit === null ? "; no alert limit is set." : `; alert limit ${fmt(limit)}, ${crossings} ${crossings === 1 ? "sample" : "samples"} above it.`)
    : "";
  const draw = (W: number, compact: boolean) => {
    const font = compact ? 11 : 12;
    const H = compact ? 200 : 230;
    const left = compact ? 44 : 52;
    const right = compact ? 10 : 16;
    const top = 12;
    const bottom = 28;
    const plotW = W - left - right;
    const plotH = H - top - bottom;
    const scale = niceScale(Math.max(0, ...points.map((p) => p.value), limit ?? 0) * 1.05, compact ? 3 : 4);
    const y = (n: number) => top + plotH - (n / scale.max) * plotH;
    const t0 = Date.parse(`${first!.date}T00:00:00Z`);
    const t1 = Math.max(t0 + DAY, Date.parse(`${last!.date}T00:00:00Z`));
    const x = (d: string) => left + ((Date.parse(`${d}T00:00:00Z`) - t0) / (t1 - t0)) * plotW;
    const ticks = compact ? 3 : 5;
    const xTicks = Array.from({ length: ticks }, (_, i) => t0 + ((t1 - t0) * i) / (ticks - 1));
    const pts = points.map((p) => `${x(p.date).toFixed(1)},${y(p.value).toFixed(1)}`).join(" ");
    return (
      <ChartSvg tid={`${id}-${W}`} W={W} H={H} title={title} desc={desc}>
        <YGrid ticks={scale.ticks} y={y} x1={left} x2={W - right} font={font} format={fmt} />
        {xTicks.map((t, i) => (
          <text key={t} x={left + (plotW * i) / (ticks - 1)} y={H - 8} fontSize={font} textAnchor={i === 0 ? "start" : i === ticks - 1 ? "end" : "middle"}>
            {monthLabel(t)}
          </text>
        ))}
        <line className="axis" x1={left} x2={W - right} y1={top + plotH} y2={top + plotH} />
        {limit !== null ? (
          <g data-limit={limit}>
            <line className="limit" x1={left} x2={W - right} y1={y(limit)} y2={y(limit)} />
            <text className="limit-label" x={left + 6} y={y(limit) - 5} fontSize={font} textAnchor="start">
              {`Limit ${fmt(limit)}`}
            </text>
          </g>
        ) : null}
        <polyline points={pts} fill="none" stroke={color} strokeWidth={2} strokeLinejoin="round" strokeLinecap="round" />
        {points.map((p, i) => (
          <circle key={i} className={over[i] ? "over" : undefined} cx={x(p.date)} cy={y(p.value)} r={over[i] ? (compact ? 4 : 5) : compact ? 2.5 : 3} fill={over[i] ? undefined : color} data-over={over[i] ? "" : undefined}>
            <title>{`${dayLabel(p.date)}, ${column}: ${fmt(p.value)}${over[i] ? ` (above the limit ${fmt(limit!)})` : ""}`}</title>
          </circle>
        ))}
      </ChartSvg>
    );
  };
  return (
    <Frame
      title={title}
      subtitle={subtitle}
      series={[{ key: column, name: column, color }]}
      rows={points.map((p) => dayLabel(p.date))}
      values={points.map((p) => [p.value])}
      format={fmt}
      draw={draw}
      empty={points.length === 0}
      emptyText={`No dated ${column} values yet.`}
      rowHeader="Sample date"
      flagged={over}
    />
  );
}
