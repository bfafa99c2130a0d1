import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const figure = style({
  margin: 0,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  padding: vars.space.lg,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  minWidth: 0,
});
export const caption = style({ fontWeight: 700, fontSize: vars.fontSize.lg, margin: 0 });
export const sub = style({ color: vars.color.muted, fontSize: vars.fontSize.sm, margin: 0 });
export const svg = style({ display: "block", width: "100%", height: "auto" });
/** Each chart is drawn twice: wide (560 units) for desktops, compact (340) for phones. */
export const wideOnly = style({ "@media": { "screen and (max-width: 700px)": { display: "none" } } });
export const narrowOnly = style({ display: "none", "@media": { "screen and (max-width: 700px)": { display: "block" } } });
globalStyle(`${svg} text`, { fontFamily: vars.font.body, fill: vars.color.muted });
globalStyle(`${svg} .label`, { fill: vars.color.text });
globalStyle(`${svg} .grid`, { stroke: vars.color.border, strokeWidth: 1 });
globalStyle(`${svg} .axis`, { stroke: "#aab6c4", strokeWidth: 1 });
globalStyle(`${svg} a:focus-visible rect, ${svg} a:hover rect`, { opacity: 0.8 });

export const legend = style({
  display: "flex",
  flexWrap: "wrap",
  gap: `${vars.space.xs} ${vars.space.lg}`,
  listStyle: "none",
  margin: 0,
  padding: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
});
export const swatch = style({ display: "inline-block", width: 12, height: 12, borderRadius: 3, marginRight: vars.space.xs, verticalAlign: "-1px" });

export const details = style({ fontSize: vars.fontSize.sm });
globalStyle(`${details} summary`, { cursor: "pointer", color: vars.color.primary, fontWeight: 600, width: "fit-content" });
export const tableScroll = style({ overflowX: "auto", marginTop: vars.space.sm });
export const table = style({ width: "100%", fontSize: vars.fontSize.sm });
globalStyle(`${table} th, ${table} td`, {
  textAlign: "right",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: "nowrap",
});
globalStyle(`${table} th:first-child, ${table} td:first-child`, { textAlign: "left" });
globalStyle(`${table} thead th`, { color: vars.color.muted, fontWeight: 600 });
export const empty = style({ color: vars.color.muted, fontSize: vars.fontSize.sm, padding: `${vars.space.xl} 0`, textAlign: "center" });
export const flag = style({ color: vars.color.danger, fontWeight: 700 });
globalStyle(`${svg} .limit`, { stroke: vars.color.danger, strokeWidth: 1.5, strokeDasharray: "6 4" });
globalStyle(`${svg} .limit-label`, { fill: vars.color.danger, fontWeight: 700, paintOrder: "stroke", stroke: "#fff", strokeWidth: 3 });
globalStyle(`${svg} .over`, { fill: vars.color.danger, stroke: "#fff", strokeWidth: 1.5 });
