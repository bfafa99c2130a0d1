// /user/settings: sign-in security for every role: change the password (other sessions are signed
// out upstream) and two-factor authentication (set up with a QR code and a manual key, confirmed
// with a code; turned off with the password). See docs/decisions/ on why 2FA lives here. Also the
// licence or authorisation number electronic signatures record, and the organization's signing
// policy (ADR 088): shown to its members, changed here by its manager.
import { formFields, getFormProps } from "~/components/ui/form-fields";
import { parseWithZod } from "@conform-to/zod";
import { isLite, liteChoice } from "~/models/lite-mode";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { KeyIcon } from "~/components/icons/key";
import { ShieldIcon } from "~/components/icons/shield";
import { Field, FormError } from "~/components/ui/form";
import * as ui from "~/components/ui/ui.css";
import { ROLE_LABEL } from "~/models/shell";
import { ChangePasswordInput, Disable2faInput, Enable2faInput, TwoFactorSecretFields } from "~/models/schemas/auth.server";
import { AUTH_MESSAGES, PASSWORD_RULE_MESSAGE } from "~/models/auth-constants";
import { requireUser } from "~/utils/auth.server";
import { otpauthQr, svgDataUrl } from "~/utils/qr.server";
import { redirectWithToast } from "~/utils/toast.server";
import { ChangePasswordInputConstraints } from "~/models/form-constraints/ChangePasswordInput";
import { Disable2faInputConstraints } from "~/models/form-constraints/Disable2faInput";
import { Enable2faInputConstraints } from "~/models/form-constraints/Enable2faInput";
import * as account from "~/models/user.server";
import { AUTHORISATION_NUMBER_MAX } from "~/models/schemas/ops";
import * as signatures from "~/models/signatures.server";
import { SigningPolicySection } from "~/components/signatures/policy-form";

export const meta: MetaFunction = () => [{ title: "Settings · AeroRecords" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  const [me, signing] = await Promise.all([account.getMe(api), signatures.policy(api)]);
  return {
    user: { name: [me.user.first_name, me.user.last_name].filter(Boolean).join(" ") || me.user.username, email: me.user.email, role: me.user.role },
    organization: me.organization?.name ?? null,
    totp: me.user.totp_enabled,
    authorisation: { value: me.user.authorisation_number ?? "", max: AUTHORISATION_NUMBER_MAX },
    // The organization's signing policy (null without one the user may read).
    signing: me.organization ? signing : null,
    // The root's figure (app/utils/root.server.ts), for the Lite mode card.
    lite: isLite(liteChoice(request.headers.get("Cookie"))),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");

  if (intent === "profile") {
    const answer = await account.saveAuthorisationNumber(api, String(formData.get("authorisation_number") ?? ""));
    if (!answer.ok) {
      const error = answer.errors?.authorisation_number?.join(" ") ?? answer.error;
      return data({ intent, result: null, setup: null, error, typed: String(formData.get("authorisation_number") ?? "") }, { status: 400 });
    }
    return redirectWithToast(HERE, { type: "success", description: answer.data.message });
  }

  if (intent === "signing") {
    const answer = await signatures.setPolicy(api, formData);
    if (!answer.ok) return data({ intent, result: null, setup: null, error: answer.error }, { status: 400 });
    return redirectWithToast(HERE, { type: "success", description: answer.data.message });
  }

  if (intent === "password") {
    const submission = parseWithZod(formData, { schema: ChangePasswordInput });
    const hideFields = ["current_password", "password", "password_confirmation"];
    if (submission.status !== "success") return data({ intent, result: submission.reply({ hideFields }), setup: null }, { status: 400 });
    const answer = await account.changePassword(api, submission.value);
    if (!answer.ok) {
      return data({ intent, result: submission.reply({ formErrors: [answer.error], fieldErrors: answer.errors, hideFields }), setup: null }, { status: 400 });
    }
    return redirectWithToast(HERE, { type: "success", description: answer.message ?? AUTH_MESSAGES.passwordChanged });
  }

  if (intent === "setup") {
    const answer = await account.setupTwoFactor(api);
    if (!answer.ok) return redirectWithToast(HERE, { type: "error", description: answer.error });
    const setup: Setup = { secret: answer.data.secret, otpauth_url: answer.data.otpauth_url, qr: svgDataUrl(answer.data.qr_svg) };
    return { intent, result: null, setup };
  }

  if (intent === "enable") {
    const shown = TwoFactorSecretFields.safeParse(Object.fromEntries(formData));
    const setup: Setup | null = shown.success ? { ...shown.data, qr: await otpauthQr(shown.data.otpauth_url) } : null;
    const submission = parseWithZod(formData, { schema: Enable2faInput });
    if (submission.status !== "success") return data({ intent, result: submission.reply({ resetForm: true }), setup }, { status: 400 });
    const answer = await account.enableTwoFactor(api, submission.value);
    if (!answer.ok) {
      return data({ intent, result: submission.reply({ formErrors: [answer.error], resetForm: true }), setup }, { status: 400 });
    }
    return redirectWithToast(HERE, { type: "success", description: answer.message ?? AUTH_MESSAGES.twoFactorEnabled });
  }

  if (intent === "disable") {
    const submission = parseWithZod(formData, { schema: Disable2faInput });
    if (submission.status !== "success") return data({ intent, result: submission.reply({ hideFields: ["password"] }), setup: null }, { status: 400 });
    const answer = await account.disableTwoFactor(api, submission.value);
    if (!answer.ok) {
      return data({ intent, result: submission.reply({ formErrors: [answer.error], fieldErrors: answer.errors, hideFields: ["password"] }), setup: null }, { status: 400 });
    }
    return redirectWithToast(HERE, { type: "success", description: answer.message ?? AUTH_MESSAGES.twoFactorDisabled });
  }

  return data({ intent: "", result: null, setup: null, error: "Unknown action." }, { status: 400 });
}

const HERE = "/user/settings";

type Setup = { secret: string; otpauth_url: string; qr: string | null };

function useResult(intent: string) {
  const data = useActionData<typeof action>();
  return data?.intent === intent ? (data.result ?? undefined) : undefined;
}

/** Lite mode (issue 12): pages without their scripts, for a thin link. A plain form: it works without JS. */
function LiteModeSwitch() {
  const lite = useLoaderData<typeof loader>().lite;
  return (
    <section className={ui.card} aria-labelledby="lite-title">
      <h2 id="lite-title" className={ui.cardTitle}>
        Lite mode
      </h2>
      <p className={ui.small}>
        On a thin link, pages can load without their scripts: everything still works (forms, filters, uploads, dialogs),
        with fewer conveniences such as upload progress and the speed test. The speed test turns it on by itself below
        2 Mbps unless you chose here.
      </p>
      <Form method="post" action="/resources/lite-mode" reloadDocument>
        <input type="hidden" name="redirectTo" value="/user/settings" />
        <p className={ui.small}>
          Lite mode is <strong data-lite-state="">{lite ? "on" : "off"}</strong>.
        </p>
        <button type="submit" name="lite" value={lite ? "off" : "on"} className={ui.button.secondary}>
          {lite ? "Turn Lite mode off" : "Turn Lite mode on"}
        </button>
      </Form>
    </section>
  );
}

/** The licence or authorisation number each of the user's electronic signatures records. */
function AuthorisationNumber() {
  const { authorisation, signing } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const refused = answer?.intent === "profile" && "error" in answer ? (answer as { error: string; typed?: string }) : null;
  return (
    <section className={ui.card} aria-labelledby="authorisation-title">
      <h2 id="authorisation-title" className={ui.cardTitle}>
        Electronic signatures
      </h2>
      <p className={`${ui.small} ${ui.muted}`}>
        Recorded with every work order or logbook page you sign
        {signing?.policy.require_authorisation ? `; ${signing.organization_name} requires one to sign` : ""}.
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="profile" />
        <div className={ui.field}>
          <label className={ui.label} htmlFor="authorisation_number">
            Licence or authorisation number
          </label>
          <input
            id="authorisation_number"
            name="authorisation_number"
            defaultValue={refused?.typed ?? authorisation.value}
            maxLength={authorisation.max}
            autoComplete="off"
            spellCheck={false}
            className={ui.input}
            aria-invalid={refused ? true : undefined}
            aria-describedby={refused ? "authorisation_number-error" : "authorisation_number-hint"}
          />
          {refused ? (
            <p id="authorisation_number-error" className={ui.errorText} role="alert">
              {refused.error}
            </p>
          ) : (
            <span id="authorisation_number-hint" className={ui.hint}>
              As issued, for example EASA.145.1234-ENG-07. Leave it empty to remove it.
            </span>
          )}
        </div>
        <button type="submit" className={ui.button.primary}>
          Save number
        </button>
      </Form>
    </section>
  );
}

function ChangePassword() {
  const [form, fields] = formFields({
    id: "change-password",
    constraint: ChangePasswordInputConstraints,
    lastResult: useResult("password"),
  });
  return (
    <section className={ui.card} aria-labelledby="password-title">
      <h2 id="password-title" className={ui.cardTitle}>
        <KeyIcon /> Change password
      </h2>
      <p className={`${ui.small} ${ui.muted}`}>Your other sessions are signed out when the password changes.</p>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="password" />
        <FormError id={form.errorId} errors={form.errors} />
        <Field label="Current password" meta={fields.current_password} type="password" autoComplete="current-password" />
        <Field label="New password" meta={fields.password} type="password" autoComplete="new-password" hint={PASSWORD_RULE_MESSAGE} />
        <Field label="Repeat the new password" meta={fields.password_confirmation} type="password" autoComplete="new-password" />
        <button type="submit" className={ui.button.primary}>
          Change password
        </button>
      </Form>
    </section>
  );
}

function StartTwoFactor() {
  return (
    <>
      <p>
        Protect your account with a 6-digit code from an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password and others)
        in addition to your password.
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="setup" />
        <button type="submit" className={ui.button.primary}>
          Set up two-factor authentication
        </button>
      </Form>
    </>
  );
}

function EnableTwoFactor({ setup }: { setup: { secret: string; otpauth_url: string; qr: string | null } }) {
  const [form, fields] = formFields({
    id: "enable-2fa",
    constraint: Enable2faInputConstraints,
    lastResult: useResult("enable"),
  });
  const grouped = setup.secret.replace(/=+$/, "").match(/.{1,4}/g)?.join(" ") ?? setup.secret;
  return (
    <>
      <ol style={{ paddingLeft: 18, marginTop: 0 }}>
        <li>Scan the QR code with your authenticator app, or type the key by hand.</li>
        <li>Enter the 6-digit code the app shows to turn two-factor authentication on.</li>
      </ol>
      <div style={{ display: "flex", gap: 24, flexWrap: "wrap", alignItems: "center", marginBottom: 16 }}>
        {setup.qr ? <img src={setup.qr} alt="QR code for your authenticator app" width={180} height={180} style={{ border: "1px solid #d5dde7", borderRadius: 8 }} /> : null}
        <div>
          <div className={ui.label}>Manual key</div>
          <code className={ui.mono} data-testid="totp-secret" data-secret={setup.secret} style={{ fontSize: 16, letterSpacing: ".08em" }}>
            {grouped}
          </code>
          <p className={`${ui.small} ${ui.muted}`}>Time-based, 6 digits, every 30 seconds.</p>
        </div>
      </div>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="enable" />
        <input type="hidden" name="secret" value={setup.secret} />
        <input type="hidden" name="otpauth_url" value={setup.otpauth_url} />
        <FormError id={form.errorId} errors={form.errors} />
        <Field label="Code from the app" meta={fields.code} inputMode="numeric" autoComplete="one-time-code" maxLength={7} placeholder="123456" />
        <div className={ui.row}>
          <button type="submit" className={ui.button.primary}>
            Turn on two-factor authentication
          </button>
          <Link to={HERE} className={ui.button.ghost}>
            Cancel
          </Link>
        </div>
      </Form>
    </>
  );
}

function DisableTwoFactor() {
  const [form, fields] = formFields({
    id: "disable-2fa",
    constraint: Disable2faInputConstraints,
    lastResult: useResult("disable"),
  });
  return (
    <>
      <div className={ui.alert.success}>Two-factor authentication is on: you enter a code from your authenticator app when you sign in.</div>
      <p className={`${ui.small} ${ui.muted}`}>To turn it off, confirm with your password.</p>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="disable" />
        <FormError id={form.errorId} errors={form.errors} />
        <Field label="Password" meta={fields.password} type="password" autoComplete="current-password" />
        <button type="submit" className={ui.button.danger}>
          Turn off two-factor authentication
        </button>
      </Form>
    </>
  );
}

export default function SettingsPage() {
  const { user, organization, totp, signing } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const setup = !totp && data?.setup ? data.setup : null;
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Settings</h1>
          <p className={ui.pageLead}>Your account and how you sign in.</p>
        </div>
      </div>
      <div className={ui.split}>
        <section className={ui.card} aria-labelledby="account-title">
          <h2 id="account-title" className={ui.cardTitle}>
            Account
          </h2>
          <dl className={ui.dl}>
            <dt>Name</dt>
            <dd>{user.name}</dd>
            <dt>E-mail</dt>
            <dd>{user.email}</dd>
            <dt>Role</dt>
            <dd>{ROLE_LABEL[user.role]}</dd>
            {organization ? (
              <>
                <dt>Organization</dt>
                <dd>{organization}</dd>
              </>
            ) : null}
            <dt>Two-factor</dt>
            <dd>
              {totp ? (
                <span className={`${ui.badge} ${ui.badgeTone.success}`}>On</span>
              ) : (
                <span className={`${ui.badge} ${ui.badgeTone.neutral}`}>Off</span>
              )}
            </dd>
          </dl>
        </section>
        <div className={ui.stack}>
          <ChangePassword />
          <section className={ui.card} aria-labelledby="twofa-title">
            <h2 id="twofa-title" className={ui.cardTitle}>
              <ShieldIcon /> Two-factor authentication
            </h2>
            {totp ? <DisableTwoFactor /> : setup ? <EnableTwoFactor setup={setup} /> : <StartTwoFactor />}
          </section>
          <AuthorisationNumber />
          {signing ? <SigningPolicySection view={signing} error={data?.intent === "signing" && "error" in data ? data.error : null} /> : null}
          <LiteModeSwitch />
        </div>
      </div>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
