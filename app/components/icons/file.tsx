import { Svg, type IconProps } from "./svg";

export const FileIcon = (p: IconProps) => <Svg {...p}><path d="M14 3H6a1 1 0 00-1 1v16a1 1 0 001 1h12a1 1 0 001-1V8l-5-5z" /><path d="M14 3v5h5" /></Svg>;
