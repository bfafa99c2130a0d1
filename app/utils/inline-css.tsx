// The stylesheet of a browser's first visit, inlined (issue 12; app/utils/first-visit-css.server.ts
// decides). entry.server provides the text for the server render only, so it is never repeated in the
// loader data; in the browser the inline <style> the server sent is kept as it is.
import { createContext, useContext, useState } from "react";

export const InlineCssContext = createContext<string | null>(null);

export function Stylesheet({ href }: { href: string | undefined }) {
  const serverCss = useContext(InlineCssContext);
  // The first render's choice holds for the life of the page: client-side navigations never swap it.
  const [inline] = useState(() => serverCss !== null || (typeof document !== "undefined" && document.querySelector("style[data-inline-css]") !== null));
  if (!href) return null;
  if (inline) {
    return (
      <>
        <style data-inline-css="" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: serverCss ?? "" }} />
        <link rel="prefetch" href={href} as="style" />
      </>
    );
  }
  return <link rel="stylesheet" href={href} />;
}
