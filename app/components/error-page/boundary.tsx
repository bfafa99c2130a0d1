// Error boundaries (spec 000 §4, §8): an uncaught render error is reported to the upstream's
// /error/send_fe_error.json and the user is sent to the role landing; thrown responses get a readable
// screen (error-content.tsx). Every route exports one, so this module is on every page: it only
// fetches the screen's code when a boundary renders (issue 12). The server renders the screen; a
// browser hydrating it keeps the server's markup until the code has come, then the screen takes
// over (the report, the redirect). After an error in the browser the screen shows once its code has
// come.
import { useEffect, useState, type CSSProperties } from "react";
import { ErrorContent as ServerContent } from "./error-content.server";

type Screen = typeof import("./error-content");
let screen: Screen | null = null;
let loading: Promise<Screen> | null = null;
const load = () => (loading ??= import("./error-content").then((m) => (screen = m)));

const CONTENTS: CSSProperties = { display: "contents" };
const KEEP = { __html: "" };

function Boundary({ inShell }: { inShell: boolean }) {
  const [live, setLive] = useState<Screen | null>(screen);
  useEffect(() => {
    if (!live) void load().then(setLive);
  }, [live]);
  // The live screen once its code has come; on the server, the same screen.
  const Content = live?.ErrorContent ?? ServerContent;
  return Content ? (
    <div key="live" data-error-boundary="" style={CONTENTS}>
      <Content inShell={inShell} />
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
