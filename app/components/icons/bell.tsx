import { Svg, type IconProps } from "./svg";

export const BellIcon = (p: IconProps) => <Svg {...p}><path d="M6 16V11a6 6 0 0112 0v5l2 2H4l2-2z" /><path d="M10 20a2 2 0 004 0" /></Svg>;
