import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

const wrap = { maxWidth: 1180, margin: "0 auto", padding: "0 32px" } as const;
const narrow = "(max-width: 720px)";

export const page = style({ background: vars.color.surface, scrollBehavior: "smooth" });
globalStyle("html:has(#marketing)", { scrollBehavior: "smooth", scrollPaddingTop: 72 });

export const header = style({
  position: "sticky",
  top: 0,
  zIndex: 50,
  background: "rgba(255,255,255,.94)",
  backdropFilter: "saturate(180%) blur(8px)",
  borderBottom: `1px solid ${vars.color.border}`,
});
export const headerInner = style({
  ...wrap,
  height: 64,
  display: "flex",
  alignItems: "center",
  gap: vars.space.xl,
  "@media": { [narrow]: { padding: "0 16px", gap: vars.space.md } },
});
export const brand = style({ color: vars.color.text, textDecoration: "none" });
export const nav = style({
  display: "flex",
  gap: vars.space.lg,
  flex: 1,
  justifyContent: "center",
  "@media": { "(max-width: 1000px)": { display: "none" } },
});
globalStyle(`${nav} a`, { color: vars.color.muted, textDecoration: "none", fontWeight: 600, fontSize: vars.fontSize.sm });
globalStyle(`${nav} a:hover`, { color: vars.color.primary });
export const headerActions = style({ display: "flex", gap: vars.space.sm, marginLeft: "auto" });

export const hero = style({
  background: `radial-gradient(1200px 500px at 85% -10%, #1d5d99 0%, transparent 60%), linear-gradient(160deg, ${vars.color.nav} 0%, #122c47 55%, #0d3a66 100%)`,
  color: "#fff",
  overflow: "hidden",
});
export const heroInner = style({
  ...wrap,
  display: "grid",
  gridTemplateColumns: "1.1fr .9fr",
  gap: 48,
  alignItems: "center",
  padding: "88px 32px 96px",
  "@media": {
    "(max-width: 960px)": { gridTemplateColumns: "1fr", padding: "56px 24px 64px" },
    [narrow]: { padding: "40px 16px 48px" },
  },
});
export const eyebrow = style({
  display: "inline-block",
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  letterSpacing: ".12em",
  textTransform: "uppercase",
  color: vars.color.accent,
  marginBottom: vars.space.md,
});
export const heroTitle = style({
  fontSize: 48,
  lineHeight: 1.08,
  letterSpacing: "-.02em",
  margin: `0 0 ${vars.space.lg}`,
  "@media": { [narrow]: { fontSize: 32 } },
});
export const heroText = style({ fontSize: 18, color: vars.color.navText, maxWidth: 560, margin: `0 0 ${vars.space.xl}` });
export const heroCtas = style({ display: "flex", gap: vars.space.md, flexWrap: "wrap" });
export const heroGhost = style({ color: "#fff", borderColor: "rgba(255,255,255,.4)", background: "transparent", ":hover": { borderColor: "#fff" } });
export const heroStats = style({
  display: "flex",
  gap: 40,
  marginTop: 48,
  flexWrap: "wrap",
  "@media": { [narrow]: { gap: vars.space.lg, marginTop: vars.space.xxl } },
});
export const heroStat = style({ display: "flex", flexDirection: "column" });
export const heroStatValue = style({ fontSize: 30, fontWeight: 800, "@media": { [narrow]: { fontSize: 24 } } });
export const heroStatLabel = style({ fontSize: vars.fontSize.sm, color: vars.color.navMuted, "@media": { [narrow]: { fontSize: vars.fontSize.xs, maxWidth: 100 } } });

export const mock = style({
  background: "rgba(255,255,255,.97)",
  color: vars.color.text,
  borderRadius: vars.radius.lg,
  boxShadow: "0 30px 60px rgba(0,0,0,.35)",
  overflow: "hidden",
  fontSize: vars.fontSize.sm,
  "@media": { "(max-width: 960px)": { display: "none" } },
});
export const mockBar = style({ display: "flex", gap: 6, padding: "10px 14px", background: vars.color.surfaceAlt, borderBottom: `1px solid ${vars.color.border}` });
export const mockDot = style({ width: 10, height: 10, borderRadius: "50%", background: vars.color.border });
export const mockBody = style({ display: "grid", gridTemplateColumns: "120px 1fr" });
export const mockNav = style({ background: vars.color.nav, color: vars.color.navText, padding: 14, display: "flex", flexDirection: "column", gap: 10, fontSize: 12 });
export const mockMain = style({ padding: 16, display: "flex", flexDirection: "column", gap: 12 });
export const mockStats = style({ display: "grid", gridTemplateColumns: "repeat(4, 1fr)", gap: 8 });
export const mockStat = style({ border: `1px solid ${vars.color.border}`, borderRadius: 6, padding: "8px 10px", display: "flex", flexDirection: "column" });
export const mockRow = style({ display: "flex", justifyContent: "space-between", gap: 8, padding: "7px 0", borderBottom: `1px solid ${vars.color.border}` });

export const section = style({ padding: "88px 0", "@media": { [narrow]: { padding: "56px 0" } } });
export const sectionAlt = style([section, { background: vars.color.bg }]);
export const sectionInner = style({ ...wrap, "@media": { [narrow]: { padding: "0 16px" } } });
export const sectionHead = style({ maxWidth: 720, marginBottom: 40 });
export const sectionTitle = style({ fontSize: 34, letterSpacing: "-.01em", margin: `0 0 ${vars.space.md}`, "@media": { [narrow]: { fontSize: 26 } } });
export const sectionText = style({ color: vars.color.muted, fontSize: vars.fontSize.lg, margin: 0 });

export const twoCol = style({
  display: "grid",
  gridTemplateColumns: "1fr 1fr",
  gap: 48,
  alignItems: "start",
  "@media": { "(max-width: 900px)": { gridTemplateColumns: "1fr", gap: vars.space.xl } },
});
export const featureList = style({ listStyle: "none", padding: 0, margin: 0, display: "grid", gap: vars.space.lg });
export const feature = style({ display: "grid", gridTemplateColumns: "40px 1fr", gap: vars.space.md, alignItems: "start" });
export const featureIcon = style({
  width: 40,
  height: 40,
  borderRadius: vars.radius.md,
  background: vars.color.infoBg,
  color: vars.color.primary,
  display: "grid",
  placeItems: "center",
});
globalStyle(`${feature} h3`, { fontSize: vars.fontSize.lg, margin: "2px 0 4px" });
globalStyle(`${feature} p`, { margin: 0, color: vars.color.muted });

export const cards = style({ display: "grid", gridTemplateColumns: "repeat(3, 1fr)", gap: vars.space.xl, "@media": { "(max-width: 900px)": { gridTemplateColumns: "1fr" } } });
export const serviceCard = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: 28,
  boxShadow: vars.shadow.sm,
  borderTop: `4px solid ${vars.color.primary}`,
});
globalStyle(`${serviceCard} h3`, { fontSize: vars.fontSize.xl, margin: `${vars.space.md} 0 ${vars.space.sm}` });
globalStyle(`${serviceCard} p`, { color: vars.color.muted, margin: `0 0 ${vars.space.lg}` });
export const serviceList = style({ listStyle: "none", padding: 0, margin: 0, display: "grid", gap: vars.space.sm });
globalStyle(`${serviceList} li`, { display: "flex", gap: vars.space.sm, alignItems: "center" });
globalStyle(`${serviceList} svg`, { color: vars.color.success, flex: "0 0 auto" });

export const quote = style({
  margin: 0,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: 28,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.lg,
});
globalStyle(`${quote} blockquote`, { margin: 0, fontSize: vars.fontSize.lg, lineHeight: 1.55 });
globalStyle(`${quote} figcaption`, { color: vars.color.muted, fontSize: vars.fontSize.sm });
globalStyle(`${quote} figcaption strong`, { color: vars.color.text, display: "block" });

export const clients = style({ display: "grid", gridTemplateColumns: "repeat(6, 1fr)", gap: vars.space.lg, "@media": { "(max-width: 900px)": { gridTemplateColumns: "repeat(2, 1fr)" } } });
export const clientTile = style({
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: `${vars.space.xl} ${vars.space.md}`,
  textAlign: "center",
  color: vars.color.muted,
  fontWeight: 600,
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  gap: vars.space.sm,
});

export const contactGrid = style({
  display: "grid",
  gridTemplateColumns: ".8fr 1.2fr",
  gap: 48,
  "@media": { "(max-width: 900px)": { gridTemplateColumns: "1fr", gap: vars.space.xl } },
});
export const contactList = style({ listStyle: "none", padding: 0, margin: `${vars.space.xl} 0 0`, display: "grid", gap: vars.space.lg });
globalStyle(`${contactList} li`, { display: "flex", gap: vars.space.md, alignItems: "flex-start" });
globalStyle(`${contactList} a`, { fontWeight: 600 });
export const formCard = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: 28,
  boxShadow: vars.shadow.md,
});
export const formRow = style({ display: "grid", gridTemplateColumns: "1fr 1fr", gap: `0 ${vars.space.md}`, "@media": { [narrow]: { gridTemplateColumns: "1fr" } } });

export const joinBand = style({ background: vars.color.primary, color: "#fff", padding: "48px 0" });
export const joinInner = style([sectionInner, { display: "flex", justifyContent: "space-between", alignItems: "center", gap: vars.space.xl, flexWrap: "wrap" }]);
globalStyle(`${joinInner} h2`, { margin: 0, fontSize: 26 });
globalStyle(`${joinInner} p`, { margin: `${vars.space.xs} 0 0`, color: "#d6e6f5" });

export const footer = style({ background: vars.color.nav, color: vars.color.navMuted, padding: "32px 0", fontSize: vars.fontSize.sm });
export const footerInner = style([sectionInner, { display: "flex", justifyContent: "space-between", gap: vars.space.lg, flexWrap: "wrap", alignItems: "center" }]);
globalStyle(`${footerInner} a`, { color: vars.color.navText });
