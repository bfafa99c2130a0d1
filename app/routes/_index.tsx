// "/": the public marketing page for guests (spec 000 §1), or the way to a signed-in user's landing
// (by role; consultants by onboarding stage). With MARKETING_URL set, guests go to the marketing site.
// The page's parts: components/marketing/landing.tsx.
import { formFields, getFormProps } from "~/components/ui/form-fields";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { CheckIcon } from "~/components/icons/check";
import { MailIcon } from "~/components/icons/mail";
import { ContactDetails, LandingFooter, LandingHeader, LandingSections } from "~/components/marketing/landing";
import * as m from "~/components/marketing/marketing.css";
import { Field, FormError, TextareaField } from "~/components/ui/form";
import * as ui from "~/components/ui/ui.css";
import { ContactInput } from "~/models/schemas/auth.server";
import { AUTH_MESSAGES } from "~/models/auth-constants";
import { apiFor, getUser, requireUser } from "~/utils/auth.server";
import { env } from "~/utils/env.server";
import { landingFor } from "~/utils/landing.server";
import { destroySession, getSession } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { ContactInputConstraints } from "~/models/form-constraints/ContactInput";
import { sendContactMessage } from "~/models/auth.server";

export const meta: MetaFunction = () => [
  { title: "AeroRecords · Aircraft records, operations and oil analysis" },
  { name: "description", content: "Records storage, operations and oil analysis for aircraft and helicopter fleets, and a worldwide pool of technical consultants." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getUser(request)) {
    const { user, api } = await requireUser(request, context);
    throw redirect(await landingFor(user, api));
  }
  // A guest: whatever the session cookie still holds (a half-finished sign-in) is cleared.
  const headers = new Headers();
  if (request.headers.get("Cookie")?.includes("__session=")) {
    headers.append("Set-Cookie", await destroySession(await getSession(request)));
  }
  const marketing = env().MARKETING_URL;
  if (marketing) throw redirect(marketing, { headers });
  const contactSent = new URL(request.url).searchParams.get("contact") === "sent";
  return data({ contactSent }, { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ContactInput });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const api = await apiFor(request, context);
  const answer = await sendContactMessage(api, submission.value);
  if (!answer.ok) return data({ result: submission.reply({ formErrors: [answer.error], fieldErrors: answer.errors }) }, { status: 400 });
  return redirectWithToast("/?contact=sent#contact", { type: "success", description: answer.message ?? AUTH_MESSAGES.contactSent });
}

export default function Landing() {
  const { contactSent } = useLoaderData<typeof loader>();
  return (
    <div className={m.page} id="marketing">
      <LandingHeader />
      <main>
        <LandingSections />
        <section id="contact" className={m.section} aria-labelledby="contact-title">
          <div className={m.sectionInner}>
            <div className={m.contactGrid}>
              <ContactDetails />
              <ContactForm sent={contactSent} />
            </div>
          </div>
        </section>
      </main>
      <LandingFooter />
    </div>
  );
}

function ContactForm({ sent }: { sent: boolean }) {
  const actionData = useActionData<typeof action>();
  const [form, fields] = formFields({
    id: "contact",
    constraint: ContactInputConstraints,
    lastResult: actionData?.result,
  });
  return (
    <div className={m.formCard} id="question-form">
      <h3 style={{ marginTop: 0 }}>Ask us a question</h3>
      {sent ? (
        <div className={ui.alert.success} role="status">
          <CheckIcon /> {AUTH_MESSAGES.contactSent}
        </div>
      ) : null}
      <Form method="post" {...getFormProps(form)} preventScrollReset>
        <FormError id={form.errorId} errors={form.errors} />
        <div className={m.formRow}>
          <Field label="Your name" meta={fields.name} autoComplete="name" />
          <Field label="Your e-mail" meta={fields.email} type="email" autoComplete="email" />
        </div>
        <Field label="Company (optional)" meta={fields.company} autoComplete="organization" />
        <TextareaField label="Your question" meta={fields.message} rows={5} />
        <button type="submit" className={ui.button.primary}>
          <MailIcon /> Send the question
        </button>
      </Form>
    </div>
  );
}
