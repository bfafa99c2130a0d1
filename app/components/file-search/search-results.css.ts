import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const scope = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "center", margin: `0 0 ${vars.space.lg}`, color: vars.color.muted });
export const list = style({ listStyle: "none", margin: 0, padding: 0, background: vars.color.surface, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.lg, boxShadow: vars.shadow.sm });
export const item = style({
  display: "grid",
  gridTemplateColumns: "auto minmax(0, 1fr) auto",
  gap: vars.space.md,
  alignItems: "start",
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { "&:last-child": { borderBottom: 0 } },
});
export const icon = style({ marginTop: 2, color: vars.color.muted });
export const name = style({ fontWeight: 600, color: vars.color.text, textDecoration: "none", overflowWrap: "anywhere", ":hover": { color: vars.color.primary, textDecoration: "underline" } });
globalStyle(`${name} mark`, { background: "#ffe58a", color: "inherit", borderRadius: 2, padding: "0 1px" });
export const meta = style({ display: "flex", flexWrap: "wrap", gap: `0 ${vars.space.md}`, fontSize: vars.fontSize.sm, color: vars.color.muted, marginTop: 2 });
export const path = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.xs, overflowWrap: "anywhere" });
export const actions = style({ display: "flex", gap: vars.space.sm, flexWrap: "wrap", justifyContent: "flex-end" });
export const empty = style({ padding: vars.space.xxl, textAlign: "center", color: vars.color.muted, background: vars.color.surface, border: `1px dashed ${vars.color.border}`, borderRadius: vars.radius.lg });
// The page's own box: only where the top bar shows a search icon instead of its box (narrow screens).
export const searchRow = style({ marginBottom: vars.space.lg, display: "none", "@media": { "screen and (max-width: 900px)": { display: "flex" } } });
export const snippet = style({ margin: `${vars.space.xs} 0 0`, fontSize: vars.fontSize.sm, color: vars.color.text, overflowWrap: "anywhere" });
globalStyle(`${snippet} mark`, { background: "#ffe58a", color: "inherit", borderRadius: 2, padding: "0 1px" });
globalStyle(`${snippet} [data-match-page]`, { color: vars.color.muted, fontWeight: 600 });
