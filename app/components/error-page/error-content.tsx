// The error boundaries' screen (spec 000 §4, §8; boundary.tsx fetches this module when a boundary
// renders on a hydrated page, issue 12): an uncaught error is reported to the upstream's
// /error/send_fe_error.json and the user is sent to the role landing by the screen's meta refresh
// (the same without JavaScript). An error of the server's render is reported by entry.server's
// handleError; one that happens in a hydrated page's browser is sent from here (through
// /resources/error-report, with the user's e-mail). Thrown responses (a refused or missing record)
// get a readable screen instead.
import { isRouteErrorResponse, Link, useLocation, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import * as ui from "~/components/ui/ui.css";
import { roleLanding } from "~/models/roles";
import { ErrorScreen } from "./error-page";
import * as s from "./error-page.css";

export const ERROR_REPORT_ACTION = "/resources/error-report";
export const ERROR_REDIRECT_SECONDS = 4;

function describe(error: unknown) {
  if (error instanceof Error) return { error: `${error.name}: ${error.message}`, info: error.stack ?? "" };
  return { error: String(error), info: "" };
}

function useLanding() {
  // The root loader's public user (read by id: importing root here would be a module cycle).
  const user = useRouteLoaderData<{ user: { role: string } | null }>("root")?.user ?? null;
  return user ? roleLanding(user.role) : "/auth/login";
}

/**
 * The body of a boundary; `inShell` keeps it inside the page area instead of a full screen.
 * `fromServer`: the server rendered this screen (and reported its error); a hydrated page shows it.
 */
export function ErrorContent({ inShell = false, fromServer = false }: { inShell?: boolean; fromServer?: boolean }) {
  const error = useRouteError();
  const location = useLocation();
  const landing = useLanding();
  const here = location.pathname;
  const response = isRouteErrorResponse(error) ? error : null;
  const onLanding = here === landing;

  useEffect(() => {
    if (response || fromServer) return;
    const { error: message, info } = describe(error);
    const body = new FormData();
    body.set("error", message);
    body.set("errorInfo", info);
    body.set("errorUrl", window.location.href);
    void fetch(ERROR_REPORT_ACTION, { method: "POST", body }).catch(() => undefined);
  }, [error, response, fromServer]);

  if (response) {
    const status = response.status;
    const text = typeof response.data === "string" && response.data ? response.data : response.statusText;
    const title = status === 404 ? "Not found" : status === 401 || status === 403 ? "No access" : status >= 500 ? "Something went wrong" : "That did not work";
    return (
      <Wrapper inShell={inShell} code={String(status)} title={title} message={text || "The request could not be completed."}>
        <Link to={landing} className={ui.button.primary}>
          Go to your home page
        </Link>
      </Wrapper>
    );
  }
  return (
    <Wrapper
      inShell={inShell}
      code="500"
      title="Something went wrong"
      message={
        onLanding
          ? "This page failed to show. The team has been told. Please try again in a moment."
          : `This page failed to show. The team has been told; we are taking you to your home page in ${ERROR_REDIRECT_SECONDS} seconds.`
      }
    >
      {/* The redirect, with or without JavaScript (a browser follows a meta refresh React inserts too). */}
      {onLanding ? null : <meta httpEquiv="refresh" content={`${ERROR_REDIRECT_SECONDS};url=${landing}`} />}
      <Link to={landing} className={ui.button.primary} reloadDocument>
        Go to your home page now
      </Link>
    </Wrapper>
  );
}

function Wrapper({ inShell, code, title, message, children }: { inShell: boolean; code: string; title: string; message: string; children: React.ReactNode }) {
  if (!inShell) {
    return (
      <ErrorScreen code={code} title={title} message={message}>
        {children}
      </ErrorScreen>
    );
  }
  return (
    <div className={s.box} style={{ margin: "40px auto", textAlign: "center" }} role="alert">
      <p className={s.code}>{code}</p>
      <h1 className={s.title}>{title}</h1>
      <p className={s.text}>{message}</p>
      <div className={s.actions}>{children}</div>
    </div>
  );
}
