// Layout of the admin pages: form cards, two-column form grids that collapse on phones, sections.
import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const formCard = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  padding: vars.space.xl,
  maxWidth: 760,
  "@media": { "screen and (max-width: 600px)": { padding: vars.space.lg } },
});
export const formGrid = style({
  display: "grid",
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  columnGap: vars.space.lg,
  "@media": { "screen and (max-width: 600px)": { gridTemplateColumns: "minmax(0, 1fr)" } },
});
export const span2 = style({ gridColumn: "1 / -1" });
export const actions = style({ display: "flex", gap: vars.space.md, alignItems: "center", flexWrap: "wrap", marginTop: vars.space.sm });
export const select = style({ appearance: "auto" });
export const check = style({ display: "flex", gap: vars.space.sm, alignItems: "flex-start", cursor: "pointer", fontSize: vars.fontSize.md });
globalStyle(`${check} input`, { marginTop: 3, width: 16, height: 16, flex: "none" });
export const block = style({ display: "block", fontWeight: 400 });
export const fieldset = style({ border: 0, padding: 0, margin: `0 0 ${vars.space.lg}`, minWidth: 0 });
globalStyle(`${fieldset} legend`, { marginBottom: vars.space.sm, padding: 0 });
export const choiceCompact = style({ flex: "0 1 auto", padding: `${vars.space.sm} ${vars.space.md}`, alignItems: "center" });
export const section = style({ marginTop: vars.space.xxl });
export const sectionTitle = style({ fontSize: vars.fontSize.lg, margin: `0 0 ${vars.space.md}` });
export const chartGrid = style({
  display: "grid",
  gap: vars.space.lg,
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 460px), 1fr))",
  marginBottom: vars.space.lg,
});
export const wide = style({ gridColumn: "1 / -1" });
export const tabs = style({ display: "flex", gap: vars.space.xs, flexWrap: "wrap", marginBottom: vars.space.lg, padding: 0, listStyle: "none" });
export const tab = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  textDecoration: "none",
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  selectors: { '&[aria-current="page"]': { background: vars.color.primary, color: vars.color.primaryText, borderColor: vars.color.primary } },
});
export const progress = style({ width: "100%", height: 12, accentColor: vars.color.primary });
export const matrixCell = style({ minWidth: 130 });
export const split = style({
  display: "grid",
  gap: vars.space.lg,
  gridTemplateColumns: "minmax(240px, 320px) minmax(0, 1fr)",
  alignItems: "start",
  "@media": { "screen and (max-width: 900px)": { gridTemplateColumns: "minmax(0, 1fr)" } },
});
export const navList = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column" });
export const navItem = style({
  display: "flex",
  justifyContent: "space-between",
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textDecoration: "none",
  selectors: {
    '&[aria-current="true"]': { background: vars.color.infoBg, fontWeight: 700 },
    "&:hover": { background: vars.color.surfaceAlt },
  },
});
export const people = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs });
export const pre = style({ margin: 0, fontFamily: vars.font.mono, fontSize: vars.fontSize.xs, whiteSpace: "pre-wrap", wordBreak: "break-word", maxWidth: 420 });
