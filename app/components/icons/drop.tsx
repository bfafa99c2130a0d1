import { Svg, type IconProps } from "./svg";

export const DropIcon = (p: IconProps) => <Svg {...p}><path d="M12 3s6 6.5 6 11a6 6 0 01-12 0c0-4.5 6-11 6-11z" /></Svg>;
