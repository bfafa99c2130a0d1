import { Svg, type IconProps } from "./svg";

export const LayersIcon = (p: IconProps) => <Svg {...p}><path d="M12 3l9 5-9 5-9-5 9-5z" /><path d="M3 13l9 5 9-5" /></Svg>;
