// /page/page-422 has its own screen (spec 000 §2): a change the server refused.
import { data, type MetaFunction } from "@remix-run/node";
import { ErrorScreen, HomeButton } from "~/components/error-page/error-page";
import { roleLanding } from "~/models/roles";
import { useRootData } from "~/utils/root-data";

export const meta: MetaFunction = () => [{ title: "Change rejected · AeroRecords" }];

export const loader = () => data(null, { status: 422 });

export default function Page422() {
  const user = useRootData()?.user ?? null;
  return (
    <ErrorScreen
      code="422"
      title="The change you wanted was rejected"
      message="Maybe you tried to change something you do not have access to, or the form was out of date. Go back, reload the page and try again."
    >
      <HomeButton to={user ? roleLanding(user.role) : "/auth/login"} label={user ? "Go to your home page" : "Go to sign in"} />
    </ErrorScreen>
  );
}
