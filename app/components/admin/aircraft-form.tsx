// The aircraft form (add and edit): MSN, name, registration, kind, manufacturer, model, status.
import { formFields, getFormProps, type SubmissionResult } from "~/components/ui/form-fields";
import { Form, Link } from "@remix-run/react";
import { Field, FormError } from "~/components/ui/form";
import * as ui from "~/components/ui/ui.css";
import type { AdminAircraft } from "~/models/schemas/admin";
import { AIRCRAFT_KINDS, AIRCRAFT_STATUSES } from "~/models/admin-constants";
import { SelectField } from "./fields";
import * as s from "./admin.css";
import { AircraftUpdateInputConstraints } from "~/models/form-constraints/AircraftUpdateInput";
import { AIRCRAFT_STATUS_LABEL } from "~/models/status-labels";


export function AircraftForm({
  id,
  lastResult,
  initial,
  submitLabel,
  cancelTo,
}: {
  id: string;
  lastResult?: SubmissionResult<string[]> | null;
  initial?: AdminAircraft | null;
  submitLabel: string;
  cancelTo: string;
}) {
  const [form, fields] = formFields({
    id,
    lastResult,
    constraint: AircraftUpdateInputConstraints,
    defaultValue: initial
      ? {
          msn: initial.msn,
          name: initial.name,
          registration: initial.registration,
          kind: initial.kind,
          manufacturer: initial.manufacturer,
          model: initial.model,
          status: initial.status,
        }
      : { kind: "aircraft", status: "IN OPERATION" },
  });
  return (
    <Form method="post" {...getFormProps(form)} className={s.formCard}>
      <FormError id={form.errorId} errors={form.errors} />
      <div className={s.formGrid}>
        <Field label="MSN" meta={fields.msn} hint="Manufacturer serial number: letters, digits and hyphens." autoCapitalize="characters" />
        <Field label="Registration" meta={fields.registration} autoCapitalize="characters" />
        <Field label="Manufacturer" meta={fields.manufacturer} />
        <Field label="Model" meta={fields.model} />
        <Field label="Name" meta={fields.name} hint="Leave blank for “{model} MSN {msn}”." />
        <SelectField label="Kind" meta={fields.kind} options={AIRCRAFT_KINDS.map((k) => ({ value: k, label: k === "aircraft" ? "Aircraft" : "Helicopter" }))} />
        <SelectField label="Status" meta={fields.status} options={AIRCRAFT_STATUSES.map((st) => ({ value: st, label: AIRCRAFT_STATUS_LABEL[st] }))} />
      </div>
      <div className={s.actions}>
        <button type="submit" className={ui.button.primary}>
          {submitLabel}
        </button>
        <Link to={cancelTo} className={ui.button.ghost}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}
