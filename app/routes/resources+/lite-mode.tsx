// POST /resources/lite-mode: turns Lite mode on or off (a plain form: works without JavaScript, which
// is the point) and goes back to the page, with a toast saying what changed.
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { LITE_COOKIE, LITE_COOKIE_MAX_AGE_S } from "~/models/lite-mode";
import { safeRedirect } from "~/models/roles";
import { secureCookies } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export async function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const to = safeRedirect(form.get("redirectTo"), "/");
  const lite = form.get("lite");
  if (lite !== "on" && lite !== "off") return redirectWithToast(to, { type: "error", description: "Choose Lite mode on or off." });
  const cookie = `${LITE_COOKIE}=${lite}; Path=/; Max-Age=${LITE_COOKIE_MAX_AGE_S}; SameSite=Lax${secureCookies() ? "; Secure" : ""}`;
  return redirectWithToast(
    to,
    {
      type: "success",
      description:
        lite === "on"
          ? "Lite mode is on: pages load without scripts, everything still works. Turn it off in the top bar."
          : "Lite mode is off: pages load their scripts again.",
    },
    { headers: { "Set-Cookie": cookie } },
  );
}
