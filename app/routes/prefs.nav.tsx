// POST /prefs/nav: collapse or expand the side navigation without JavaScript (sets the preference
// cookie and goes back). With JavaScript the shell sets the cookie itself and never posts here.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { navCookieValue } from "~/components/shell/nav-pref";
import { safeRedirect } from "~/models/roles";
import { requireUser } from "~/utils/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return redirect("/");
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context);
  const form = await request.formData();
  const collapsed = form.get("collapsed") === "1";
  return redirect(safeRedirect(form.get("redirectTo"), "/"), { headers: { "Set-Cookie": navCookieValue(collapsed) } });
}
