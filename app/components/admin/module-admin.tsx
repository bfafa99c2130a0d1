// The admin pages of the AeroOPS and AeroOIL modules, shared by /admin/aeroops/* (module from `type`)
// and /aerooil/*: the organizations using a module, creating one (or switching the module on), and an
// organization's registered MSNs with the form that registers more.
import { ActionsHeader, ListTable } from "~/components/data-table-simple/data-table-simple";
import { formFields, getFormProps, type SubmissionResult } from "~/components/ui/form-fields";
import { Form, Link } from "@remix-run/react";
import { CheckIcon } from "~/components/icons/check";
import { SearchIcon } from "~/components/icons/search";
import { Field, FormError } from "~/components/ui/form";
import { StatusBadge } from "~/components/ui/status-badge";
import * as dt from "~/components/data-table-simple/data-table-simple.css";
import * as ui from "~/components/ui/ui.css";
import type { ModuleLinks } from "~/models/module-admin";
import { AIRCRAFT_KINDS, AIRCRAFT_STATUSES, PRODUCT_TYPES } from "~/models/admin-constants";
import { SelectField } from "./fields";
import * as s from "./admin.css";
import { ModuleEnableInputConstraints } from "~/models/form-constraints/ModuleEnableInput";
import { ModuleOrganizationInputConstraints } from "~/models/form-constraints/ModuleOrganizationInput";
import { MsnIdCreatedInputConstraints } from "~/models/form-constraints/MsnIdCreatedInput";
import { ListPagination } from "./list-parts";
import { AIRCRAFT_STATUS_LABEL } from "~/models/status-labels";

export interface ModuleOrg {
  organization_id: number;
  name: string;
  organization: string;
  product_type: string;
  has_ops: boolean;
  has_oil: boolean;
}

const Yes = () => (
  <span className={`${ui.badge} ${ui.badgeTone.success}`}>
    <CheckIcon size={12} /> Yes
  </span>
);
const No = () => <span className={`${ui.badge} ${ui.badgeTone.neutral}`}>No</span>;

export function ModuleOrganizationsView({
  links,
  organizations,
  total,
  withModule,
  q,
  all,
}: {
  links: ModuleLinks;
  organizations: ModuleOrg[];
  total: number;
  withModule: number;
  q: string;
  all: boolean;
}) {
  const uses = (o: ModuleOrg) => (links.product === "ops" ? o.has_ops : o.has_oil);
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>{links.label} organizations</h1>
          <p className={ui.pageLead}>
            {withModule} of {total} organizations use {links.label}.
          </p>
        </div>
        <Link to={links.create} className={ui.button.primary}>
          Create {links.label}
        </Link>
      </div>
      <Form method="get" className={ui.filterBar} role="search">
        {links.type === "Aerooil" && links.list.startsWith("/admin") ? <input type="hidden" name="type" value="Aerooil" /> : null}
        <div className={ui.field} style={{ flex: "1 1 260px" }}>
          <label className={ui.label} htmlFor="org-q">
            Find an organization
          </label>
          <input id="org-q" name="q" type="search" defaultValue={q} className={ui.input} maxLength={100} placeholder="Name or slug" />
        </div>
        <label className={ui.row} style={{ minHeight: 40 }}>
          <input type="checkbox" name="all" value="1" defaultChecked={all} /> Include organizations without {links.label}
        </label>
        <button type="submit" className={ui.button.secondary}>
          <SearchIcon /> Filter
        </button>
      </Form>
      <ListTable empty={organizations.length === 0} emptyText="No organizations match.">
        <thead>
          <tr>
            <th scope="col">Organization</th>
            <th scope="col">Slug</th>
            <th scope="col">Product type</th>
            <th scope="col">AeroOPS</th>
            <th scope="col">AeroOIL</th>
            <ActionsHeader label="Open" />
          </tr>
        </thead>
        <tbody>
          {organizations.map((o) => (
            <tr key={o.organization_id}>
              <td>
                <strong>{o.name}</strong>
              </td>
              <td className={ui.mono}>{o.organization}</td>
              <td>{o.product_type}</td>
              <td>{o.has_ops ? <Yes /> : <No />}</td>
              <td>{o.has_oil ? <Yes /> : <No />}</td>
              <td style={{ textAlign: "right" }}>
                {uses(o) ? (
                  <Link to={links.org(o.organization)} className={`${ui.button.secondary} ${ui.buttonSmall}`} aria-label={`Open ${o.name}`}>
                    Open
                  </Link>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </ListTable>
    </>
  );
}

export function ModuleCreateView({
  links,
  candidates,
  actionData,
}: {
  links: ModuleLinks;
  candidates: ModuleOrg[];
  actionData?: { intent: "create" | "enable"; result: SubmissionResult<string[]> } | null;
}) {
  const [createForm, createFields] = formFields({
    id: "module-org-create",
    lastResult: actionData?.intent === "create" ? actionData.result : undefined,
    constraint: ModuleOrganizationInputConstraints,
    defaultValue: { product_type: "STORAGE" },
  });
  const [enableForm, enableFields] = formFields({
    id: "module-org-enable",
    lastResult: actionData?.intent === "enable" ? actionData.result : undefined,
    constraint: ModuleEnableInputConstraints,
  });
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Create {links.label}</h1>
          <p className={ui.pageLead}>
            A new organization with {links.label}, or {links.label} for an organization that already exists. Then register its aircraft (MSNs).
          </p>
        </div>
        <Link to={links.list} className={ui.button.secondary}>
          {links.label} organizations
        </Link>
      </div>
      <div className={ui.grid}>
        <section aria-labelledby="new-org">
          <h2 id="new-org" className={s.sectionTitle}>
            New organization
          </h2>
          <Form method="post" {...getFormProps(createForm)} className={s.formCard}>
            <input type="hidden" name="intent" value="create" />
            <FormError id={createForm.errorId} errors={createForm.errors} />
            <Field label="Organization name" meta={createFields.name} />
            <Field label="Short name (slug)" meta={createFields.slug} hint="Leave blank to derive it from the name." autoCapitalize="none" />
            <SelectField label="Product type" meta={createFields.product_type} options={PRODUCT_TYPES.map((p) => ({ value: p, label: p }))} />
            <div className={s.actions}>
              <button type="submit" className={ui.button.primary}>
                Create organization
              </button>
            </div>
          </Form>
        </section>
        <section aria-labelledby="existing-org">
          <h2 id="existing-org" className={s.sectionTitle}>
            Existing organization
          </h2>
          <Form method="post" {...getFormProps(enableForm)} className={s.formCard}>
            <input type="hidden" name="intent" value="enable" />
            <FormError id={enableForm.errorId} errors={enableForm.errors} />
            {candidates.length ? (
              <>
                <SelectField
                  label="Organization"
                  meta={enableFields.organization_id}
                  placeholder="Choose an organization"
                  options={candidates.map((o) => ({ value: String(o.organization_id), label: o.name }))}
                />
                <div className={s.actions}>
                  <button type="submit" className={ui.button.primary}>
                    Switch {links.label} on
                  </button>
                </div>
              </>
            ) : (
              <p className={ui.muted}>Every organization already uses {links.label}.</p>
            )}
          </Form>
        </section>
      </div>
    </>
  );
}


export function MsnRegisterForm({ links, slug, lastResult }: { links: ModuleLinks; slug: string; lastResult?: SubmissionResult<string[]> | null }) {
  const [form, fields] = formFields({
    id: "msn-register",
    lastResult,
    constraint: MsnIdCreatedInputConstraints,
    defaultValue: { kind: "aircraft", status: "IN OPERATION" },
  });
  return (
    <Form method="post" {...getFormProps(form)} className={s.formCard}>
      <input type="hidden" name="organization" value={slug} />
      <input type="hidden" name="product" value={links.product} />
      <FormError id={form.errorId} errors={form.errors} />
      <div className={s.formGrid}>
        <Field label="MSN" meta={fields.msn_id} hint="An MSN already in the organization is enabled for the module (same registration)." />
        <Field label="Registration" meta={fields.registration} autoCapitalize="characters" />
        <Field label="Manufacturer" meta={fields.manufacturer} hint={links.product === "ops" ? "Its template tabs are copied to the aircraft." : undefined} />
        <Field label="Model" meta={fields.model} />
        <SelectField label="Kind" meta={fields.kind} options={AIRCRAFT_KINDS.map((k) => ({ value: k, label: k === "aircraft" ? "Aircraft" : "Helicopter" }))} />
        <SelectField label="Status" meta={fields.status} options={AIRCRAFT_STATUSES.map((st) => ({ value: st, label: AIRCRAFT_STATUS_LABEL[st] }))} />
      </div>
      <div className={s.actions}>
        <button type="submit" className={ui.button.primary}>
          Register MSN for {links.label}
        </button>
      </div>
    </Form>
  );
}

export function MsnList({
  links,
  msns,
}: {
  links: ModuleLinks;
  msns: { msn_ids: { msn_id: string; org_msn_id: number; registration: string; status: string }[]; total: number; page: number; per_page: number };
}) {
  return (
    <>
      <ListTable empty={msns.msn_ids.length === 0} emptyText={<>No aircraft registered for {links.label} yet.</>}>
        <thead>
          <tr>
            <th scope="col">MSN</th>
            <th scope="col">Registration</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {msns.msn_ids.map((m) => (
            <tr key={m.org_msn_id}>
              <td className={dt.code}>{m.msn_id}</td>
              <td>{m.registration}</td>
              <td>
                <StatusBadge status={m.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </ListTable>
      <ListPagination page={msns.page} total={msns.total} perPage={msns.per_page} noun="aircraft" />
    </>
  );
}
