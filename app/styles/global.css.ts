import { globalStyle } from "@vanilla-extract/css";
import { vars } from "./theme.css";

globalStyle("*, *::before, *::after", { boxSizing: "border-box" });
globalStyle("html, body", { margin: 0, padding: 0 });
globalStyle("body", {
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.body,
  color: vars.color.text,
  background: vars.color.bg,
  WebkitFontSmoothing: "antialiased",
});
globalStyle("a", { color: vars.color.primary });
globalStyle("h1, h2, h3, h4", { lineHeight: vars.lineHeight.tight, margin: `0 0 ${vars.space.md}` });
globalStyle("h1", { fontSize: vars.fontSize.xxl });
globalStyle("h2", { fontSize: vars.fontSize.xl });
globalStyle("h3", { fontSize: vars.fontSize.lg });
globalStyle("button, input, select, textarea", { font: "inherit", color: "inherit" });
globalStyle(":focus-visible", { outline: `2px solid ${vars.color.focus}`, outlineOffset: "2px" });
globalStyle("table", { borderCollapse: "collapse", width: "100%" });
globalStyle("[hidden]", { display: "none !important" });
// The first thing a keyboard reaches on every page: a link past the navigation to the page's content.
globalStyle(".skip-link", {
  position: "absolute", left: vars.space.sm, top: -100, zIndex: 1000, padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.surface, color: vars.color.text, border: `2px solid ${vars.color.focus}`, borderRadius: vars.radius.md,
});
globalStyle(".skip-link:focus", { top: vars.space.sm });
globalStyle("main:focus", { outline: "none" });
// Shown only without JavaScript (a <noscript> style turns it on, and [data-js-only] off).
globalStyle("[data-nojs-only]", { display: "none" });
globalStyle(".visually-hidden", {
  position: "absolute", width: 1, height: 1, padding: 0, margin: -1, overflow: "hidden",
  clip: "rect(0,0,0,0)", whiteSpace: "nowrap", border: 0,
});
