import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const page = style({ minWidth: 0 });
export const title = style({ minWidth: 0 });
export const lead = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: `${vars.space.xs} ${vars.space.md}` });
export const toolbar = style({ display: "flex", gap: vars.space.sm, flexWrap: "wrap", alignItems: "center" });
