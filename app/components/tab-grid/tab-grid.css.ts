import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

// The grid's own looks on the data table's cells (app/components/data-table): the focused cell, an
// editable one's pointer, the editor and its refusal, the keyboard hint above the table.
export const cell = style({
  outline: "none",
  selectors: {
    "&:focus": { boxShadow: `inset 0 0 0 2px ${vars.color.focus}` },
    '&[data-editable="true"]': { cursor: "cell" },
  },
});
export const editor = style({
  width: "100%",
  minWidth: 120,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.focus}`,
  borderRadius: vars.radius.sm,
  font: "inherit",
});
export const error = style({ color: vars.color.danger, fontSize: vars.fontSize.xs, marginTop: vars.space.xs, whiteSpace: "normal" });
export const hint = style({ fontSize: vars.fontSize.xs, color: vars.color.muted, margin: `0 0 ${vars.space.xs}` });
