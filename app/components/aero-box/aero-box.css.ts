import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

const narrow = "screen and (max-width: 860px)";

export const layout = style({ display: "grid", gridTemplateColumns: `${vars.size.drawer} minmax(0, 1fr)`, minHeight: "100vh", "@media": { [narrow]: { gridTemplateColumns: "minmax(0, 1fr)" } } });
export const nav = style({
  background: vars.color.nav,
  color: vars.color.navText,
  display: "flex",
  flexDirection: "column",
  padding: `${vars.space.lg} ${vars.space.md}`,
  gap: vars.space.lg,
  position: "sticky",
  top: 0,
  height: "100vh",
  overflowY: "auto",
  "@media": {
    [narrow]: { position: "fixed", zIndex: 80, left: 0, top: 0, width: vars.size.drawer, transform: "translateX(-100%)", visibility: "hidden", transition: "transform .2s ease, visibility .2s" },
  },
});
// The drawer (drawer.tsx, ADR 053): `:target` without JavaScript (the region's id), data-drawer with it.
globalStyle(`html:not([data-hydrated]) #aero-box-nav:target ${nav}, ${layout}[data-drawer="open"] ${nav}`, { "@media": { [narrow]: { transform: "none", visibility: "visible", transition: "transform .2s ease", boxShadow: vars.shadow.lg } } });
export const scrim = style({ display: "none" });
globalStyle(`html:not([data-hydrated]) #aero-box-nav:target ~ ${scrim}, ${layout}[data-drawer="open"] ${scrim}`, { "@media": { [narrow]: { display: "block", position: "fixed", inset: 0, zIndex: 70, background: "rgba(15,34,54,.4)" } } });

export const brand = style({ display: "flex", alignItems: "center", gap: vars.space.sm, color: "#fff", textDecoration: "none", fontWeight: 700, fontSize: vars.fontSize.lg, padding: `0 ${vars.space.sm}` });
export const brandSub = style({ display: "block", fontSize: vars.fontSize.xs, color: vars.color.navMuted, fontWeight: 500 });
export const section = style({ display: "flex", flexDirection: "column", gap: 2 });
export const sectionTitle = style({ fontSize: vars.fontSize.xs, textTransform: "uppercase", letterSpacing: ".08em", color: vars.color.navMuted, padding: `0 ${vars.space.sm}`, margin: `0 0 ${vars.space.xs}` });
export const item = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  color: vars.color.navText,
  textDecoration: "none",
  fontSize: vars.fontSize.md,
  background: "none",
  border: 0,
  width: "100%",
  cursor: "pointer",
  textAlign: "left",
  ":hover": { background: "rgba(255,255,255,.08)", color: "#fff" },
  selectors: { "&[aria-current='page']": { background: "rgba(255,255,255,.14)", color: "#fff", fontWeight: 600 } },
});
export const sub = style([item, { paddingLeft: 34, fontSize: vars.fontSize.sm }]);
export const user = style({ marginTop: "auto", padding: vars.space.sm, fontSize: vars.fontSize.sm, color: vars.color.navMuted, borderTop: "1px solid rgba(255,255,255,.12)" });
export const userName = style({ color: "#fff", fontWeight: 600, display: "block" });

export const body = style({ display: "flex", flexDirection: "column", minWidth: 0 });
export const top = style({
  position: "sticky",
  top: 0,
  zIndex: 30,
  height: vars.size.topbar,
  display: "flex",
  alignItems: "center",
  gap: vars.space.md,
  padding: `0 ${vars.space.xl}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  "@media": { [narrow]: { padding: `0 ${vars.space.sm}` } },
});
export const menuButton = style({
  display: "none",
  alignItems: "center",
  justifyContent: "center",
  width: 38,
  height: 38,
  borderRadius: vars.radius.md,
  cursor: "pointer",
  color: vars.color.text,
  ":hover": { background: vars.color.surfaceAlt },
  "@media": { [narrow]: { display: "inline-flex" } },
});
export const topTitle = style({ fontWeight: 700, whiteSpace: "nowrap" });
export const main = style({ padding: vars.space.xl, minWidth: 0, "@media": { [narrow]: { padding: vars.space.md } } });
