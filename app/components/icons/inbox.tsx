import { Svg, type IconProps } from "./svg";

export const InboxIcon = (p: IconProps) => <Svg {...p}><path d="M4 13l2.5-8h11L20 13v6a1 1 0 01-1 1H5a1 1 0 01-1-1v-6z" /><path d="M4 13h5l1 2h4l1-2h5" /></Svg>;
