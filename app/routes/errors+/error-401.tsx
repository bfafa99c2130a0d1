// /errors/error-401: a signed-in user whose role does not allow the page (spec 000 §5 role guard).
import { data, type MetaFunction } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { ErrorScreen, HomeButton } from "~/components/error-page/error-page";
import * as ui from "~/components/ui/ui.css";
import { roleLanding } from "~/models/roles";
import { useRootData } from "~/utils/root-data";

export const meta: MetaFunction = () => [{ title: "No access · AeroRecords" }];

export const loader = () => data(null, { status: 401 });

export default function Error401() {
  const user = useRootData()?.user ?? null;
  return (
    <ErrorScreen
      code="401"
      title="You do not have access to this page"
      message={
        user
          ? "Your account's role does not allow this page. If you need it, ask your administrator for access."
          : "Please sign in with an account that may open this page."
      }
    >
      {user ? (
        <>
          <HomeButton to={roleLanding(user.role)} />
          <Form method="post" action="/logout">
            <button type="submit" className={ui.button.secondary}>
              Sign out
            </button>
          </Form>
        </>
      ) : (
        <Link to="/auth/login" className={ui.button.primary}>
          Sign in
        </Link>
      )}
    </ErrorScreen>
  );
}
