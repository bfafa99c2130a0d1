// The browser side of every form (issue 12, ADR 027): the part of conform's API this app uses, without
// shipping conform or zod to the browser. Validation runs on the server (parseWithZod in actions,
// `submission.reply()` answers); the browser gets the schema's HTML constraints as plain data
// (app/models/form-constraints.ts, generated from the zod schemas) and the server's errors, and renders
// them: a real <form> that works before and without hydration, checked by the browser's own
// constraint validation on the way out.
import { useEffect, useMemo, useRef, useState } from "react";

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

export type DefaultValue<T = unknown> = T;

export interface FieldMetadata<_T = unknown, _F = unknown, _E = string[]> {
  key: string | undefined;
  id: string;
  name: string;
  formId: string;
  errorId: string;
  descriptionId: string;
  errors: string[] | undefined;
  /** The value to start from: the server's echo of the last submission, else the form's default. */
  initialValue: string | string[] | undefined;
  /**
   * The field's current value: what the user has entered so far once the page is hydrated (read from
   * the form on every input), else the initial value. Pages show or hide parts of a form by it.
   */
  value: string | string[] | undefined;
  valid: boolean;
  constraint: Constraint | undefined;
}

export interface FormMetadata {
  id: string;
  /**
   * Hydrated, the form leaves checking to the server, whose answer shows the schema's own messages
   * next to the fields (a round trip of a few hundred bytes); before hydration and without JS the
   * browser checks the constraints itself.
   */
  noValidate: boolean;
  errorId: string;
  descriptionId: string;
  errors: string[] | undefined;
  valid: boolean;
}

interface UseFormOptions {
  id?: string;
  lastResult?: SubmissionResult<string[]> | null;
  constraint?: Record<string, Constraint>;
  defaultValue?: Record<string, unknown> | null;
  // conform's client-validation options are accepted and ignored: validation is the server's.
  [option: string]: unknown;
}

const text = (v: unknown): string | string[] | undefined => {
  if (v == null) return undefined;
  if (Array.isArray(v)) return v.map((x) => String(x));
  if (typeof v === "object") return undefined;
  return String(v);
};

let counter = 0;

/** The form's values as FormData holds them (repeated names as lists). */
function valuesOf(form: HTMLFormElement): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of new FormData(form)) {
    if (typeof v !== "string") continue;
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

export function useForm(options: UseFormOptions): [FormMetadata, Record<string, FieldMetadata>] {
  const { lastResult, constraint, defaultValue } = options;
  // A stable id without useId (the same on the server and in the browser for a given form id).
  const id = useMemo(() => options.id ?? `form-${++counter}`, [options.id]);
  // After hydration, follow what the user enters (no re-render on the server; none before hydration).
  const [live, setLive] = useState<Record<string, string | string[]> | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    const el = document.getElementById(id);
    if (!(el instanceof HTMLFormElement)) return;
    const read = () => setLive(valuesOf(el));
    el.addEventListener("input", read);
    el.addEventListener("change", read);
    el.addEventListener("reset", () => setTimeout(read, 0));
    return () => {
      el.removeEventListener("input", read);
      el.removeEventListener("change", read);
    };
  }, [id]);
  // A new answer from the server starts from its echo again.
  useEffect(() => setLive(null), [lastResult]);
  // Inputs are uncontrolled and keep what the user typed while an answer was on its way; only an
  // answer that resets the form (reply({ resetForm: true }), e.g. a refused 2FA code) remounts them.
  const resets = useRef<{ last: unknown; n: number }>({ last: undefined, n: 0 });
  if (lastResult !== resets.current.last) {
    const intent = lastResult?.intent as { type?: string } | undefined;
    if (lastResult && (intent?.type === "reset" || lastResult.initialValue === null)) resets.current.n++;
    resets.current.last = lastResult;
  }
  const resetCount = resets.current.n;
  return useMemo(() => {
    const errors = lastResult?.error ?? null;
    // After a refused submission the server echoes what was sent (minus hidden fields like passwords).
    const values = lastResult?.initialValue ?? defaultValue ?? {};
    const formErrors = errors?.[""] ?? undefined;
    const form: FormMetadata = {
      id,
      noValidate: hydrated,
      errorId: `${id}-form-error`,
      descriptionId: `${id}-form-description`,
      errors: formErrors && formErrors.length ? formErrors : undefined,
      valid: !errors || Object.values(errors).every((e) => !e?.length),
    };
    const cache = new Map<string, FieldMetadata>();
    const fields = new Proxy({} as Record<string, FieldMetadata>, {
      get(_target, prop) {
        if (typeof prop !== "string") return undefined;
        let f = cache.get(prop);
        if (!f) {
          const e = errors?.[prop] ?? undefined;
          const v = text((values as Record<string, unknown>)[prop]);
          const current = live ? live[prop] : v;
          f = {
            key: `${prop}:${resetCount}`,
            id: `${id}-${prop}`,
            name: prop,
            formId: id,
            errorId: `${id}-${prop}-error`,
            descriptionId: `${id}-${prop}-description`,
            errors: e && e.length ? e : undefined,
            initialValue: v,
            value: current,
            valid: !e?.length,
            constraint: constraint?.[prop],
          };
          cache.set(prop, f);
        }
        return f;
      },
    });
    return [form, fields];
  }, [id, lastResult, constraint, defaultValue, live, hydrated, resetCount]);
}

export function getFormProps(form: FormMetadata) {
  return {
    id: form.id,
    noValidate: form.noValidate || undefined,
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

export function getInputProps(meta: FieldMetadata, opts: Aria & { type: string; value?: string | boolean }) {
  const base = { key: meta.key, id: meta.id, name: meta.name, type: opts.type, ...constraintProps(meta.constraint), ...aria(meta, opts) };
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
  return { key: meta.key, id: meta.id, name: meta.name, ...c, defaultValue: first(meta.initialValue), ...aria(meta, opts) };
}

export function getSelectProps(meta: FieldMetadata, opts: Aria = {}) {
  const c = meta.constraint;
  return {
    key: meta.key,
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
    key: `${meta.key}:${value}`,
    id: `${meta.id}-${value}`,
    name: meta.name,
    type: opts.type,
    value,
    defaultChecked: has(value),
    required: opts.type === "radio" ? meta.constraint?.required || undefined : undefined,
    ...aria(meta, opts),
  }));
}
