import { Svg, type IconProps } from "./svg";

export const ChartIcon = (p: IconProps) => <Svg {...p}><path d="M4 20V4M4 20h16" /><path d="M8 16v-4M12 16V8M16 16v-6" /></Svg>;
