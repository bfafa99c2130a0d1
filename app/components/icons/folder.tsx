import { Svg, type IconProps } from "./svg";

export const FolderIcon = (p: IconProps) => <Svg {...p}><path d="M3 7a2 2 0 012-2h4l2 2h8a2 2 0 012 2v8a2 2 0 01-2 2H5a2 2 0 01-2-2V7z" /></Svg>;
