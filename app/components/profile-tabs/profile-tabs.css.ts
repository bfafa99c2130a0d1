import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const nav = style({ borderBottom: `1px solid ${vars.color.border}`, marginBottom: vars.space.xl, overflowX: "auto" });
export const list = style({ display: "flex", gap: vars.space.xs, listStyle: "none", margin: 0, padding: 0 });
export const tab = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderBottom: "3px solid transparent",
  color: vars.color.muted,
  fontWeight: 600,
  textDecoration: "none",
  whiteSpace: "nowrap",
  ":hover": { color: vars.color.text },
  selectors: { "&[aria-current='page']": { color: vars.color.primary, borderBottomColor: vars.color.primary } },
});

export const uploadBox = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.xl,
});
export const uploadRow = style({ display: "flex", gap: vars.space.md, alignItems: "center", flexWrap: "wrap" });
export const fileInput = style({ maxWidth: "100%", fontSize: vars.fontSize.sm });
export const progress = style({ width: "100%", height: 8 });
export const preview = style({ width: 120, height: 120, borderRadius: "50%", objectFit: "cover", border: `1px solid ${vars.color.border}`, background: vars.color.surfaceAlt });

// The profile form's sub-types of an experience (aircraft, helicopter, power plant): shown only while
// its checkbox is ticked, once the page has hydrated (CSS does it, no state in the component);
// without JavaScript always shown, and the server clears a sub-type whose type is off.
export const subType = style({});
globalStyle(`html[data-hydrated] div:has(> label input[type=checkbox]:not(:checked)) > ${subType}`, { display: "none" });
