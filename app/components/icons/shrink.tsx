import { Svg, type IconProps } from "./svg";

export const ShrinkIcon = (p: IconProps) => <Svg {...p}><path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" /></Svg>;
