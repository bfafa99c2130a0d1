import { Svg, type IconProps } from "./svg";

export const GaugeIcon = (p: IconProps) => <Svg {...p}><path d="M4.5 17a9 9 0 1115 0" /><path d="M12 13l4-4" /><circle cx="12" cy="13" r="1.2" /></Svg>;
