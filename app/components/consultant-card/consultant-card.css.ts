import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const grid = style({
  display: "grid",
  gap: vars.space.lg,
  gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 330px), 1fr))",
  listStyle: "none",
  margin: 0,
  padding: 0,
});
export const card = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
  height: "100%",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  padding: vars.space.lg,
});
export const head = style({ display: "flex", gap: vars.space.md, alignItems: "flex-start" });
export const avatar = style({
  flex: "0 0 56px",
  width: 56,
  height: 56,
  borderRadius: "50%",
  objectFit: "cover",
  background: vars.color.surfaceAlt,
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  fontWeight: 700,
  color: vars.color.primary,
  fontSize: vars.fontSize.lg,
  border: `1px solid ${vars.color.border}`,
});
export const who = style({ minWidth: 0, flex: 1 });
export const name = style({ margin: 0, fontSize: vars.fontSize.lg, lineHeight: vars.lineHeight.tight, overflowWrap: "anywhere" });
export const place = style({ margin: `${vars.space.xxs} 0 ${vars.space.xs}`, color: vars.color.muted, fontSize: vars.fontSize.sm, display: "flex", gap: vars.space.xs, alignItems: "center" });
export const badges = style({ display: "flex", gap: vars.space.xs, flexWrap: "wrap", alignItems: "center" });
/** The availability badge and its dates flow as items of the surrounding badge row. */
export const availability = style({ display: "contents" });
export const dates = style({ fontSize: vars.fontSize.xs, color: vars.color.muted });
export const chips = style({ display: "flex", gap: vars.space.xs, flexWrap: "wrap", listStyle: "none", margin: 0, padding: 0 });
export const chip = style({
  fontSize: vars.fontSize.xs,
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.infoBg,
  color: vars.color.info,
  fontWeight: 600,
});
export const facts = style({ margin: 0, display: "grid", gridTemplateColumns: "max-content 1fr", gap: `${vars.space.xxs} ${vars.space.md}`, fontSize: vars.fontSize.sm });
globalStyle(`${facts} dt`, { color: vars.color.muted, fontWeight: 600 });
globalStyle(`${facts} dd`, { margin: 0, overflowWrap: "anywhere" });
export const notes = style({
  background: vars.color.warningBg,
  border: `1px solid #f1dc9c`,
  borderRadius: vars.radius.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  fontSize: vars.fontSize.sm,
  whiteSpace: "pre-line",
});
export const notesTitle = style({ display: "block", fontSize: vars.fontSize.xs, fontWeight: 700, textTransform: "uppercase", letterSpacing: ".04em", color: vars.color.warning, marginBottom: 2 });
export const spacer = style({ flex: 1 });
export const actions = style({ display: "flex", gap: vars.space.sm, flexWrap: "wrap", alignItems: "center", borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.md });
export const staffActions = style([actions, { background: vars.color.surfaceAlt, margin: `0 calc(-1 * ${vars.space.lg}) calc(-1 * ${vars.space.lg})`, padding: `${vars.space.md} ${vars.space.lg}`, borderBottomLeftRadius: vars.radius.lg, borderBottomRightRadius: vars.radius.lg }]);
export const inlineForm = style({ display: "inline-flex", gap: vars.space.sm, margin: 0 });
export const like = style({
  selectors: {
    "&[aria-pressed='true']": { background: "#fdecef", borderColor: "#f3b6c2", color: "#b4234a" },
  },
});

// The toggle's state is its aria-pressed (flipped at once on submit by the page's script, then set by
// the server's answer): the heart and the label follow it.
globalStyle(`${like}[aria-pressed='true'] svg`, { fill: "currentColor" });
globalStyle(`${like}[aria-pressed='true'] [data-off], ${like}[aria-pressed='false'] [data-on]`, { display: "none" });
export const current = style({ outline: `2px solid ${vars.color.primary}`, outlineOffset: -1 });
