// Form pieces for conform (v1) + zod: a labelled field with its errors, and the form-level error,
// rendered from the server's answer (form-fields.ts) as plain HTML with the schema's constraints.
import { getInputProps, getTextareaProps, type FieldMetadata } from "~/components/ui/form-fields";
import type { InputHTMLAttributes, TextareaHTMLAttributes } from "react";
import * as s from "./ui.css";

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  const list = errors?.filter(Boolean) ?? [];
  if (!list.length) return null;
  return (
    <ul id={id} className={s.errorText}>
      {list.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

/** The form-level error (e.g. "Invalid email or password."), announced to screen readers. */
export function FormError({ id, errors }: { id?: string; errors?: string[] | null }) {
  const list = errors?.filter(Boolean) ?? [];
  if (!list.length) return null;
  return (
    <div id={id} role="alert" className={s.alert.error} data-form-error="">
      <span>{list.join("\n")}</span>
    </div>
  );
}

type InputType = "text" | "email" | "password" | "search" | "tel" | "url" | "number" | "date" | "hidden";

export function Field({
  label,
  meta,
  type = "text",
  hint,
  className,
  ...rest
}: {
  label: string;
  meta: FieldMetadata;
  type?: InputType;
  hint?: React.ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id" | "form">) {
  const { key, ...props } = getInputProps(meta, { type, ariaAttributes: true });
  // A rule said by the hint is not said again by the error (the password rule, for one): the hint
  // gives way to the error that repeats it.
  const shownHint = hint && !(typeof hint === "string" && (meta.errors ?? []).includes(hint)) ? hint : null;
  const hintId = shownHint ? `${meta.id}-hint` : undefined;
  return (
    <div className={s.field}>
      <label className={s.label} htmlFor={meta.id}>
        {label}
      </label>
      <input
        key={key}
        {...props}
        {...rest}
        className={className ? `${s.input} ${className}` : s.input}
        aria-describedby={[props["aria-describedby"], hintId].filter(Boolean).join(" ") || undefined}
      />
      {shownHint ? (
        <span id={hintId} className={s.hint}>
          {shownHint}
        </span>
      ) : null}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function TextareaField({
  label,
  meta,
  hint,
  ...rest
}: {
  label: string;
  meta: FieldMetadata;
  hint?: React.ReactNode;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id" | "form">) {
  const { key, ...props } = getTextareaProps(meta, { ariaAttributes: true });
  return (
    <div className={s.field}>
      <label className={s.label} htmlFor={meta.id}>
        {label}
      </label>
      <textarea key={key} {...props} {...rest} className={s.textarea} />
      {hint ? <span className={s.hint}>{hint}</span> : null}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
