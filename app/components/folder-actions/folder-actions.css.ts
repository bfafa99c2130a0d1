import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

// The folder-action forms (the modal itself is components/modal-dialog).
export const target = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.surfaceAlt,
  borderRadius: vars.radius.md,
  overflowWrap: "anywhere",
  fontWeight: 600,
  marginBottom: vars.space.lg,
});

// The folder picker (folder-picker.tsx).
export const picker = style({ border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md, padding: vars.space.md, margin: `0 0 ${vars.space.lg}`, minWidth: 0 });
export const pickerLegend = style({ fontWeight: 600, fontSize: vars.fontSize.sm, padding: `0 ${vars.space.xs}` });
export const pickerAircraft = style({ listStyle: "none", margin: `0 0 ${vars.space.sm}`, padding: 0, display: "flex", flexWrap: "wrap", gap: vars.space.xs, fontSize: vars.fontSize.sm, maxHeight: 120, overflowY: "auto" });
globalStyle(`${pickerAircraft} a, ${pickerAircraft} span`, { display: "inline-block", padding: "2px 8px", borderRadius: vars.radius.md, border: `1px solid ${vars.color.border}` });
export const pickerAircraftChosen = style({ fontWeight: 700, background: vars.color.surfaceAlt });
export const pickerChosen = style({ margin: `0 0 ${vars.space.sm}`, overflowWrap: "anywhere" });
export const pickerCrumbs = style({ fontSize: vars.fontSize.sm, marginBottom: vars.space.sm, overflowWrap: "anywhere" });
export const pickerList = style({ listStyle: "none", margin: 0, padding: 0, maxHeight: 260, overflowY: "auto", display: "flex", flexDirection: "column", gap: 2 });
export const pickerItem = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  textDecoration: "none",
  ":hover": { background: vars.color.surfaceAlt },
});
export const pickerEmpty = style({ color: vars.color.muted, fontSize: vars.fontSize.sm, margin: 0 });
// The bulk dialog's list of chosen items.
export const items = style({ margin: `0 0 ${vars.space.lg}`, paddingLeft: vars.space.lg, maxHeight: 200, overflowY: "auto", overflowWrap: "anywhere" });
