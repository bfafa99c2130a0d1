import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const wrap = style({ display: "inline-flex", alignItems: "center", gap: vars.space.xs, fontSize: vars.fontSize.sm, whiteSpace: "nowrap" });
// Two rows of stars on top of each other: grey below, gold above clipped to the rating's width.
export const stars = style({ position: "relative", display: "inline-block", lineHeight: 0 });
export const row = style({ display: "inline-flex", gap: 1 });
export const empty = style({ color: "#c9d2dd" });
export const filled = style({ position: "absolute", inset: 0, overflow: "hidden", color: vars.color.accent, whiteSpace: "nowrap" });
export const value = style({ fontWeight: 700 });
export const count = style({ color: vars.color.muted });
