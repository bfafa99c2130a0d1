// /consultant/settings/{id}/{tab}: general, phone, notifications, activate, deactivate (spec 000 §2).
//   - The consultant: their own settings only (another id: /errors/error-401), with the onboarding
//     redirect by stage (spec §4): basic_info → general, verify_phone/otp_sent/otp_verified → phone,
//     account_locked → notifications (where they can still write to the administrators).
//   - Phone: a 6-digit code is sent, then entered here. In the demo the code goes by e-mail into the
//     mail outbox, which administrators read at /admin/outbox.
//   - Staff (admin, member) reach only activate and deactivate: an administrator's activation also
//     unlocks an account locked by wrong codes.
import { formFields, getFormProps, type SubmissionResult } from "~/components/ui/form-fields";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type SerializeFrom } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { SendMessageDialog } from "~/components/modal-dialog/consultant-dialogs";
import { ProfileTabs } from "~/components/profile-tabs/profile-tabs";
import { Field, FormError, TextareaField } from "~/components/ui/form";
import * as ui from "~/components/ui/ui.css";
import { CONSULTANT_MESSAGES, PHONE_OTP_MAX_FAILURES, PHONE_OTP_TTL_MINUTES, SETTINGS_TABS } from "~/models/consultant-rules";
import { SendMessageSchema } from "~/models/schemas/consultant-dialogs.server";
import { ERROR_401, getNotifications, getSettings, saveGeneral, saveNotifications, sendPhoneCode, sendToAdmins, setActive, verifyPhone } from "~/models/consultant.server";
import { fieldErrorsOf, nextForStage, requireConsultantViewer, requireIdParam } from "~/models/consultant-pages.server";
import { withoutDialog } from "~/models/consultant-dialogs";
import { GeneralSettingsInput, PhoneSettingsInput, VerifyPhoneInput } from "~/models/schemas/consultant.server";
import { dateUtc } from "~/utils/dates";
import { redirectWithToast } from "~/utils/toast.server";
import { GeneralSettingsInputConstraints } from "~/models/form-constraints/GeneralSettingsInput";
import { PhoneSettingsInputConstraints } from "~/models/form-constraints/PhoneSettingsInput";
import { VerifyPhoneInputConstraints } from "~/models/form-constraints/VerifyPhoneInput";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Settings${data ? ` · ${TAB_LABEL[data.tab]}` : ""} · AeroRecords` }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = requireIdParam(params.id);
  const tab = parseTab(params.tab);
  const viewer = await requireConsultantViewer(request, context, { id });
  const self = viewer.own !== null;
  if (!self && !STAFF_TABS.includes(tab)) throw redirect(`/consultant/settings/${id}/activate`);
  const [settings, notifications] = await Promise.all([
    getSettings(viewer.api, id),
    self && tab === "notifications" ? getNotifications(viewer.api) : null,
  ]);
  const dialog = self && tab === "notifications" && new URL(request.url).searchParams.get("dialog") === "message" ? "message" : null;
  return {
    settings,
    tab,
    self,
    notifications: notifications ? { items: notifications.notifications.slice(0, NOTIFICATIONS_SHOWN), unread: notifications.unread } : null,
    dialog,
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const id = requireIdParam(params.id);
  const tab = parseTab(params.tab);
  const viewer = await requireConsultantViewer(request, context, { id, onboarding: false });
  const self = viewer.own !== null;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const here = `/consultant/settings/${id}/${tab}`;
  if (!self && intent !== "activate" && intent !== "deactivate") throw redirect(ERROR_401);

  switch (intent) {
    case "general": {
      const submission = parseWithZod(form, { schema: GeneralSettingsInput });
      if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
      const r = await saveGeneral(viewer.api, id, submission.value);
      if (!r.ok) return data({ intent, result: submission.reply({ formErrors: [r.error], fieldErrors: fieldErrorsOf(r.errors) }) }, { status: 400 });
      return redirectWithToast(nextForStage(r.data.data.settings, here), { type: "success", description: r.message ?? CONSULTANT_MESSAGES.generalSaved });
    }
    case "send_code": {
      const submission = parseWithZod(form, { schema: PhoneSettingsInput });
      if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
      const r = await sendPhoneCode(viewer.api, id, submission.value.phone_number_with_country_code);
      if (!r.ok) return data({ intent, result: submission.reply({ formErrors: [r.error], fieldErrors: fieldErrorsOf(r.errors) }) }, { status: 400 });
      return redirectWithToast(`/consultant/settings/${id}/phone`, { type: "success", description: r.message ?? CONSULTANT_MESSAGES.codeSent });
    }
    case "verify_code": {
      const submission = parseWithZod(form, { schema: VerifyPhoneInput });
      if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
      const r = await verifyPhone(viewer.api, id, submission.value.code);
      if (!r.ok) {
        // The 5th wrong code locks the account: the locked account's page is the notifications settings.
        if (r.error === CONSULTANT_MESSAGES.accountLocked) {
          return redirectWithToast(`/consultant/settings/${id}/notifications`, { type: "error", description: r.error });
        }
        return data({ intent, result: submission.reply({ formErrors: [r.error], fieldErrors: { code: [r.error] } }) }, { status: 400 });
      }
      return redirectWithToast(nextForStage(r.data.data.settings, `/consultant/settings/${id}/phone`), { type: "success", description: r.message ?? CONSULTANT_MESSAGES.phoneVerified });
    }
    case "notifications": {
      const on = form.get("email_notifications");
      if (on !== "true" && on !== "false") return data({ intent, result: undefined }, { status: 400 });
      const r = await saveNotifications(viewer.api, id, on === "true");
      return r.ok
        ? redirectWithToast(here, { type: "success", description: r.message ?? CONSULTANT_MESSAGES.notificationsSaved })
        : redirectWithToast(here, { type: "error", description: r.error });
    }
    case "activate":
    case "deactivate": {
      const r = await setActive(viewer.api, id, intent === "activate");
      return r.ok ? redirectWithToast(here, { type: "success", description: r.message ?? "" }) : redirectWithToast(here, { type: "error", description: r.error });
    }
    case "message": {
      const submission = parseWithZod(form, { schema: SendMessageSchema });
      if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
      const sent = await sendToAdmins(viewer.api, id, submission.value.message_to_admin);
      if (!sent.ok) return data({ intent, result: submission.reply({ formErrors: [sent.error] }) }, { status: 400 });
      return redirectWithToast(withoutDialog(new URL(request.url)), { type: "success", description: sent.message ?? CONSULTANT_MESSAGES.messageToAdminSent });
    }
    default:
      return data({ intent, result: undefined }, { status: 400 });
  }
}

type Tab = (typeof SETTINGS_TABS)[number];

const TAB_LABEL: Record<Tab, string> = { general: "General", phone: "Phone", notifications: "Notifications", activate: "Activate", deactivate: "Deactivate" };

const STAFF_TABS: readonly Tab[] = ["activate", "deactivate"];

const NOTIFICATIONS_SHOWN = 10;

function parseTab(tab: string | undefined): Tab {
  if (!tab || !(SETTINGS_TABS as readonly string[]).includes(tab)) throw redirect("/page/page-404");
  return tab as Tab;
}

type LoaderData = SerializeFrom<typeof loader>;

type Settings = LoaderData["settings"];

type ActionData = { intent?: string; result?: SubmissionResult<string[]> };

// ---------------------------------------------------------------------------------------------

function General({ s, lastResult }: { s: Settings; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = formFields({
    id: "general",
    constraint: GeneralSettingsInputConstraints,
    lastResult,
    defaultValue: { name: s.name, city: s.city, country: s.country, summary: s.summary },
  });
  return (
    <section className={ui.card} aria-labelledby="general-title">
      <h2 id="general-title" className={ui.cardTitle}>
        General
      </h2>
      {s.stage === "basic_info" || !s.name ? (
        <div className={ui.alert.info} role="status">
          <span>Welcome! Start with your name, city and country: then complete your profile and verify your phone.</span>
        </div>
      ) : null}
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="general" />
        <FormError id={form.errorId} errors={form.errors} />
        <p className={`${ui.small} ${ui.muted}`}>
          Signed in as <strong>{s.email}</strong>
        </p>
        <div className={ui.grid} style={{ gap: "0 16px" }}>
          <Field label="Name" meta={fields.name} autoComplete="name" />
          <Field label="City" meta={fields.city} autoComplete="address-level2" />
          <Field label="Country" meta={fields.country} autoComplete="country-name" />
        </div>
        <TextareaField label="Summary" meta={fields.summary} rows={4} />
        <button type="submit" className={ui.button.primary}>
          Save
        </button>
      </Form>
    </section>
  );
}

function Phone({ s, sendResult, verifyResult }: { s: Settings; sendResult?: SubmissionResult<string[]>; verifyResult?: SubmissionResult<string[]> }) {
  const locked = s.stage === "account_locked";
  const [sendForm, sendFields] = formFields({
    id: "send-code",
    constraint: PhoneSettingsInputConstraints,
    lastResult: sendResult,
    defaultValue: { phone_number_with_country_code: s.phone_number_with_country_code },
  });
  const [verifyForm, verifyFields] = formFields({
    id: "verify-code",
    constraint: VerifyPhoneInputConstraints,
    lastResult: verifyResult,
  });
  const codeSent = s.stage === "otp_sent";
  return (
    <div className={ui.stack}>
      <section className={ui.card} aria-labelledby="phone-title">
        <h2 id="phone-title" className={ui.cardTitle}>
          Phone number
        </h2>
        <p>
          {s.phone_number_with_country_code ? (
            <>
              <strong>{s.phone_number_with_country_code}</strong>{" "}
              <span className={`${ui.badge} ${ui.badgeTone[s.phone_verified ? "success" : "warning"]}`}>{s.phone_verified ? "Verified" : "Not verified"}</span>
            </>
          ) : (
            <span className={ui.muted}>No phone number yet.</span>
          )}
        </p>
        <div className={ui.alert.info} role="note">
          <span>
            We verify your number with a 6-digit code, valid for {PHONE_OTP_TTL_MINUTES} minutes. In this demo the code is delivered by e-mail to your
            address ({s.email}) and kept in the mail outbox, which administrators read at <code>/admin/outbox</code>.
          </span>
        </div>
        <Form method="post" {...getFormProps(sendForm)}>
          <input type="hidden" name="intent" value="send_code" />
          <FormError id={sendForm.errorId} errors={sendForm.errors} />
          <Field
            label="Phone number with country code"
            meta={sendFields.phone_number_with_country_code}
            type="tel"
            autoComplete="tel"
            placeholder="+44 20 7946 0958"
            disabled={locked}
          />
          <button type="submit" className={codeSent ? ui.button.secondary : ui.button.primary} disabled={locked}>
            {codeSent ? "Send a new code" : "Send code"}
          </button>
        </Form>
      </section>
      {codeSent || verifyResult ? (
        <section className={ui.card} aria-labelledby="verify-title">
          <h2 id="verify-title" className={ui.cardTitle}>
            Enter the code
          </h2>
          <Form method="post" {...getFormProps(verifyForm)}>
            <input type="hidden" name="intent" value="verify_code" />
            <FormError id={verifyForm.errorId} errors={verifyForm.errors} />
            <Field
              label="6-digit code"
              meta={verifyFields.code}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 \-]{6,9}"
              maxLength={9}
              hint={`After ${PHONE_OTP_MAX_FAILURES} wrong codes in a row the account is locked.`}
              disabled={locked}
              autoFocus
            />
            <button type="submit" className={ui.button.primary} disabled={locked}>
              Verify
            </button>
          </Form>
        </section>
      ) : null}
    </div>
  );
}

function Notifications({ s, items }: { s: Settings; items: NonNullable<LoaderData["notifications"]>["items"] }) {
  return (
    <div className={ui.stack}>
      <section className={ui.card} aria-labelledby="email-notifications-title">
        <h2 id="email-notifications-title" className={ui.cardTitle}>
          E-mail notifications
        </h2>
        <Form method="post">
          <input type="hidden" name="intent" value="notifications" />
          <fieldset style={{ border: 0, padding: 0, margin: "0 0 16px" }}>
            <legend className={ui.label} style={{ marginBottom: 8 }}>
              E-mail me when a client writes to me
            </legend>
            <div className={ui.choiceRow}>
              <label className={ui.choice}>
                <input type="radio" name="email_notifications" value="true" defaultChecked={s.email_notifications} />
                <span>Yes, send me an e-mail</span>
              </label>
              <label className={ui.choice}>
                <input type="radio" name="email_notifications" value="false" defaultChecked={!s.email_notifications} />
                <span>No e-mails</span>
              </label>
            </div>
          </fieldset>
          <button type="submit" className={ui.button.primary}>
            Save
          </button>
        </Form>
      </section>
      <section className={ui.card} aria-labelledby="latest-notifications-title">
        <h2 id="latest-notifications-title" className={ui.cardTitle}>
          Latest notifications
        </h2>
        {items.length === 0 ? (
          <p className={ui.empty}>There&apos;s nothing here...</p>
        ) : (
          <ul style={{ margin: 0, paddingLeft: 18 }}>
            {items.map((n) => (
              <li key={n.id} style={{ marginBottom: 6 }}>
                <span className={`${ui.badge} ${ui.badgeTone.neutral}`}>{n.type}</span> {n.title}{" "}
                <span className={`${ui.small} ${ui.muted}`}>{dateUtc(n.created_at)}</span>
              </li>
            ))}
          </ul>
        )}
        <p style={{ marginBottom: 0 }}>
          <Link to="/notifications">All notifications</Link>
        </p>
      </section>
    </div>
  );
}

function Activation({ s, activate, self }: { s: Settings; activate: boolean; self: boolean }) {
  const locked = s.stage === "account_locked";
  const nothingToDo = activate ? s.active && !(locked && !self) : !s.active;
  const who = self ? "Your profile" : "The profile";
  return (
    <section className={ui.card} aria-labelledby="activation-title">
      <h2 id="activation-title" className={ui.cardTitle}>
        {activate ? "Activate the profile" : "Deactivate the profile"}
      </h2>
      <p>
        {who} is <strong>{s.active ? "active" : "deactivated"}</strong>
        {s.active ? ": clients find it in the Contractor Dashboard." : ": clients do not see it; administrators still do."}
      </p>
      <p className={ui.muted}>
        {activate
          ? `Activating puts the profile back in the marketplace.${!self ? " An administrator's activation also unlocks an account locked by wrong phone codes." : ""}`
          : "Deactivating hides the profile from clients. The consultant can still sign in and edit it, and activate it again at any time."}
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value={activate ? "activate" : "deactivate"} />
        <button type="submit" className={activate ? ui.button.primary : ui.button.danger} disabled={nothingToDo}>
          {activate ? (locked && !self ? "Activate and unlock" : "Activate profile") : "Deactivate profile"}
        </button>
      </Form>
    </section>
  );
}

export default function ConsultantSettingsPage() {
  const { settings, tab, self, notifications, dialog } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const location = useLocation();
  const tabs = (self ? SETTINGS_TABS : STAFF_TABS).map((t) => ({ key: t, label: TAB_LABEL[t], to: `/consultant/settings/${settings.id}/${t}` }));
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          {!self ? (
            <p className={`${ui.small} ${ui.muted}`} style={{ margin: 0 }}>
              <Link to={`/consultant/profile/${settings.id}/overview`}>{settings.name || "Consultant"}</Link> › Settings
            </p>
          ) : null}
          <h1 className={ui.pageTitle}>{self ? "Settings" : `Settings of ${settings.name || "the consultant"}`}</h1>
          <p className={ui.pageLead}>{self ? "Your account, phone verification and notifications." : "Activate or deactivate this consultant's profile."}</p>
        </div>
      </div>
      {settings.stage === "account_locked" ? (
        <div role="alert" className={ui.alert.error}>
          <span>
            {CONSULTANT_MESSAGES.accountLocked}
            {self ? (
              <>
                {" "}
                <Link to={`/consultant/settings/${settings.id}/notifications?dialog=message`}>Send a message to the administrators</Link>.
              </>
            ) : " Activate the profile to unlock it."}
          </span>
        </div>
      ) : null}
      <ProfileTabs label="Settings sections" tabs={tabs} current={tab} />
      {tab === "general" ? <General s={settings} lastResult={resultFor("general")} /> : null}
      {tab === "phone" ? <Phone s={settings} sendResult={resultFor("send_code")} verifyResult={resultFor("verify_code")} /> : null}
      {tab === "notifications" && notifications ? <Notifications s={settings} items={notifications.items} /> : null}
      {tab === "activate" ? <Activation s={settings} activate self={self} /> : null}
      {tab === "deactivate" ? <Activation s={settings} activate={false} self={self} /> : null}
      {dialog === "message" ? (
        <SendMessageDialog
          action={`${location.pathname}${location.search}`}
          closeHref={location.pathname}
          consultant={{ id: settings.id, name: settings.name }}
          actionResult={resultFor("message")}
        />
      ) : null}
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
