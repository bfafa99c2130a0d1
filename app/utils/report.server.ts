import type { AppLoadContext } from "@remix-run/node";
import { env } from "./env.server";
import { getUser } from "./auth.server";

/** Reports an error to POST /error/send_fe_error.json (public endpoint; never throws). */
export async function reportServerError(error: unknown, request: Request, context: AppLoadContext, info = "") {
  try {
    if (!context?.upstream) return;
    const user = await getUser(request).catch(() => null);
    const err = error instanceof Error ? error : new Error(String(error));
    await context.upstream.main(
      new Request("http://upstream.internal/error/send_fe_error.json", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-User-Uuid": env().CLIENT_UUID },
        body: JSON.stringify({
          error: `${err.name}: ${err.message}`.slice(0, 2000),
          errorInfo: (info || err.stack || "").slice(0, 8000),
          errorUrl: request.url,
          email: user?.email ?? "",
        }),
      }),
      { clientIp: context.clientIp },
    );
  } catch {
    /* never let reporting break a response */
  }
}
