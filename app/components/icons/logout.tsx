import { Svg, type IconProps } from "./svg";

export const LogoutIcon = (p: IconProps) => <Svg {...p}><path d="M15 4h3a2 2 0 012 2v12a2 2 0 01-2 2h-3" /><path d="M10 17l-5-5 5-5M5 12h11" /></Svg>;
