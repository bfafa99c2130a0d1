// Shared building blocks: buttons, fields, cards, alerts, tables. Theme variables only.
import { globalStyle, keyframes, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

const buttonBase = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.sm,
  minHeight: 38,
  padding: `0 ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: "1px solid transparent",
  fontWeight: 600,
  fontSize: vars.fontSize.md,
  textDecoration: "none",
  cursor: "pointer",
  whiteSpace: "nowrap",
  transition: "background-color .15s, border-color .15s, color .15s",
  selectors: {
    "&[disabled], &[aria-disabled='true']": { opacity: 0.55, cursor: "not-allowed", pointerEvents: "none" },
  },
});

export const button = styleVariants({
  primary: [buttonBase, { background: vars.color.primary, color: vars.color.primaryText, ":hover": { background: vars.color.primaryHover } }],
  secondary: [
    buttonBase,
    { background: vars.color.surface, color: vars.color.primary, borderColor: vars.color.border, ":hover": { borderColor: vars.color.primary } },
  ],
  ghost: [buttonBase, { background: "transparent", color: vars.color.primary, ":hover": { background: vars.color.surfaceAlt } }],
  danger: [buttonBase, { background: vars.color.danger, color: "#fff", ":hover": { filter: "brightness(0.92)" } }],
  accent: [buttonBase, { background: vars.color.accent, color: "#1c1400", ":hover": { filter: "brightness(0.95)" } }],
});
// The button whose form is on its way (app/plain/page.ts marks it data-busy="sent" and disables the
// form's buttons until the answer is in): a small spinner after its label.
const spin = keyframes({ to: { transform: "rotate(360deg)" } });
globalStyle(`${buttonBase}[data-busy="sent"]::after`, {
  content: '""',
  width: "0.85em",
  height: "0.85em",
  border: "2px solid currentColor",
  borderRightColor: "transparent",
  borderRadius: "50%",
  animation: `${spin} 0.8s linear infinite`,
  "@media": { "(prefers-reduced-motion: reduce)": { animation: "none" } },
});

export const buttonSmall = style({ minHeight: 30, padding: `0 ${vars.space.md}`, fontSize: vars.fontSize.sm });
export const buttonBlock = style({ width: "100%" });

export const linkButton = style({
  background: "none",
  border: 0,
  padding: 0,
  color: vars.color.primary,
  textDecoration: "underline",
  cursor: "pointer",
  font: "inherit",
});

export const field = style({ display: "flex", flexDirection: "column", gap: vars.space.xs, marginBottom: vars.space.lg });
export const label = style({ fontWeight: 600, fontSize: vars.fontSize.sm, color: vars.color.text });
export const hint = style({ fontSize: vars.fontSize.xs, color: vars.color.muted });
export const input = style({
  width: "100%",
  minHeight: 40,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  selectors: {
    "&:focus": { borderColor: vars.color.focus, outline: "none", boxShadow: `0 0 0 3px ${vars.color.infoBg}` },
    "&[aria-invalid='true']": { borderColor: vars.color.danger },
  },
});
export const textarea = style([input, { minHeight: 110, resize: "vertical", lineHeight: vars.lineHeight.body }]);
export const errorText = style({ color: vars.color.danger, fontSize: vars.fontSize.sm, margin: 0, padding: 0, listStyle: "none" });

export const choiceRow = style({ display: "flex", gap: vars.space.md, flexWrap: "wrap" });
export const choice = style({
  flex: "1 1 140px",
  display: "flex",
  gap: vars.space.sm,
  alignItems: "flex-start",
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  cursor: "pointer",
  selectors: { "&:has(input:checked)": { borderColor: vars.color.primary, background: vars.color.infoBg } },
});

const alertBase = style({
  display: "flex",
  gap: vars.space.sm,
  alignItems: "flex-start",
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: "1px solid transparent",
  marginBottom: vars.space.lg,
  whiteSpace: "pre-line",
});
export const alert = styleVariants({
  error: [alertBase, { background: vars.color.dangerBg, color: vars.color.danger, borderColor: "#f5c2bd" }],
  success: [alertBase, { background: vars.color.successBg, color: vars.color.success, borderColor: "#b7e2c7" }],
  info: [alertBase, { background: vars.color.infoBg, color: vars.color.info, borderColor: "#c3dbf5" }],
  warning: [alertBase, { background: vars.color.warningBg, color: vars.color.warning, borderColor: "#f1dc9c" }],
});

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  padding: vars.space.xl,
});
export const cardTitle = style({ fontSize: vars.fontSize.lg, margin: `0 0 ${vars.space.md}` });

export const pageHeader = style({
  display: "flex",
  alignItems: "flex-end",
  justifyContent: "space-between",
  gap: vars.space.lg,
  flexWrap: "wrap",
  marginBottom: vars.space.xl,
});
export const pageTitle = style({ margin: 0, fontSize: vars.fontSize.xxl });
export const pageLead = style({ margin: `${vars.space.xs} 0 0`, color: vars.color.muted });

export const stack = style({ display: "flex", flexDirection: "column", gap: vars.space.lg });
export const row = style({ display: "flex", gap: vars.space.md, alignItems: "center", flexWrap: "wrap" });
export const grid = style({ display: "grid", gap: vars.space.lg, gridTemplateColumns: "repeat(auto-fit, minmax(280px, 1fr))" });
export const muted = style({ color: vars.color.muted });
export const small = style({ fontSize: vars.fontSize.sm });
export const mono = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm, wordBreak: "break-all" });

export const stats = style({ display: "grid", gap: vars.space.lg, gridTemplateColumns: "repeat(auto-fit, minmax(160px, 1fr))", marginBottom: vars.space.xl });
export const stat = style([card, { padding: vars.space.lg, display: "flex", flexDirection: "column", gap: vars.space.xs, textDecoration: "none", color: "inherit" }]);
export const statValue = style({ fontSize: 30, fontWeight: 700, lineHeight: 1.1 });
export const statLabel = style({ color: vars.color.muted, fontSize: vars.fontSize.sm, fontWeight: 600, textTransform: "uppercase", letterSpacing: ".04em" });
export const statTone = styleVariants({
  neutral: { borderTop: `3px solid ${vars.color.primary}` },
  grounded: { borderTop: `3px solid ${vars.color.grounded}` },
  operation: { borderTop: `3px solid ${vars.color.operation}` },
  transition: { borderTop: `3px solid ${vars.color.transition}` },
});

// position: relative keeps absolutely positioned children (a .visually-hidden header) inside the scroller,
// so a wide table scrolls in its card instead of widening the whole page on phones.
export const tableWrap = style([card, { padding: 0, overflowX: "auto", position: "relative" }]);
export const table = style({ width: "100%", fontSize: vars.fontSize.md });
globalStyle(`${table} th, ${table} td`, {
  textAlign: "left",
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: "top",
});
globalStyle(`${table} th, ${table} td`, {
  "@media": { "(max-width: 700px)": { padding: `${vars.space.sm} ${vars.space.md}` } },
});
globalStyle(`${table} th`, {
  fontSize: vars.fontSize.xs,
  textTransform: "uppercase",
  letterSpacing: ".04em",
  color: vars.color.muted,
  background: vars.color.surfaceAlt,
  whiteSpace: "nowrap",
});
globalStyle(`${table} tbody tr:last-child td`, { borderBottom: 0 });
globalStyle(`${table} tbody tr:hover td`, { background: "#f9fbfd" });

export const badge = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  padding: `1px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
  whiteSpace: "nowrap",
});
export const badgeTone = styleVariants({
  neutral: { background: vars.color.surfaceAlt, color: vars.color.muted },
  info: { background: vars.color.infoBg, color: vars.color.info },
  success: { background: vars.color.successBg, color: vars.color.success },
  danger: { background: vars.color.dangerBg, color: vars.color.danger },
  warning: { background: vars.color.warningBg, color: vars.color.warning },
});

export const empty = style({ padding: vars.space.xxl, textAlign: "center", color: vars.color.muted });

export const pager = style({ display: "flex", gap: vars.space.sm, alignItems: "center", justifyContent: "flex-end", marginTop: vars.space.lg, flexWrap: "wrap" });

export const filterBar = style({ display: "flex", gap: vars.space.md, alignItems: "flex-end", flexWrap: "wrap", marginBottom: vars.space.lg });
globalStyle(`${filterBar} ${field}`, { marginBottom: 0 });

export const dl = style({ display: "grid", gridTemplateColumns: "max-content 1fr", gap: `${vars.space.sm} ${vars.space.xl}`, margin: 0 });
globalStyle(`${dl} dt`, { color: vars.color.muted, fontWeight: 600, fontSize: vars.fontSize.sm });
globalStyle(`${dl} dd`, { margin: 0 });

/** Two columns (1 : 2) on wide screens, one below 1100 px. */
export const split = style({
  display: "grid",
  gap: vars.space.lg,
  gridTemplateColumns: "minmax(0, 1fr) minmax(0, 2fr)",
  alignItems: "start",
  "@media": { "(max-width: 1100px)": { gridTemplateColumns: "minmax(0, 1fr)" } },
});

/** Table cells and other bits that give way on phones. */
export const hideSmall = style({ "@media": { "(max-width: 700px)": { display: "none" } } });
/** Shown only where hideSmall hides (a hidden column's value carried into another cell on phones). */
export const onlySmall = style({ display: "none", "@media": { "(max-width: 700px)": { display: "block" } } });
export const nowrap = style({ whiteSpace: "nowrap" });
