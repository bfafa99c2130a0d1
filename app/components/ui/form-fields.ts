// What a form renders from the server's answer (conform's field metadata, computed on render, no
// client state): the action validates with `parseWithZod` and answers `submission.reply()` with the
// values and the errors; the component reads that answer from useActionData and renders it, the same
// whether the page hydrates or not. The browser checks the schema's HTML constraints on the way out
// (app/models/form-constraints/, generated from the zod schemas), so no zod reaches it.
// Inputs are uncontrolled: each refused post renders the form again from the echoed values.

/** What `submission.reply()` answers (conform's SubmissionResult, the fields this app reads). */
export interface SubmissionResult<E = string[]> {
  status?: "error" | "success";
  intent?: unknown;
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, E | null> | null;
  state?: unknown;
}

/** HTML constraints of one field (conform's getZodConstraint output). */
export interface Constraint {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  multiple?: boolean;
  pattern?: string;
}

export interface FieldMetadata {
  id: string;
  name: string;
  errorId: string;
  errors: string[] | undefined;
  /** The value to render: the server's echo of the last submission, else the form's default. */
  initialValue: string | string[] | undefined;
  constraint: Constraint | undefined;
}

export interface FormMetadata {
  id: string;
  errorId: string;
  /** The form-level errors (e.g. the upstream's refusal). */
  errors: string[] | undefined;
}

const text = (v: unknown): string | string[] | undefined => {
  if (v == null) return undefined;
  if (Array.isArray(v)) return v.map((x) => String(x));
  if (typeof v === "object") return undefined;
  return String(v);
};

const list = (e: string[] | null | undefined) => (e && e.length ? e : undefined);

/**
 * A form's metadata and its fields' (any name: `fields.email`), from the action's last answer and
 * the form's defaults. After a refused post the server echoes what was sent (minus hidden fields
 * like passwords).
 */
export function formFields(options: {
  id: string;
  lastResult?: SubmissionResult<string[]> | null;
  constraint?: Record<string, Constraint>;
  defaultValue?: Record<string, unknown> | null;
}): [FormMetadata, Record<string, FieldMetadata>] {
  const { id, lastResult, constraint, defaultValue } = options;
  const errors = lastResult?.error ?? null;
  const values = lastResult?.initialValue ?? defaultValue ?? {};
  const form: FormMetadata = { id, errorId: `${id}-form-error`, errors: list(errors?.[""]) };
  const cache = new Map<string, FieldMetadata>();
  const fields = new Proxy({} as Record<string, FieldMetadata>, {
    get(_target, name) {
      if (typeof name !== "string") return undefined;
      let f = cache.get(name);
      if (!f) {
        f = {
          id: `${id}-${name}`,
          name,
          errorId: `${id}-${name}-error`,
          errors: list(errors?.[name]),
          initialValue: text(values[name]),
          constraint: constraint?.[name],
        };
        cache.set(name, f);
      }
      return f;
    },
  });
  return [form, fields];
}

export function getFormProps(form: FormMetadata) {
  return {
    id: form.id,
    "aria-invalid": form.errors ? true : undefined,
    "aria-describedby": form.errors ? form.errorId : undefined,
  } as const;
}

type Aria = { ariaAttributes?: boolean; ariaDescribedBy?: string };

function aria(meta: FieldMetadata, opts: Aria) {
  if (opts.ariaAttributes === false) return {};
  const describedBy = [meta.errors ? meta.errorId : null, opts.ariaDescribedBy ?? null].filter(Boolean).join(" ");
  return { "aria-invalid": meta.errors ? true : undefined, "aria-describedby": describedBy || undefined };
}

function constraintProps(c: Constraint | undefined) {
  return {
    required: c?.required || undefined,
    minLength: c?.minLength,
    maxLength: c?.maxLength,
    min: c?.min,
    max: c?.max,
    step: c?.step,
    pattern: c?.pattern,
    multiple: c?.multiple,
  };
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

// Each getter also gives a React key (the field's name; name:value in a collection), as conform's do.
export function getInputProps(meta: FieldMetadata, opts: Aria & { type: string; value?: string | boolean }) {
  const base = { key: meta.name, id: meta.id, name: meta.name, type: opts.type, ...constraintProps(meta.constraint), ...aria(meta, opts) };
  if (opts.type === "checkbox" || opts.type === "radio") {
    const value = typeof opts.value === "string" ? opts.value : "on";
    const current = meta.initialValue;
    const checked = Array.isArray(current) ? current.includes(value) : current === value || (value === "on" && current === "true");
    return { ...base, value, defaultChecked: checked };
  }
  if (opts.type === "file" || opts.type === "password") return { ...base };
  return { ...base, defaultValue: first(meta.initialValue) };
}

export function getTextareaProps(meta: FieldMetadata, opts: Aria = {}) {
  const { multiple: _m, min: _min, max: _max, step: _s, pattern: _p, ...c } = constraintProps(meta.constraint);
  return { key: meta.name, id: meta.id, name: meta.name, ...c, defaultValue: first(meta.initialValue), ...aria(meta, opts) };
}

export function getSelectProps(meta: FieldMetadata, opts: Aria = {}) {
  const c = meta.constraint;
  return {
    key: meta.name,
    id: meta.id,
    name: meta.name,
    required: c?.required || undefined,
    multiple: c?.multiple,
    defaultValue: c?.multiple ? (Array.isArray(meta.initialValue) ? meta.initialValue : meta.initialValue ? [meta.initialValue] : undefined) : first(meta.initialValue),
    ...aria(meta, opts),
  };
}

/** A group of checkboxes or radios, one per option. */
export function getCollectionProps(meta: FieldMetadata, opts: Aria & { type: "checkbox" | "radio"; options: string[] }) {
  const current = meta.initialValue;
  const has = (v: string) => (Array.isArray(current) ? current.includes(v) : current === v);
  return opts.options.map((value) => ({
    key: `${meta.name}:${value}`,
    id: `${meta.id}-${value}`,
    name: meta.name,
    type: opts.type,
    value,
    defaultChecked: has(value),
    required: opts.type === "radio" ? meta.constraint?.required || undefined : undefined,
    ...aria(meta, opts),
  }));
}
