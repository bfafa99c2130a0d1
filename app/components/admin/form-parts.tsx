// Pieces the admin create forms share: the name and e-mail fields of a person, the optional password
// (blank = mail an invitation), and the submit/cancel row under a form.
import type { FieldMetadata } from "~/components/ui/form-fields";
import { Link } from "@remix-run/react";
import { Field } from "~/components/ui/form";
import * as ui from "~/components/ui/ui.css";
import * as s from "./admin.css";

/** First name, last name and a full-width Email of a new account. */
export function PersonNameFields({ fields }: { fields: Record<string, FieldMetadata> }) {
  return (
    <>
      <Field label="First name" meta={fields.first_name} autoComplete="off" />
      <Field label="Last name" meta={fields.last_name} autoComplete="off" />
      <div className={s.span2}>
        <Field label="Email" meta={fields.email} type="email" autoComplete="off" inputMode="email" />
      </div>
    </>
  );
}

/** The optional password of a new account: left blank, the API mails an invitation instead. */
export function NewPasswordField({ meta }: { meta: FieldMetadata }) {
  return (
    <Field
      label="Password"
      meta={meta}
      type="password"
      autoComplete="new-password"
      hint="At least 10 characters with a letter and a digit. Leave blank to mail an invitation instead."
    />
  );
}

/** The submit button and a Cancel link back to `cancelTo` (the pending idiom marks the button while the post is on its way). */
export function FormActions({ label, cancelTo }: { label: string; cancelTo: string }) {
  return (
    <div className={s.actions}>
      <button type="submit" className={ui.button.primary}>
        {label}
      </button>
      <Link to={cancelTo} className={ui.button.ghost}>
        Cancel
      </Link>
    </div>
  );
}
