// The organization form (create and edit): name, short name (slug), product type, the search-all
// flag and the AeroOPS / AeroOIL modules. Plain HTML: the action validates and answers with the errors.
import { formFields, getFormProps, type SubmissionResult } from "~/components/ui/form-fields";
import { Form, Link } from "@remix-run/react";
import { Field, FormError } from "~/components/ui/form";
import * as ui from "~/components/ui/ui.css";
import type { OrganizationSummary } from "~/models/schemas/admin";
import { PRODUCT_TYPES } from "~/models/admin-constants";
import { CheckboxField, SelectField } from "./fields";
import * as s from "./admin.css";
import { OrganizationInputConstraints } from "~/models/form-constraints/OrganizationInput";

export function OrganizationForm({
  id,
  lastResult,
  initial,
  submitLabel,
  cancelTo,
  lockModules = false,
}: {
  id: string;
  lastResult?: SubmissionResult<string[]> | null;
  initial?: OrganizationSummary | null;
  submitLabel: string;
  cancelTo: string;
  /** ops_template: AeroOPS is set for them and AeroOIL and search-all are not theirs to choose. */
  lockModules?: boolean;
}) {
  const [form, fields] = formFields({
    id,
    lastResult,
    constraint: OrganizationInputConstraints,
    defaultValue: initial
      ? {
          name: initial.name,
          slug: initial.slug,
          product_type: initial.product_type,
          search_all: initial.search_all ? "on" : undefined,
          has_ops: initial.has_ops ? "on" : undefined,
          has_oil: initial.has_oil ? "on" : undefined,
          client_logo: initial.client_logo ?? "",
        }
      : { product_type: "STORAGE", has_ops: lockModules ? "on" : undefined },
  });
  return (
    <Form method="post" {...getFormProps(form)} className={s.formCard}>
      <FormError id={form.errorId} errors={form.errors} />
      <div className={s.formGrid}>
        <Field label="Organization name" meta={fields.name} autoComplete="organization" />
        <Field
          label="Short name (slug)"
          meta={fields.slug}
          hint="Used in addresses (?organization=…). Leave blank to derive it from the name."
          autoCapitalize="none"
        />
        <SelectField
          label="Product type"
          meta={fields.product_type}
          options={PRODUCT_TYPES.map((p) => ({ value: p, label: p === "UAMBOX" ? "UAMBOX (urban air mobility)" : "STORAGE" }))}
        />
        <Field label="Client logo text" meta={fields.client_logo} hint="Shown as the organization's logo with “Powered by …”. Leave blank for none." />
      </div>
      {lockModules ? (
        <>
          <input type="hidden" name="has_ops" value="on" />
          <p className={`${ui.small} ${ui.muted}`}>The organization is created with AeroOPS switched on.</p>
        </>
      ) : (
        <>
          <CheckboxField
            label="Search all aircraft"
            meta={fields.search_all}
            hint="File search always covers every aircraft of the organization (the search-all flag)."
          />
          <CheckboxField label="AeroOPS" meta={fields.has_ops} hint="The operations module for this organization's aircraft." />
          <CheckboxField label="AeroOIL" meta={fields.has_oil} hint="The oil-analysis module for this organization's aircraft." />
        </>
      )}
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
