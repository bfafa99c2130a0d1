// /auth/2fa/confirm_reset?token=…: completes a two-factor reset from the mailed link (a POST, so a
// link scanner cannot use it up). Every session of the account is signed out upstream.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard, AuthLinks } from "~/components/auth/auth-card";
import { FormError } from "~/components/ui/form";
import * as ui from "~/components/ui/ui.css";
import { ConfirmInput } from "~/models/schemas/auth.server";
import { AUTH_MESSAGES } from "~/models/auth-constants";
import { apiFor } from "~/utils/auth.server";
import { endSession } from "~/utils/sign-in.server";
import * as auth from "~/models/auth.server";

export const meta: MetaFunction = () => [{ title: "Turn off two-factor authentication · AeroRecords" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return { token: new URL(request.url).searchParams.get("token")?.trim() ?? "" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = ConfirmInput.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? "The link is not valid." }, { status: 400 });
  const api = await apiFor(request, context);
  const answer = await auth.confirmTwoFactorReset(api, parsed.data);
  if (!answer.ok) return data({ error: answer.error }, { status: 400 });
  // A pending sign-in challenge of this browser is void now: forget it with the rest.
  return endSession(request, "/auth/login", { type: "success", description: answer.message ?? AUTH_MESSAGES.twoFactorResetDone });
}

export default function ConfirmTwoFactorReset() {
  const { token } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  if (!token) {
    return (
      <AuthCard title="Turn off two-factor authentication">
        <FormError errors={["The link is incomplete. Ask for a new reset link."]} />
        <Link to="/auth/2fa/reset" className={`${ui.button.secondary} ${ui.buttonBlock}`}>
          Ask for a new link
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Turn off two-factor authentication"
      lead="This turns two-factor authentication off for your account and signs out every session. Afterwards, sign in with your password and set it up again in your settings."
    >
      <Form method="post">
        <input type="hidden" name="token" value={token} />
        <FormError errors={actionData?.error ? [actionData.error] : null} />
        <button type="submit" className={`${ui.button.danger} ${ui.buttonBlock}`} disabled={busy}>
          {busy ? "Turning off…" : "Turn off two-factor authentication"}
        </button>
      </Form>
      <AuthLinks>
        <span>
          Changed your mind? <Link to="/auth/login">Sign in</Link>
        </span>
      </AuthLinks>
    </AuthCard>
  );
}
