import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

// A server-rendered modal: <dialog open> over a backdrop. It opens without JS (the page renders it
// from a search param) and closes with a link back to the page without that param.
export { backdrop, dialog, header, title, close, body, footer } from "~/styles/dialog.css";
export const panel = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  maxWidth: vars.size.modal,
});
export const target = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.surfaceAlt,
  borderRadius: vars.radius.md,
  overflowWrap: "anywhere",
  fontWeight: 600,
  marginBottom: vars.space.lg,
});
