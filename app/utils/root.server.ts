// The root route's loader (root.tsx re-exports it): the signed-in user's public fields, the flash
// toast (as server markup: a new toast's HTML comes with the data and replaces the region's), the
// public environment and Lite mode. Kept in a *.server module so the browser's root
// module imports nothing for it (issue 12: one file less per page, no loader-only helpers shipped).
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { createElement } from "react";
import { MARKUP_KEY } from "~/components/server-markup/server-markup";
import { Snackbar } from "~/components/toast/toast";
import { isLite, liteChoice } from "~/models/lite-mode";
import { getUser } from "~/utils/auth.server";
import { publicEnv } from "~/utils/env.server";
import { pageMarkup } from "~/utils/markup.server";
import { getToast } from "~/utils/toast.server";

/** The flash toast's region (root.tsx places it): server markup, so the Snackbar's code stays out of every page's bundle (issue 12). */
export const TOAST_REGION = "root-toast";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getUser(request);
  const { toast, headers: toastHeaders } = await getToast(request);
  const headers = new Headers(toastHeaders ?? undefined);
  // Only public fields: the upstream token never leaves the session cookie.
  return json(
    {
      user: user ? { id: user.id, email: user.email, role: user.role, username: user.username, first_name: user.first_name } : null,
      [MARKUP_KEY]: pageMarkup(context, { [TOAST_REGION]: toast ? createElement(Snackbar, { toast }) : null }),
      ENV: publicEnv(),
      /** Lite mode: the page is sent without its scripts (issue 12). */
      lite: isLite(liteChoice(request.headers.get("Cookie"))),
    },
    { headers },
  );
}
