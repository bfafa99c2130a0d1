// Pieces the admin create forms share: the form set-up (the zod schema's constraints in the browser,
// the schema itself in the action), the name and e-mail fields of a person, the optional password
// (blank = mail an invitation), and the submit/cancel row under a form.
import { useForm, type Constraint, type FieldMetadata, type SubmissionResult } from "~/components/ui/form-state";
import { Link, useNavigation } from "@remix-run/react";
import { Field } from "~/components/ui/form";
import * as ui from "~/components/ui/ui.css";
import * as s from "./admin.css";

type Meta = FieldMetadata<unknown, any, string[]>;

/** First name, last name and a full-width Email of a new account. */
export function PersonNameFields({ fields }: { fields: Record<string, Meta> }) {
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
export function NewPasswordField({ meta }: { meta: Meta }) {
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

/** The submit button (with an optional label while submitting) and a Cancel link back to `cancelTo`. */
export function FormActions({ label, busyLabel, busy, cancelTo }: { label: string; busyLabel?: string; busy: boolean; cancelTo: string }) {
  return (
    <div className={s.actions}>
      <button type="submit" className={ui.button.primary} disabled={busy}>
        {busy && busyLabel ? busyLabel : label}
      </button>
      <Link to={cancelTo} className={ui.button.ghost}>
        Cancel
      </Link>
    </div>
  );
}

/**
 * useForm as the admin create forms set it up: the schema's HTML constraints (generated data, see
 * app/models/form-constraints.ts) and the action's last answer once the navigation is idle. The
 * action validates with the zod schema; the browser checks the constraints.
 */
export function useSchemaForm({
  id,
  constraint,
  lastResult,
  defaultValue,
}: {
  id: string;
  constraint: Record<string, Constraint>;
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaultValue?: Record<string, unknown>;
}) {
  const navigation = useNavigation();
  return useForm({ id, lastResult: navigation.state === "idle" ? lastResult : undefined, constraint, defaultValue });
}
