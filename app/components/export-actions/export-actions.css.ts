// The screen's export and share buttons in the top bar (export-actions.tsx).
import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

const tiny = "(max-width: 560px)";
// Below 1440 px the top bar has no room for the words beside the MSN, registration, issue date and
// a speed-test result.
const narrow = "(max-width: 1439px)";
const srOnly = { position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0,0,0,0)", whiteSpace: "nowrap" } as const;

export const group = style({ display: "flex", alignItems: "center", gap: vars.space.xs });
export const button = style({ display: "inline-flex", alignItems: "center", gap: 6, whiteSpace: "nowrap" });
/** A button's words: on phones only its icon shows, the words stay for screen readers. */
export const words = style({ "@media": { [tiny]: srOnly } });
/** Share's and Export's words: below 1440 px only the icons show (the words stay for screen readers, the title explains). */
export const wordsNarrow = style({ "@media": { [narrow]: srOnly } });
export const iconOnlyOnPhones = style({ "@media": { [tiny]: { padding: "0 7px" } } });
export const iconOnlyNarrow = style({ "@media": { [narrow]: { padding: "0 8px" }, [tiny]: { padding: "0 7px" } } });
/** On phones Share moves into the Export menu (the top bar has room for one button). */
export const notOnPhones = style({ "@media": { [tiny]: { display: "none !important" } } });
// (after `item` in the cascade would not be enough: both set display, so these win by !important)
export const onPhonesOnly = style({ display: "none !important", "@media": { [tiny]: { display: "flex !important" } } });
export const chevron = style({ "@media": { [tiny]: { display: "none" } } });

// Phones: the panel hangs from the top bar (sticky, its nearest positioned box), under its second row.
export const menu = style({ position: "relative", "@media": { [tiny]: { position: "static" } } });
export const summary = style({
  listStyle: "none",
  cursor: "pointer",
  selectors: {
    "&::-webkit-details-marker": { display: "none" },
    "details[open] > &": { borderColor: vars.color.primary, background: vars.color.surfaceAlt },
  },
});
export const panel = style({
  position: "absolute",
  right: 0,
  top: "calc(100% + 8px)",
  minWidth: 230,
  padding: vars.space.sm,
  display: "flex",
  flexDirection: "column",
  gap: 2,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  zIndex: 60,
  "@media": { [tiny]: { left: 8, right: 8, top: "calc(100% + 4px)", minWidth: 0 } },
});
export const panelHint = style({ margin: `${vars.space.xs} ${vars.space.sm} ${vars.space.sm}`, fontSize: vars.fontSize.xs, color: vars.color.muted });
export const item = style({
  width: "100%",
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: 0,
  borderRadius: vars.radius.md,
  background: "transparent",
  color: vars.color.text,
  font: "inherit",
  fontSize: vars.fontSize.sm,
  textAlign: "left",
  textDecoration: "none",
  cursor: "pointer",
  ":hover": { background: vars.color.surfaceAlt, color: vars.color.primary },
  ":focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: -2 },
});
globalStyle(`${panel} form`, { margin: 0 });
