import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const page = style({ minHeight: "100vh", display: "flex", flexDirection: "column", background: vars.color.bg });

export const header = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.lg,
  padding: `${vars.space.md} ${vars.space.xl}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  "@media": { "(max-width: 600px)": { padding: `${vars.space.md} ${vars.space.lg}` } },
});
export const headerNav = style({ display: "flex", gap: vars.space.sm, alignItems: "center" });
export const homeLink = style({ color: vars.color.text, textDecoration: "none" });

export const main = style({
  flex: 1,
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) minmax(0, 520px)",
  "@media": { "(max-width: 960px)": { gridTemplateColumns: "1fr" } },
});

export const aside = style({
  background: `linear-gradient(160deg, ${vars.color.nav} 0%, #16385a 60%, #0b4f8a 100%)`,
  color: "#fff",
  padding: "64px 56px",
  display: "flex",
  flexDirection: "column",
  justifyContent: "center",
  gap: vars.space.xl,
  position: "relative",
  overflow: "hidden",
  "@media": { "(max-width: 960px)": { display: "none" } },
});
export const asideTitle = style({ fontSize: 34, lineHeight: 1.15, margin: 0, maxWidth: 520 });
export const asideText = style({ color: vars.color.navText, fontSize: vars.fontSize.lg, maxWidth: 520, margin: 0 });
export const asideList = style({ listStyle: "none", padding: 0, margin: 0, display: "grid", gap: vars.space.md, color: vars.color.navText });
globalStyle(`${asideList} li`, { display: "flex", gap: vars.space.sm, alignItems: "center" });
export const asideArt = style({ position: "absolute", right: -60, bottom: -40, opacity: 0.12, pointerEvents: "none" });

export const panel = style({
  display: "flex",
  alignItems: "flex-start",
  justifyContent: "center",
  padding: "56px 32px",
  "@media": { "(max-width: 600px)": { padding: `${vars.space.xl} ${vars.space.lg}` } },
});

export const card = style({
  width: "100%",
  maxWidth: 440,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.md,
  padding: "32px 32px 28px",
  "@media": { "(max-width: 600px)": { padding: `${vars.space.xl} ${vars.space.lg}` } },
});
export const cardTitle = style({ fontSize: vars.fontSize.xxl, margin: `0 0 ${vars.space.xs}` });
export const cardLead = style({ color: vars.color.muted, margin: `0 0 ${vars.space.xl}` });
export const links = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  marginTop: vars.space.xl,
  paddingTop: vars.space.lg,
  borderTop: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
});
export const inlineLinks = style({ display: "flex", justifyContent: "flex-end", gap: vars.space.md, flexWrap: "wrap", fontSize: vars.fontSize.sm, margin: `-${vars.space.xs} 0 ${vars.space.xl}` });
export const codeInput = style({ letterSpacing: ".4em", fontSize: 22, textAlign: "center", fontFamily: vars.font.mono });
export const footer = style({
  padding: `${vars.space.lg} ${vars.space.xl}`,
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
  display: "flex",
  justifyContent: "space-between",
  gap: vars.space.md,
  flexWrap: "wrap",
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});
export const sentIcon = style({
  width: 56,
  height: 56,
  borderRadius: "50%",
  background: vars.color.successBg,
  color: vars.color.success,
  display: "grid",
  placeItems: "center",
  marginBottom: vars.space.lg,
});
