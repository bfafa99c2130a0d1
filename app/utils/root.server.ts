// The root route's loader (root.tsx re-exports it): the signed-in user's public fields, the flash
// toast, the public environment and Lite mode.
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { isLite, liteChoice } from "~/models/lite-mode";
import { getUser } from "~/utils/auth.server";
import { publicEnv } from "~/utils/env.server";
import { getToast } from "~/utils/toast.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getUser(request);
  const { toast, headers: toastHeaders } = await getToast(request);
  const headers = new Headers(toastHeaders ?? undefined);
  // Only public fields: the upstream token never leaves the session cookie.
  return data(
    {
      user: user ? { id: user.id, email: user.email, role: user.role, username: user.username, first_name: user.first_name } : null,
      toast,
      ENV: publicEnv(),
      /** Lite mode: the page is sent without its scripts (issue 12). */
      lite: isLite(liteChoice(request.headers.get("Cookie"))),
      /** The page script's URL (app/plain/page.ts as built), loaded by every page not in Lite mode. */
      pageScript: context?.pageScript ?? null,
      /**
       * The stylesheet's URL (one file for the whole app), linked or inlined by the root's Layout; its
       * text reaches the render through entry.server, never the loader data.
       */
      stylesheetHref: context?.stylesheet?.href ?? null,
    },
    { headers },
  );
}
