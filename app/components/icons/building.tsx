import { Svg, type IconProps } from "./svg";

export const BuildingIcon = (p: IconProps) => <Svg {...p}><path d="M4 21V5a1 1 0 011-1h9a1 1 0 011 1v16M15 9h4a1 1 0 011 1v11M3 21h18M8 8h3M8 12h3M8 16h3" /></Svg>;
