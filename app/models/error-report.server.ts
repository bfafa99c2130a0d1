// Error reports (spec 000 §7: POST /error/send_fe_error.json with error, errorInfo, errorUrl and
// email), all sent by the one reporter, Api.reportError: the upstream client's own reports of
// unexpected statuses, the browser's render errors (resources/error-report) and the server's uncaught
// errors (entry.server handleError). A failed report never redirects anyone and never throws.
import type { AppLoadContext } from "@remix-run/node";
import { apiFor } from "~/utils/auth.server";
import type { Api, ErrorReport } from "./api.server";

export type { ErrorReport };

/** A render error the browser's error boundary sent, with the signed-in user's e-mail. */
export const reportFrontEndError = (api: Api, report: ErrorReport) => api.reportError(report);

/** An uncaught server error (a loader, an action or the render threw). */
export async function reportServerError(error: unknown, request: Request, context: AppLoadContext, info = "") {
  try {
    if (!context?.upstream) return;
    const api = await apiFor(request, context);
    const err = error instanceof Error ? error : new Error(String(error));
    await api.reportError({
      error: `${err.name}: ${err.message}`.slice(0, 2000),
      errorInfo: (info || err.stack || "").slice(0, 8000),
      errorUrl: request.url,
      email: api.user?.email ?? "",
    });
  } catch {
    /* never let reporting break a response */
  }
}
