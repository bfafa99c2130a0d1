// Form controls the admin forms need beyond app/components/ui/form.tsx: a labelled select, a
// checkbox and a group of checkboxes or radios, all plain HTML (ui/form-fields.ts).
import { getCollectionProps, getInputProps, getSelectProps, type FieldMetadata } from "~/components/ui/form-fields";
import type { ReactNode, SelectHTMLAttributes } from "react";
import { ErrorList } from "~/components/ui/form";
import * as ui from "~/components/ui/ui.css";
import * as s from "./admin.css";

export interface Option {
  value: string;
  label: string;
}

export function SelectField({
  label,
  meta,
  options,
  placeholder,
  hint,
  ...rest
}: {
  label: string;
  meta: FieldMetadata;
  options: readonly Option[];
  placeholder?: string;
  hint?: ReactNode;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id" | "form" | "defaultValue">) {
  const { key, ...props } = getSelectProps(meta, { ariaAttributes: true });
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={meta.id}>
        {label}
      </label>
      <select key={key} {...props} {...rest} className={`${ui.input} ${s.select}`}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {hint ? <span className={ui.hint}>{hint}</span> : null}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function CheckboxField({ label, meta, hint }: { label: string; meta: FieldMetadata; hint?: ReactNode }) {
  const { key, ...props } = getInputProps(meta, { type: "checkbox", ariaAttributes: true });
  return (
    <div className={ui.field}>
      <label className={s.check}>
        <input key={key} {...props} />
        <span>
          <strong>{label}</strong>
          {hint ? <span className={`${ui.hint} ${s.block}`}>{hint}</span> : null}
        </span>
      </label>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** Checkboxes (several values) or radios (one) of one name, in a fieldset with a legend. */
export function ChoiceGroup({
  legend,
  meta,
  options,
  type,
  hint,
}: {
  legend: string;
  meta: FieldMetadata;
  options: readonly Option[];
  type: "checkbox" | "radio";
  hint?: ReactNode;
}) {
  const items = getCollectionProps(meta, { type, options: options.map((o) => o.value), ariaAttributes: true });
  return (
    <fieldset className={s.fieldset} aria-describedby={meta.errors?.length ? meta.errorId : undefined}>
      <legend className={ui.label}>{legend}</legend>
      {hint ? <p className={ui.hint}>{hint}</p> : null}
      <div className={ui.choiceRow}>
        {items.map(({ key, ...props }, i) => (
          <label key={key} className={`${ui.choice} ${s.choiceCompact}`}>
            <input {...props} />
            <span>{options[i]!.label}</span>
          </label>
        ))}
      </div>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}
