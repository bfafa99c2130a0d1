import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** A row a link landed on (#row-<id>): highlighted, and clear of a sticky header when scrolled to. */
export const targetRow = style({ scrollMarginTop: "120px" });
globalStyle(`${targetRow}:target > td, ${targetRow}:target > th`, { background: vars.color.warningBg, boxShadow: `inset 0 2px 0 ${vars.color.primary}, inset 0 -2px 0 ${vars.color.primary}` });
