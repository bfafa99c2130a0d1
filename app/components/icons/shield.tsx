import { Svg, type IconProps } from "./svg";

export const ShieldIcon = (p: IconProps) => <Svg {...p}><path d="M12 3l7 3v6c0 4.5-3 7.5-7 9-4-1.5-7-4.5-7-9V6l7-3z" /><path d="M9 12l2 2 4-4" /></Svg>;
