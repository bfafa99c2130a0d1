// Error boundaries (spec 000 §4, §8): an uncaught render error is reported to the upstream's
// /error/send_fe_error.json and the user is sent to the role landing; thrown responses get a readable
// screen (error-content.tsx). The server renders the screen (a page that does not hydrate is that
// HTML: the server reported the error, a meta refresh redirects). Every route exports one, so this
// module is in a hydrated page's code: it only fetches the screen's code when a boundary renders
// (issue 12). A browser hydrating the server's screen keeps its markup until the code has come, then
// the screen takes over; after an error in the browser the screen shows, and reports the error, once
// its code has come.
import { useEffect, useState, type CSSProperties } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { ErrorContent as ServerContent } from "./error-content.server";

type Screen = typeof import("./error-content");
let screen: Screen | null = null;
let loading: Promise<Screen> | null = null;
const load = () => (loading ??= import("./error-content").then((m) => (screen = m)));

const CONTENTS: CSSProperties = { display: "contents" };
const KEEP = { __html: "" };

function Boundary({ inShell }: { inShell: boolean }) {
  const [live, setLive] = useState<Screen | null>(screen);
  // Rendered first while hydrating (or on the server): the server's screen, whose error it reported.
  const hydrated = useHydrated();
  const [fromServer] = useState(!hydrated);
  useEffect(() => {
    if (!live) void load().then(setLive);
  }, [live]);
  // The live screen once its code has come; on the server, the same screen.
  const Content = live?.ErrorContent ?? ServerContent;
  return Content ? (
    <div key="live" data-error-boundary="" style={CONTENTS}>
      <Content inShell={inShell} fromServer={fromServer} />
    </div>
  ) : (
    <div key="kept" data-error-boundary="" style={CONTENTS} suppressHydrationWarning dangerouslySetInnerHTML={KEEP} />
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
