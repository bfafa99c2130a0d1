// /auth/confirm?token=…: the mailed e-mail confirmation link. Confirming is a POST (a button), so
// that mail scanners that open links do not use the single-use token up.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard, AuthLinks } from "~/components/auth/auth-card";
import { FormError } from "~/components/ui/form";
import * as ui from "~/components/ui/ui.css";
import { ConfirmInput } from "~/models/schemas/auth.server";
import { AUTH_MESSAGES } from "~/models/auth-constants";
import { apiFor } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import * as auth from "~/models/auth.server";

export const meta: MetaFunction = () => [{ title: "Confirm your e-mail address · AeroRecords" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return { token: new URL(request.url).searchParams.get("token")?.trim() ?? "" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = ConfirmInput.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? "The link is not valid." }, { status: 400 });
  const api = await apiFor(request, context);
  const answer = await auth.confirmAccount(api, parsed.data);
  if (!answer.ok) return data({ error: answer.error }, { status: 400 });
  return redirectWithToast("/auth/login", { type: "success", description: answer.message ?? AUTH_MESSAGES.confirmed });
}

export default function ConfirmRoute() {
  const { token } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  if (!token) {
    return (
      <AuthCard title="Confirm your e-mail address">
        <FormError errors={["The link is incomplete. Open the link from the latest mail we sent you, or sign in to get a new one."]} />
        <Link to="/auth/login" className={`${ui.button.secondary} ${ui.buttonBlock}`}>
          Go to sign in
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Confirm your e-mail address" lead="One click and your account is ready: then sign in with your e-mail address and password.">
      <Form method="post">
        <input type="hidden" name="token" value={token} />
        <FormError errors={actionData?.error ? [actionData.error] : null} />
        <button type="submit" className={`${ui.button.primary} ${ui.buttonBlock}`} disabled={busy}>
          {busy ? "Confirming…" : "Confirm my e-mail address"}
        </button>
      </Form>
      <AuthLinks>
        <span>
          Already confirmed? <Link to="/auth/login">Sign in</Link>
        </span>
      </AuthLinks>
    </AuthCard>
  );
}
