import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const page = style({ minWidth: 0 });
export const title = style({ minWidth: 0 });
export const lead = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: `${vars.space.xs} ${vars.space.md}` });
export const toolbar = style({ display: "flex", gap: vars.space.sm, flexWrap: "wrap", alignItems: "center" });
export const bulkBar = style({
  display: "flex",
  gap: vars.space.sm,
  flexWrap: "wrap",
  alignItems: "center",
  margin: `${vars.space.sm} 0`,
  fontSize: vars.fontSize.sm,
});
export const bulkLabel = style({ color: vars.color.muted, fontWeight: 600 });

// The listing is where files can be dropped (with JavaScript): it is outlined while they are dragged over.
export const dropArea = style({
  position: "relative",
  borderRadius: vars.radius.md,
  selectors: { '&[data-drop-area="over"]': { outline: `2px dashed ${vars.color.primary}`, outlineOffset: 4, background: vars.color.infoBg } },
});
export const dropHint = style({
  position: "sticky",
  top: 0,
  zIndex: 1,
  margin: 0,
  padding: vars.space.sm,
  textAlign: "center",
  fontWeight: 600,
  color: vars.color.primary,
  background: vars.color.infoBg,
  pointerEvents: "none",
});
