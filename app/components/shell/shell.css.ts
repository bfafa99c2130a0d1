// The signed-in shell: side navigation (300 px, collapsible to 64 px, expands on hover), top bar,
// and on small screens a drawer: opened by `:target` without JavaScript, by the menu button's state
// (`data-drawer="open"`) with it (drawer.tsx, ADR 053).
import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

const small = "(max-width: 899px)";
const tiny = "(max-width: 560px)";

export const shell = style({
  vars: { "--nav-w": vars.size.drawer },
  display: "grid",
  gridTemplateColumns: "var(--nav-w) minmax(0, 1fr)",
  minHeight: "100vh",
  selectors: {
    '&[data-collapsed="true"]': { vars: { "--nav-w": vars.size.navCollapsed } },
    '&[data-fullscreen="true"]': { gridTemplateColumns: "minmax(0, 1fr)" },
  },
  "@media": { [small]: { display: "block" } },
});

export const navCol = style({
  position: "relative",
  zIndex: 40,
  background: vars.color.nav,
  "@media": { [small]: { background: "transparent" } },
  selectors: { [`${shell}[data-fullscreen="true"] &`]: { display: "none" } },
});

export const nav = style({
  position: "sticky",
  top: 0,
  height: "100vh",
  width: "var(--nav-w)",
  background: vars.color.nav,
  color: vars.color.navText,
  display: "flex",
  flexDirection: "column",
  overflowY: "auto",
  overflowX: "hidden",
  transition: "width .16s ease, transform .2s ease, box-shadow .16s",
  scrollbarWidth: "thin",
  scrollbarColor: "#2c4560 transparent",
  selectors: {
    [`${shell}[data-collapsed="true"] &:hover, ${shell}[data-collapsed="true"] &:focus-within`]: {
      width: vars.size.drawer,
      boxShadow: "8px 0 24px rgba(0,0,0,.25)",
    },
  },
  "@media": {
    [small]: {
      position: "fixed",
      left: 0,
      top: 0,
      bottom: 0,
      width: `min(${vars.size.drawer}, 86vw)`,
      transform: "translateX(-105%)",
      // Closed, its links are out of sight and out of the Tab order too.
      visibility: "hidden",
      transition: "width .16s ease, transform .2s ease, box-shadow .16s, visibility .2s",
      selectors: {
        [`html:not([data-hydrated]) ${navCol}:target &, ${shell}[data-drawer="open"] &`]: {
          transform: "none",
          // Visible at once (focus moves in), hidden only once it has slid out.
          visibility: "visible",
          transition: "width .16s ease, transform .2s ease, box-shadow .16s",
          boxShadow: "8px 0 24px rgba(0,0,0,.3)",
        },
        [`${shell}[data-collapsed="true"] &:hover, ${shell}[data-collapsed="true"] &:focus-within`]: { width: `min(${vars.size.drawer}, 86vw)` },
      },
    },
  },
});

/** Hidden while the navigation is collapsed (and not hovered); always shown in the mobile drawer. */
export const expandedOnly = style({
  selectors: {
    [`${shell}[data-collapsed="true"] ${nav}:not(:hover):not(:focus-within) &`]: { display: "none" },
  },
  "@media": { [small]: { selectors: { [`${shell}[data-collapsed="true"] ${nav}:not(:hover):not(:focus-within) &`]: { display: "revert" } } } },
});

/** Shown only while the navigation is collapsed and not hovered (desktop). */
export const collapsedOnly = style({
  display: "none",
  selectors: {
    [`${shell}[data-collapsed="true"] ${nav}:not(:hover):not(:focus-within) &`]: { display: "inline-flex" },
  },
  "@media": { [small]: { selectors: { [`${shell}[data-collapsed="true"] ${nav}:not(:hover):not(:focus-within) &`]: { display: "none" } } } },
});

export const scrim = style({
  display: "none",
  "@media": {
    [small]: {
      selectors: {
        [`html:not([data-hydrated]) ${navCol}:target ~ &, ${shell}[data-drawer="open"] &`]: { display: "block", position: "fixed", inset: 0, background: "rgba(8,18,30,.45)", zIndex: 35 },
      },
    },
  },
});

export const brand = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  padding: `${vars.space.lg} 18px ${vars.space.md}`,
  minHeight: 64,
  color: "#fff",
});
export const brandLink = style({ color: "#fff", textDecoration: "none", minWidth: 0 });
export const clientLogo = style({ display: "flex", flexDirection: "column", gap: 2, minWidth: 0 });
export const clientLogoName = style({
  fontWeight: 800,
  fontSize: vars.fontSize.lg,
  letterSpacing: ".04em",
  textTransform: "uppercase",
  color: "#fff",
  whiteSpace: "nowrap",
  overflow: "hidden",
  textOverflow: "ellipsis",
});
export const poweredBy = style({ fontSize: vars.fontSize.xs, color: vars.color.navMuted });

export const iconButton = style({
  display: "inline-grid",
  placeItems: "center",
  width: 36,
  height: 36,
  borderRadius: vars.radius.md,
  border: 0,
  background: "transparent",
  color: "inherit",
  cursor: "pointer",
  flex: "0 0 auto",
  ":hover": { background: "rgba(127,150,175,.16)" },
});
export const collapseForm = style({ margin: 0, "@media": { [small]: { display: "none" } } });
export const collapseIcon = style({
  transition: "transform .15s",
  selectors: { [`${shell}[data-collapsed="true"] &`]: { transform: "rotate(180deg)" } },
});

export const userCard = style({
  display: "grid",
  gridTemplateColumns: "36px minmax(0, 1fr)",
  gap: vars.space.md,
  alignItems: "center",
  margin: `0 ${vars.space.md} ${vars.space.md}`,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: "rgba(255,255,255,.05)",
  selectors: {
    [`${shell}[data-collapsed="true"] ${nav}:not(:hover):not(:focus-within) &`]: { background: "transparent", padding: `${vars.space.md} 2px`, margin: `0 ${vars.space.sm} ${vars.space.md}` },
  },
});
export const avatar = style({
  width: 36,
  height: 36,
  borderRadius: "50%",
  background: vars.color.accent,
  color: "#1c1400",
  display: "grid",
  placeItems: "center",
  fontWeight: 700,
  fontSize: vars.fontSize.sm,
});
export const userName = style({ color: "#fff", fontWeight: 600, whiteSpace: "nowrap", overflow: "hidden", textOverflow: "ellipsis" });
export const userBio = style({
  color: vars.color.navMuted,
  fontSize: vars.fontSize.xs,
  display: "-webkit-box",
  WebkitLineClamp: 2,
  WebkitBoxOrient: "vertical",
  overflow: "hidden",
});
export const accessBadge = style({
  display: "inline-block",
  marginTop: 4,
  padding: "1px 8px",
  borderRadius: vars.radius.pill,
  background: "rgba(232,163,23,.16)",
  color: "#f5c45a",
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
});

export const section = style({ padding: `${vars.space.xs} ${vars.space.md} ${vars.space.md}` });
export const sectionTitle = style({
  fontSize: 11,
  fontWeight: 700,
  letterSpacing: ".09em",
  textTransform: "uppercase",
  color: vars.color.navMuted,
  padding: `${vars.space.sm} ${vars.space.sm} ${vars.space.xs}`,
  margin: 0,
  whiteSpace: "nowrap",
});
export const navList = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: 1 });
export const navLink = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.md,
  minHeight: 36,
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  color: vars.color.navText,
  textDecoration: "none",
  fontSize: vars.fontSize.md,
  whiteSpace: "nowrap",
  ":hover": { background: "rgba(127,150,175,.16)", color: "#fff" },
  selectors: {
    '&[aria-current="page"]': { background: "rgba(47,129,247,.22)", color: "#fff", boxShadow: `inset 3px 0 0 ${vars.color.accent}` },
    '&[aria-disabled="true"]': { color: "#5f7690", cursor: "not-allowed", background: "transparent" },
  },
});
globalStyle(`${navLink} svg`, { flex: "0 0 auto", width: 18, height: 18 });
export const navLabel = style([expandedOnly, { overflow: "hidden", textOverflow: "ellipsis" }]);

export const fleetSearch = style({ position: "relative", margin: `${vars.space.xs} 0 ${vars.space.sm}` });
export const fleetInput = style({
  width: "100%",
  height: 34,
  padding: "0 34px 0 10px",
  borderRadius: vars.radius.md,
  border: "1px solid #2c4560",
  background: "#0a1929",
  color: "#fff",
  fontSize: vars.fontSize.sm,
  "::placeholder": { color: vars.color.navMuted },
  ":focus": { outline: "none", borderColor: vars.color.focus },
});
export const fleetSubmit = style({
  position: "absolute",
  right: 2,
  top: 2,
  width: 30,
  height: 30,
  border: 0,
  background: "transparent",
  color: vars.color.navMuted,
  display: "grid",
  placeItems: "center",
  cursor: "pointer",
});
export const fleetList = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: 1 });
export const fleetItem = style({});
export const fleetSummary = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  minHeight: 34,
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  cursor: "pointer",
  listStyle: "none",
  fontSize: vars.fontSize.sm,
  color: vars.color.navText,
  ":hover": { background: "rgba(127,150,175,.16)", color: "#fff" },
  selectors: {
    "&::-webkit-details-marker": { display: "none" },
    "details[open] > &": { color: "#fff" },
    '&[data-current="true"]': { background: "rgba(47,129,247,.22)", color: "#fff" },
  },
});
export const chevron = style({
  transition: "transform .15s",
  color: vars.color.navMuted,
  flex: "0 0 auto",
  selectors: { "details[open] > summary > &": { transform: "rotate(90deg)" } },
});
export const fleetMsn = style({ fontWeight: 600, whiteSpace: "nowrap" });
export const fleetReg = style({ color: vars.color.navMuted, fontSize: vars.fontSize.xs, marginLeft: "auto", whiteSpace: "nowrap" });
export const statusDot = style({ width: 8, height: 8, borderRadius: "50%", flex: "0 0 auto" });
/** The fleet tree's status dot colours (an inline background: the status is data). */
export const fleetStatusColor: Record<string, string> = {
  GROUNDED: vars.color.grounded,
  "IN OPERATION": "#3fb371",
  "IN TRANSITION": vars.color.accent,
};
export const fleetStatusOther = vars.color.navMuted;
export const folderList = style({
  listStyle: "none",
  margin: `2px 0 ${vars.space.sm} 18px`,
  padding: `0 0 0 ${vars.space.sm}`,
  borderLeft: "1px solid #2c4560",
  display: "flex",
  flexDirection: "column",
  gap: 1,
});
export const folderLink = style([
  navLink,
  { minHeight: 30, fontSize: vars.fontSize.sm, gap: vars.space.sm },
]);
export const navNote = style({ color: vars.color.navMuted, fontSize: vars.fontSize.xs, padding: `${vars.space.xs} ${vars.space.sm}` });
export const navNoteLink = style({ color: "#9cc2f0", fontSize: vars.fontSize.xs });

export const usersList = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: 2 });
export const userRow = style({
  display: "flex",
  justifyContent: "space-between",
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  fontSize: vars.fontSize.sm,
});
export const userRowName = style({ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" });
export const userRowAccess = style({ color: vars.color.navMuted, fontSize: vars.fontSize.xs, whiteSpace: "nowrap" });

export const navFooter = style({
  marginTop: "auto",
  padding: vars.space.md,
  borderTop: "1px solid #1d3550",
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
});
export const signOut = style([navLink, { width: "100%", border: 0, background: "transparent", cursor: "pointer", font: "inherit" }]);
export const browserNote = style([expandedOnly, { color: vars.color.navMuted, fontSize: vars.fontSize.xs, padding: `0 ${vars.space.sm}` }]);

export const body = style({ minWidth: 0, display: "flex", flexDirection: "column", minHeight: "100vh" });

export const topbar = style({
  position: "sticky",
  top: 0,
  zIndex: 30,
  height: vars.size.topbar,
  display: "flex",
  alignItems: "center",
  gap: vars.space.md,
  padding: `0 ${vars.space.xl}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { [`${shell}[data-fullscreen="true"] &`]: { display: "none" } },
  "@media": {
    [small]: { padding: `0 ${vars.space.sm} 0 ${vars.space.xs}`, gap: vars.space.xs },
    // Phones: two rows (ADR 085). The first: the menu, the mark, MSN and registration, the screen's
    // exports, Report Issue, notifications, the switcher; the second (after the break, ::after): the
    // issue dates and the speed test. The two groups' boxes step aside (display: contents) so that
    // their items can take either row.
    [tiny]: { flexWrap: "wrap", height: "auto", minHeight: vars.size.topbar, rowGap: 0, padding: `${vars.space.xs} ${vars.space.sm} ${vars.space.xs} ${vars.space.xs}` },
  },
});
globalStyle(`${topbar}::after`, { "@media": { [tiny]: { content: '""', order: 1, flexBasis: "100%", height: 0 } } });
/** The second row's items on phones (the issue dates, the speed test). */
export const secondRow = style({ "@media": { [tiny]: { order: 2 } } });
/** Fills the first row on phones, so that the actions sit at its end. */
export const rowSpacer = style({ display: "none", "@media": { [tiny]: { display: "block", flex: "1 1 0", order: 0 } } });
export const menuButton = style([iconButton, { display: "none", color: vars.color.text, "@media": { [small]: { display: "inline-grid" } } }]);
export const mobileBrand = style({ display: "none", color: vars.color.text, textDecoration: "none", "@media": { [small]: { display: "inline-flex" } } });
export const aircraftInfo = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.lg,
  minWidth: 0,
  overflow: "hidden",
  whiteSpace: "nowrap",
  fontSize: vars.fontSize.sm,
  "@media": { [small]: { gap: vars.space.sm }, [tiny]: { display: "contents" } },
});
// The fields the spec names never give way to an ellipsis beside a screen's buttons (ADR 085): they
// keep their width and the top bar's buttons fit around them.
export const infoItem = style({ display: "flex", flexDirection: "column", lineHeight: 1.2, flexShrink: 0, "@media": { [tiny]: { minWidth: 0, flexShrink: 1 } } });
export const infoLabel = style({ fontSize: 11, color: vars.color.muted, textTransform: "uppercase", letterSpacing: ".05em", fontWeight: 600, overflow: "hidden", textOverflow: "ellipsis" });
export const infoValue = style({ fontWeight: 700, color: vars.color.text, overflow: "hidden", textOverflow: "ellipsis" });
const narrow = "(max-width: 1199px)";
/** The full label; below 1200 px only for screen readers (the short one shows). */
export const labelLong = style({
  "@media": { [narrow]: { position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0,0,0,0)", whiteSpace: "nowrap" } },
});
export const labelShort = style({ display: "none", "@media": { [narrow]: { display: "inline" } } });
export const infoSecondary = style([secondRow, { "@media": { [tiny]: { marginRight: vars.space.lg, padding: `${vars.space.xs} 0` } } }]);
// The second row has room for the issue dates' full labels.
globalStyle(`${infoSecondary} ${labelLong}`, { "@media": { [tiny]: { position: "static", width: "auto", height: "auto", clip: "auto", overflow: "visible" } } });
globalStyle(`${infoSecondary} ${labelShort}`, { "@media": { [tiny]: { display: "none" } } });
export const topActions = style({ marginLeft: "auto", display: "flex", alignItems: "center", gap: vars.space.xs, "@media": { [tiny]: { display: "contents" } } });
export const topButton = style([
  iconButton,
  {
    color: vars.color.muted,
    position: "relative",
    ":hover": { background: vars.color.surfaceAlt, color: vars.color.primary },
  },
]);
export const hideTiny = style({ "@media": { [tiny]: { display: "none !important" } } });

// Phones: the menus' panels hang from the top bar (its nearest positioned box, sticky), not from
// their button, so that they open under its second row whatever its height, across the screen.
export const menu = style({ position: "relative", "@media": { [tiny]: { position: "static" } } });
export const menuSummary = style([
  topButton,
  {
    listStyle: "none",
    selectors: {
      "&::-webkit-details-marker": { display: "none" },
      "details[open] > &": { background: vars.color.surfaceAlt, color: vars.color.primary },
    },
  },
]);
export const menuTextSummary = style([
  menuSummary,
  {
    width: "auto",
    whiteSpace: "nowrap",
    padding: `0 ${vars.space.md}`,
    gap: vars.space.xs,
    display: "inline-flex",
    alignItems: "center",
    fontWeight: 600,
    fontSize: vars.fontSize.sm,
    color: vars.color.primary,
    border: `1px solid ${vars.color.border}`,
    // Phones: room in the top bar for the MSN and registration next to a screen's export button.
    "@media": { [tiny]: { padding: `0 ${vars.space.sm}` } },
  },
]);
export const menuPanel = style({
  position: "absolute",
  right: 0,
  top: "calc(100% + 8px)",
  width: 360,
  maxHeight: "min(70vh, 560px)",
  overflowY: "auto",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  zIndex: 60,
  color: vars.color.text,
  "@media": { [tiny]: { left: 8, right: 8, width: "auto", top: "calc(100% + 4px)" } },
});
export const menuHead = style({
  display: "flex",
  justifyContent: "space-between",
  alignItems: "center",
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`,
  fontWeight: 700,
});
export const menuBody = style({ padding: vars.space.lg });
export const menuEmpty = style({ padding: `${vars.space.xl} ${vars.space.lg}`, textAlign: "center", color: vars.color.muted });
export const menuList = style({ listStyle: "none", margin: 0, padding: 0 });
export const menuItem = style({
  display: "grid",
  gridTemplateColumns: "28px 1fr",
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '&[data-unread="true"]': { background: "#f6f9fd" }, "&:last-child": { borderBottom: 0 } },
});
export const menuItemIcon = style({ width: 28, height: 28, borderRadius: "50%", background: vars.color.infoBg, color: vars.color.primary, display: "grid", placeItems: "center" });
export const menuFoot = style({ padding: `${vars.space.sm} ${vars.space.lg}`, borderTop: `1px solid ${vars.color.border}`, fontSize: vars.fontSize.sm, textAlign: "center" });
export const switchLink = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.lg}`,
  color: vars.color.text,
  textDecoration: "none",
  borderBottom: `1px solid ${vars.color.border}`,
  ":hover": { background: vars.color.surfaceAlt },
  selectors: {
    '&[aria-disabled="true"]': { color: vars.color.muted, cursor: "not-allowed", background: "transparent" },
    "&:last-child": { borderBottom: 0 },
  },
});
export const counter = style({
  position: "absolute",
  top: 2,
  right: 1,
  minWidth: 16,
  height: 16,
  padding: "0 4px",
  borderRadius: vars.radius.pill,
  background: vars.color.danger,
  color: "#fff",
  fontSize: 10,
  fontWeight: 700,
  lineHeight: "16px",
  textAlign: "center",
});
export const divider = style({ width: 1, height: 24, background: vars.color.border, margin: `0 ${vars.space.xs}`, "@media": { [small]: { display: "none" } } });
export const slot = style({ display: "flex", alignItems: "center", gap: vars.space.xs });
/**
 * The speed test's slot. Between phone width and 1440 px the aircraft's MSN, registration and issue
 * date (and a screen's export buttons) come first: the speed test shows its gauge only (its words and result stay in the accessible
 * name, the status region and the title). On phones it has the top bar's second row, with its words.
 */
export const speedSlot = style({ "@media": { [tiny]: { marginLeft: "auto" } } });
const belowWide = "(max-width: 1439px) and (min-width: 561px)";
globalStyle(`${speedSlot} button, ${speedSlot} [aria-live="polite"]`, { "@media": { [belowWide]: { fontSize: 0, gap: 0 } } });
globalStyle(`${speedSlot} button`, { "@media": { [belowWide]: { padding: `${vars.space.xs} ${vars.space.sm}` } } });

export const main = style({
  flex: 1,
  padding: `${vars.space.xl} ${vars.space.xxl} ${vars.space.xxxl}`,
  minWidth: 0,
  "@media": { [small]: { padding: `${vars.space.lg} ${vars.space.lg} ${vars.space.xxl}` } },
});

export const exitFullscreen = style({
  position: "fixed",
  right: vars.space.lg,
  top: vars.space.lg,
  zIndex: 70,
  boxShadow: vars.shadow.md,
});

// Lite mode in the top bar (issue 12).
export const liteForm = style({ display: "flex", alignItems: "center", gap: vars.space.xs, margin: 0 });
export const litePill = style({
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
  padding: `2px ${vars.space.sm}`,
  borderRadius: 999,
  background: vars.color.infoBg,
  color: vars.color.text,
  whiteSpace: "nowrap",
});
export const liteButton = style({
  font: "inherit",
  fontSize: vars.fontSize.xs,
  background: "none",
  border: "none",
  color: vars.color.primary,
  textDecoration: "underline",
  cursor: "pointer",
  padding: 0,
  whiteSpace: "nowrap",
});

/** The transition menu's Tabs accordion (one disclosure per group_name). */
export const tabGroup = style({ margin: `0 0 ${vars.space.xs}` });
export const tabGroupTitle = style({
  cursor: "pointer",
  padding: `${vars.space.xs} ${vars.space.md}`,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  color: "inherit",
  listStylePosition: "inside",
});
