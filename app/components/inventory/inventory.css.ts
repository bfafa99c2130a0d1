import { globalStyle, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const section = style({ marginBottom: vars.space.xl });
export const sectionTitle = style({ fontSize: vars.fontSize.lg, margin: `0 0 ${vars.space.md}` });
export const num = style({ textAlign: "right", fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" });
globalStyle(`th${num}`, { textAlign: "right" });
export const rowTone = styleVariants({
  present: {},
  empty: { background: vars.color.warningBg },
  missing: { background: vars.color.dangerBg },
});
export const totalRow = style({ fontWeight: 700 });
export const downloads = style({ display: "flex", gap: vars.space.sm, flexWrap: "wrap" });
export const sortLink = style({ color: "inherit", textDecoration: "none", selectors: { "&:hover": { textDecoration: "underline" } } });
export const docName = style({ display: "block", maxWidth: 260, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" });
