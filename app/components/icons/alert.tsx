import { Svg, type IconProps } from "./svg";

export const AlertIcon = (p: IconProps) => <Svg {...p}><path d="M12 3l10 18H2L12 3z" /><path d="M12 10v5M12 18h.01" /></Svg>;
