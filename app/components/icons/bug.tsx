import { Svg, type IconProps } from "./svg";

export const BugIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="7" y="8" width="10" height="12" rx="5" />
    <path d="M12 8V5M9 5l1.5 2M15 5l-1.5 2M3 13h4M17 13h4M4 19l3-2M20 19l-3-2M4 7l3 2M20 7l-3 2" />
  </Svg>
);
