import { style } from "@vanilla-extract/css";
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
