import { globalStyle, keyframes, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const pickers = style({ display: "grid", gap: vars.space.md, gridTemplateColumns: "repeat(auto-fit, minmax(220px, 1fr))", marginBottom: vars.space.md });
export const picker = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  padding: vars.space.md,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
});
export const pickerLabel = style({ fontWeight: 600, fontSize: vars.fontSize.sm });
export const fileInput = style({ fontSize: vars.fontSize.sm, maxWidth: "100%" });
// Hydrated: one drop zone holding the pickers' buttons; it lights up while files are dragged over it.
export const dropZone = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.sm,
  padding: `${vars.space.lg} ${vars.space.md}`,
  marginBottom: vars.space.md,
  border: `2px dashed ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  textAlign: "center",
  selectors: { '&[data-drop-zone="over"]': { borderColor: vars.color.primary, background: vars.color.infoBg } },
});
export const dropText = style({ margin: 0, flexBasis: "100%", fontSize: vars.fontSize.sm, color: vars.color.muted });
// The hidden input's focus shows on its label (the button the user sees).
export const pickButton = style({ cursor: "pointer", selectors: { "&:focus-within": { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 } } });

export const summary = style({ display: "flex", justifyContent: "space-between", gap: vars.space.md, flexWrap: "wrap", fontSize: vars.fontSize.sm, margin: `${vars.space.sm} 0` });
export const overall = style({ margin: `${vars.space.sm} 0 ${vars.space.md}` });
export const bar = style({
  width: "100%",
  height: 10,
  borderRadius: vars.radius.pill,
  overflow: "hidden",
  background: vars.color.surfaceAlt,
  border: `1px solid ${vars.color.border}`,
});
export const barFill = style({ height: "100%", background: vars.color.primary, transition: "width .2s linear" });
export const barFillSmall = style([barFill, { background: vars.color.info }]);

export const list = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  maxHeight: 260,
  overflowY: "auto",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
export const row = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) 84px 64px",
  gap: vars.space.md,
  alignItems: "center",
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
  selectors: { "&:last-child": { borderBottom: 0 } },
});
export const path = style({ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" });
export const size = style({ color: vars.color.muted, textAlign: "right", fontVariantNumeric: "tabular-nums" });
export const pct = style({ textAlign: "right", fontVariantNumeric: "tabular-nums", fontWeight: 600 });
export const status = styleVariants({
  queued: { color: vars.color.muted },
  uploading: { color: vars.color.info },
  uploaded: { color: vars.color.info },
  indexed: { color: vars.color.success },
  failed: { color: vars.color.danger },
  skipped: { color: vars.color.warning },
});
// Each file's own bar, under its name (spans, so that they may sit in the list item: made blocks).
export const rowBar = style({ display: "block", gridColumn: "1 / -1", height: 4, borderRadius: vars.radius.pill, overflow: "hidden", background: vars.color.surfaceAlt });
export const rowFill = style([barFill, { display: "block" }]);
export const rowFillFailed = style([rowFill, { background: vars.color.danger }]);
export const rowError = style({ gridColumn: "1 / -1", color: vars.color.danger, fontSize: vars.fontSize.xs });

const pulse = keyframes({ "0%,100%": { opacity: 1 }, "50%": { opacity: 0.55 } });
export const offline = style({ animation: `${pulse} 1.4s ease-in-out infinite` });

export const warning = style({ fontSize: vars.fontSize.sm });
export const dropped = style({ fontSize: vars.fontSize.sm, color: vars.color.muted, margin: `${vars.space.sm} 0 0` });
globalStyle(`${dropped} li`, { overflowWrap: "anywhere" });

export const report = style({ margin: `${vars.space.md} 0 0`, padding: vars.space.md, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md });
export const reportTitle = style({ margin: `0 0 ${vars.space.sm}`, fontSize: vars.fontSize.md });
export const reportList = style({ margin: 0, paddingLeft: vars.space.lg, fontSize: vars.fontSize.sm, maxHeight: 180, overflowY: "auto" });
globalStyle(`${reportList} li`, { overflowWrap: "anywhere" });
