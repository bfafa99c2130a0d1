// Pieces the admin create forms share: the conform set-up (validated in the browser against the
// same zod schema as the action), the name and e-mail fields of a person, the optional password
// (blank = mail an invitation), and the submit/cancel row under a form.
import { useForm, type DefaultValue, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Link, useNavigation } from "@remix-run/react";
import type { z } from "zod";
import { Field } from "~/components/ui/form";
import * as ui from "~/components/ui/ui.css";
import * as s from "./admin.css";

type Meta = FieldMetadata<unknown, any, string[]>;

/** First name, last name and a full-width Email of a new account. */
export function PersonNameFields({ fields }: { fields: { first_name: Meta; last_name: Meta; email: Meta } }) {
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
 * useForm as the admin create forms set it up: constraints and browser validation from `schema`
 * (on blur, then on input), and the action's last answer once the navigation is idle.
 */
export function useSchemaForm<S extends z.ZodType<any, z.ZodTypeDef, Record<string, any>>>({
  id,
  schema,
  lastResult,
  defaultValue,
}: {
  id: string;
  schema: S;
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaultValue?: DefaultValue<z.input<S>>;
}) {
  const navigation = useNavigation();
  return useForm<z.input<S>, z.output<S>, string[]>({
    id,
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    ...(defaultValue === undefined ? {} : { defaultValue }),
  });
}
