import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const wrap = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  overflow: "visible",
});
export const table = style({ width: "100%", fontSize: vars.fontSize.md, tableLayout: "auto" });
globalStyle(`${table} th, ${table} td`, {
  textAlign: "left",
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: "middle",
});
globalStyle(`${table} thead th`, {
  fontSize: vars.fontSize.xs,
  textTransform: "uppercase",
  letterSpacing: ".04em",
  color: vars.color.muted,
  background: vars.color.surfaceAlt,
  whiteSpace: "nowrap",
});
globalStyle(`${table} thead th:first-child`, { borderTopLeftRadius: vars.radius.lg });
globalStyle(`${table} thead th:last-child`, { borderTopRightRadius: vars.radius.lg });
globalStyle(`${table} tbody tr:last-child td`, { borderBottom: 0 });
globalStyle(`${table} tbody tr:hover td`, { background: "#f9fbfd" });

export const selected = style({});
globalStyle(`${selected} td`, { background: `${vars.color.warningBg} !important` });

export const sortLink = style({ color: "inherit", textDecoration: "none", display: "inline-flex", alignItems: "center", gap: 4, ":hover": { color: vars.color.primary } });
export const sortActive = style({ color: vars.color.primary });

export const nameCell = style({ width: "100%", minWidth: 0 });
export const name = style({ display: "flex", alignItems: "center", gap: vars.space.sm, minWidth: 0 });
export const nameLink = style({
  color: vars.color.text,
  fontWeight: 500,
  textDecoration: "none",
  overflowWrap: "anywhere",
  ":hover": { color: vars.color.primary, textDecoration: "underline" },
});
export const folderIcon = style({ color: vars.color.accent, flexShrink: 0 });
export const fileIcon = style({ color: vars.color.muted, flexShrink: 0 });
export const meta = style({ display: "none", color: vars.color.muted, fontSize: vars.fontSize.xs, marginTop: 2 });
export const num = style({ whiteSpace: "nowrap", color: vars.color.muted, fontVariantNumeric: "tabular-nums" });
export const actionsCell = style({ whiteSpace: "nowrap", textAlign: "right", width: 1 });
export const hideNarrow = style({});

export const star = style({
  background: "none",
  border: 0,
  padding: 4,
  cursor: "pointer",
  color: vars.color.muted,
  borderRadius: vars.radius.sm,
  display: "inline-flex",
  ":hover": { color: vars.color.accent, background: vars.color.surfaceAlt },
});
export const starOn = style({ color: vars.color.accent });
globalStyle(`${starOn} svg`, { fill: vars.color.accent });

export const menu = style({ position: "relative", display: "inline-block" });
export const menuButton = style({
  listStyle: "none",
  cursor: "pointer",
  padding: "4px 10px",
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  selectors: { "&::-webkit-details-marker": { display: "none" } },
});
export const menuList = style({
  position: "absolute",
  right: 0,
  top: "calc(100% + 4px)",
  zIndex: 20,
  minWidth: 180,
  margin: 0,
  padding: vars.space.xs,
  listStyle: "none",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.md,
  textAlign: "left",
});
export const menuItem = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  width: "100%",
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  textDecoration: "none",
  fontSize: vars.fontSize.sm,
  ":hover": { background: vars.color.surfaceAlt },
});
export const menuDanger = style([menuItem, { color: vars.color.danger }]);
export const empty = style({ padding: vars.space.xxl, textAlign: "center", color: vars.color.muted });

globalStyle(`${table} ${hideNarrow}`, {
  "@media": { "screen and (max-width: 720px)": { display: "none" } },
});
globalStyle(`${meta}`, { "@media": { "screen and (max-width: 720px)": { display: "block" } } });

export const previewLink = style({ marginLeft: vars.space.sm, fontSize: vars.fontSize.xs, color: vars.color.primary, fontWeight: 600, textDecoration: "none", ":hover": { textDecoration: "underline" } });
export const checkCell = style({ width: 1, paddingRight: "0 !important" });
export const check = style({ width: 18, height: 18, margin: 0, verticalAlign: "middle", accentColor: vars.color.primary });
