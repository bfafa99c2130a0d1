// The frame of every icon (icons.tsx lists them): inline SVG, 24x24 grid, stroke = currentColor.
import type { SVGProps } from "react";
// In the chunk every page loads (with the markup runtime and the error boundary, see boundary.tsx):
// nearly every page draws an icon, and a chunk of its own cost each a request (issue 12).
import "~/components/server-markup/server-markup";

export type IconProps = SVGProps<SVGSVGElement> & { size?: number; title?: string };

export function Svg({ size = 18, title, children, ...rest }: IconProps & { children: React.ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={title ? undefined : true}
      role={title ? "img" : undefined}
      focusable="false"
      {...rest}
    >
      {title ? <title>{title}</title> : null}
      {children}
    </svg>
  );
}

