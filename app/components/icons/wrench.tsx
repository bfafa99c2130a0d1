import { Svg, type IconProps } from "./svg";

export const WrenchIcon = (p: IconProps) => <Svg {...p}><path d="M14.5 6.5a4 4 0 005 5L13 18l-3 3-4-4 3-3 6.5-6.5a4 4 0 00-1-1z" /></Svg>;
