import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

// The consultant dialogs: a server-rendered <dialog open> over a backdrop, 700 wide (spec §2, §9),
// never wider than the screen.
export { backdrop, dialog, header, title, close, body, footer } from "~/styles/dialog.css";
export const subtitle = style({ margin: `${vars.space.xxs} 0 0`, color: vars.color.muted, fontSize: vars.fontSize.sm });
export const twoColumns = style({
  display: "grid",
  gap: `0 ${vars.space.lg}`,
  gridTemplateColumns: "repeat(auto-fit, minmax(220px, 1fr))",
});
export const statusRow = style({ display: "flex", gap: vars.space.md, flexWrap: "wrap", marginBottom: vars.space.lg, border: 0, padding: 0 });
export const legend = style({ fontWeight: 600, fontSize: vars.fontSize.sm, marginBottom: vars.space.xs, padding: 0 });
export const note = style({ color: vars.color.muted, fontSize: vars.fontSize.sm, margin: `0 0 ${vars.space.lg}` });
