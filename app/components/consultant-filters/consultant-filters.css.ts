import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const form = style({
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "repeat(auto-fill, minmax(170px, 1fr))",
  alignItems: "end",
  "@media": {
    "screen and (max-width: 520px)": { gridTemplateColumns: "1fr 1fr", gap: vars.space.sm, padding: vars.space.md },
  },
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.lg,
  marginBottom: vars.space.lg,
});
export const search = style({ gridColumn: "span 2" });
export const field = style({ display: "flex", flexDirection: "column", gap: vars.space.xs, minWidth: 0 });
export const label = style({ fontWeight: 600, fontSize: vars.fontSize.sm });
export const control = style({
  width: "100%",
  minHeight: 38,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  font: "inherit",
  selectors: { "&:focus": { borderColor: vars.color.focus, outline: "none", boxShadow: `0 0 0 3px ${vars.color.infoBg}` } },
});
export const buttons = style({
  display: "flex",
  gap: vars.space.sm,
  alignItems: "center",
  flexWrap: "wrap",
  "@media": { "screen and (max-width: 520px)": { gridColumn: "span 2" } },
});
globalStyle(`${buttons} > *`, { flex: "1 1 auto" });
