import { Svg, type IconProps } from "./svg";

export const ChatIcon = (p: IconProps) => <Svg {...p}><path d="M4 5h16v11H8l-4 4V5z" /></Svg>;
