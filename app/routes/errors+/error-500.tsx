// /errors/error-500: a failure the user cannot fix (e.g. a consultant call that failed, spec 000 §8).
import { data, type MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { ErrorScreen, HomeButton } from "~/components/error-page/error-page";
import * as ui from "~/components/ui/ui.css";
import { roleLanding } from "~/models/roles";
import { useRootData } from "~/utils/root-data";

export const meta: MetaFunction = () => [{ title: "Something went wrong · AeroRecords" }];

export const loader = () => data(null, { status: 500 });

export default function Error500() {
  const user = useRootData()?.user ?? null;
  return (
    <ErrorScreen
      code="500"
      title="Something went wrong"
      message="We could not finish what you asked for. The team has been told; please try again in a moment."
    >
      {user ? <HomeButton to={roleLanding(user.role)} /> : <HomeButton to="/auth/login" label="Go to sign in" />}
      <Link to="/" className={ui.button.secondary}>
        Start page
      </Link>
    </ErrorScreen>
  );
}
