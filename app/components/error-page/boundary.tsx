// Error boundaries (spec 000 §4, §8): an uncaught render error is reported to the upstream's
// /error/send_fe_error.json and the user is sent to the role landing; thrown responses get a readable
// screen (error-content.tsx). The server renders the screen (a page that does not hydrate is that
// HTML: the server reported the error, a meta refresh redirects); a hydrated page shows the same screen
// after an error in the browser, and reports it.
import { useState, type CSSProperties } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { ErrorContent } from "./error-content";

const CONTENTS: CSSProperties = { display: "contents" };

function Boundary({ inShell }: { inShell: boolean }) {
  // Rendered first while hydrating (or on the server): the server's screen, whose error it reported.
  const hydrated = useHydrated();
  const [fromServer] = useState(!hydrated);
  return (
    <div data-error-boundary="" style={CONTENTS}>
      <ErrorContent inShell={inShell} fromServer={fromServer} />
    </div>
  );
}

/** For pages inside the shell: `export { PageErrorBoundary as ErrorBoundary } from "~/components/error-page/boundary"`. */
export function PageErrorBoundary() {
  return <Boundary inShell />;
}

/** For full-screen use (root, layouts). */
export function FullPageErrorBoundary() {
  return <Boundary inShell={false} />;
}
