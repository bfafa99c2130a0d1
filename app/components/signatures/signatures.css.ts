import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

// The signatures of a record (signatures.tsx): one line each, the signer first; the signing dialog's
// meaning choices and its statement.

// A signed logbook page: its row, then a row of its signatures, read as one.
export const signedRow = style({});
globalStyle(`tr${signedRow} > td`, { borderBottom: 0 });
export const signatureRow = style({});
globalStyle(`tr${signatureRow} > td`, { paddingTop: 0 });

export const list = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.sm });
export const item = style({ display: "flex", flexWrap: "wrap", gap: `${vars.space.xs} ${vars.space.md}`, alignItems: "baseline" });
export const signer = style({ fontWeight: 600 });
export const meta = style({ color: vars.color.muted });
export const changed = style({
  display: "inline-block",
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  border: "1px solid #f1dc9c",
  background: vars.color.warningBg,
  color: vars.color.warning,
  fontWeight: 600,
});
export const refused = style({ margin: 0, color: vars.color.muted, fontSize: vars.fontSize.sm, maxWidth: 420 });

export const meanings = style({ border: 0, padding: 0, margin: `0 0 ${vars.space.lg}`, display: "grid", gap: vars.space.sm });
export const legend = style({ fontWeight: 600, fontSize: vars.fontSize.sm, padding: 0, marginBottom: vars.space.xs });
export const meaning = style({
  display: "flex",
  gap: vars.space.sm,
  alignItems: "center",
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  cursor: "pointer",
  selectors: { "&:has(input:checked)": { borderColor: vars.color.primary, background: vars.color.infoBg } },
});
export const statement = style({
  margin: 0,
  padding: vars.space.md,
  borderLeft: `3px solid ${vars.color.primary}`,
  background: vars.color.surfaceAlt,
  fontSize: vars.fontSize.sm,
});

// The public verification page (routes/verify.($code).tsx).
export const verifyMain = style({ flex: 1, display: "flex", justifyContent: "center", padding: "40px 24px", "@media": { "(max-width: 600px)": { padding: `${vars.space.xl} ${vars.space.md}` } } });
export const verifyColumn = style({ width: "100%", maxWidth: 720, display: "grid", gap: vars.space.xl, alignContent: "start" });
export const verdict = style({ display: "flex", gap: vars.space.md, alignItems: "center", flexWrap: "wrap" });
export const facts = style({
  display: "grid",
  gridTemplateColumns: "max-content minmax(0, 1fr)",
  gap: `${vars.space.sm} ${vars.space.xl}`,
  margin: 0,
  "@media": { "(max-width: 600px)": { gridTemplateColumns: "1fr", gap: vars.space.xs } },
});
// The values line up with their labels (no browser indent of dd when they stack on phones).
globalStyle(`${facts} > dd`, { margin: 0 });
export const fact = style({ fontWeight: 600, color: vars.color.muted, fontSize: vars.fontSize.sm, "@media": { "(max-width: 600px)": { marginTop: vars.space.sm } } });
export const checks = style({ display: "grid", gap: vars.space.lg, gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 300px), 1fr))" });
export const checkForm = style({ display: "flex", gap: vars.space.sm, alignItems: "flex-end", flexWrap: "wrap" });
