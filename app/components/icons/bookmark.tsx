import { Svg, type IconProps } from "./svg";

export const BookmarkIcon = (p: IconProps) => <Svg {...p}><path d="M6 3h12v18l-6-4-6 4V3z" /></Svg>;
