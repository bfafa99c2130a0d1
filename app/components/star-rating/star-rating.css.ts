import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

// Five stars drawn by CSS: one star image repeated five times, grey below and gold above, clipped to
// the rating's width. A card carries two spans instead of ten inline SVGs (thin links, long lists).
const STAR = (fill: string) =>
  `url("data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns='http://www.w3.org/2000/svg' width='17' height='16' viewBox='0 0 25.5 24'><path fill='${fill}' d='M12 2.8l2.9 5.9 6.5.9-4.7 4.6 1.1 6.4L12 17.6l-5.8 3 1.1-6.4-4.7-4.6 6.5-.9L12 2.8z'/></svg>`,
  )}")`;

export const wrap = style({ display: "inline-flex", alignItems: "center", gap: vars.space.xs, fontSize: vars.fontSize.sm, whiteSpace: "nowrap" });
export const stars = style({
  position: "relative",
  display: "inline-block",
  width: 85,
  height: 16,
  flex: "0 0 85px",
  backgroundImage: STAR("#c9d2dd"),
  backgroundRepeat: "repeat-x",
  backgroundSize: "17px 16px",
});
export const filled = style({
  position: "absolute",
  inset: 0,
  backgroundImage: STAR("#e8a317"),
  backgroundRepeat: "repeat-x",
  backgroundSize: "17px 16px",
});
export const value = style({ fontWeight: 700 });
export const count = style({ color: vars.color.muted });
