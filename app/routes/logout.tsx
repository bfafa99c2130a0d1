// /logout (spec 000 §2). POST signs out: the token is revoked upstream, the session cookie destroyed,
// and the login page it lands on tells every other open tab (localStorage key `logout`).
// GET signs out too (the spec's logout URL), unless the browser says the request came from another
// site (Sec-Fetch-Site: cross-site): then it asks first, so a link elsewhere cannot sign users out.
// Idempotent on purpose: without a session it still clears the cookie and lands on the login page.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { ErrorScreen } from "~/components/error-page/error-page";
import * as ui from "~/components/ui/ui.css";
import { roleLanding } from "~/models/roles";
import { AUTH_MESSAGES } from "~/models/auth-constants";
import { apiFor, getUser } from "~/utils/auth.server";
import { endSession } from "~/utils/sign-in.server";
import { useRootData } from "~/utils/root-data";
import * as auth from "~/models/auth.server";

export const meta: MetaFunction = () => [{ title: "Sign out · AeroRecords" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getUser(request);
  if (!user) throw redirect("/auth/login");
  if (request.headers.get("sec-fetch-site") === "cross-site") return null;
  return signOut(request, context, user);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return signOut(request, context, await getUser(request));
}

async function signOut(request: Request, context: LoaderFunctionArgs["context"], user: Awaited<ReturnType<typeof getUser>>) {
  if (user) {
    const api = await apiFor(request, context);
    // A token the upstream already forgot (expired, revoked elsewhere) is fine: the cookie goes anyway.
    await auth.signOut(api);
  }
  return endSession(request, "/auth/login?signed_out=1", { type: "success", description: AUTH_MESSAGES.signedOut });
}

export default function LogoutRoute() {
  const user = useRootData()?.user ?? null;
  return (
    <ErrorScreen code="" title="Sign out?" message={user ? `You are signed in as ${user.email}.` : "You are signed out."}>
      <Form method="post">
        <button type="submit" className={ui.button.primary}>
          Sign out
        </button>
      </Form>
      <Link to={user ? roleLanding(user.role) : "/"} className={ui.button.secondary}>
        Stay signed in
      </Link>
    </ErrorScreen>
  );
}
