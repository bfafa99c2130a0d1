// /admin/organization/{id}: edit an organization and manage its aircraft (list searched, sorted and
// paged in the URL; add and edit pages). GET /admin/organizations/{id}.json and …/aircraft.json,
// POST /admin/organizations/{id}.json; its signing policy (ADR 088), changed by site admins.
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import * as s from "~/components/admin/admin.css";
import { ListPagination } from "~/components/admin/list-parts";
import { OrganizationForm } from "~/components/admin/organization-form";
import { SigningPolicySection } from "~/components/signatures/policy-form";
import { ActionsCell, ActionsHeader, ListSearch, ListTable, SortHeader } from "~/components/data-table-simple/data-table-simple";
import { StatusBadge } from "~/components/ui/status-badge";
import * as dt from "~/components/data-table-simple/data-table-simple.css";
import * as ui from "~/components/ui/ui.css";
import * as admin from "~/models/admin.server";
import { listParams, submitChange } from "~/models/forms.server";
import { AircraftQuery, OrganizationInput } from "~/models/schemas/admin.server";
import { AIRCRAFT_STATUSES } from "~/models/admin-constants";
import * as signatures from "~/models/signatures.server";
import { requireUser, STAFF } from "~/utils/auth.server";
import { AIRCRAFT_STATUS_LABEL } from "~/models/status-labels";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.organization.name ?? "Organization"} · AeroRecords` }];

export async function loader({ request, params: route, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const id = orgIdOf(route.orgId);
  const params = listParams(request, AircraftQuery);
  const [detail, list, signing] = await Promise.all([
    admin.getOrganization(api, id),
    admin.listOrganizationAircraft(api, id, params),
    signatures.policy(api, id),
  ]);
  return { ...detail, params, list, signing };
}

export async function action({ request, params: route, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const id = orgIdOf(route.orgId);
  const form = await request.formData();
  if (form.get("intent") === "signing") {
    const res = await signatures.setPolicy(api, form, id);
    if (!res.ok) return data({ result: undefined, problem: null, signingError: res.error }, { status: 422 });
    return redirectWithToast(`/admin/organization/${id}`, { type: "success", description: res.data.message });
  }
  const submission = parseWithZod(form, { schema: OrganizationInput });
  if (submission.status !== "success") return data({ result: submission.reply(), problem: null }, { status: 400 });
  return submitChange({
    send: admin.updateOrganization(api, id, submission.value),
    submission,
    redirectTo: () => `/admin/organization/${id}`,
  });
}

const orgIdOf = (raw: string | undefined) => {
  if (!raw || !/^\d{1,12}$/.test(raw)) throw new Response("Not found", { status: 404 });
  return Number(raw);
};

export default function OrganizationPage() {
  const { organization: o, aircraft_counts, params, list, signing } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>{o.name}</h1>
          <p className={ui.pageLead}>
            {aircraft_counts.total} aircraft · {o.user_count} users ·{" "}
            {o.whitelist_count ? `${o.whitelist_count} IP whitelist entries` : "no IP whitelist (open from anywhere)"}
          </p>
        </div>
        <div className={ui.row}>
          <Link to={`/dashboard?organization_id=${o.id}`} className={ui.button.secondary}>
            Overview
          </Link>
          <Link to={`/admin/user-access-control?organization_id=${o.id}`} className={ui.button.secondary}>
            Access
          </Link>
          <Link to={`/admin/organization/${o.id}/aircraft/new`} className={ui.button.primary}>
            Add aircraft
          </Link>
        </div>
      </div>

      <section aria-labelledby="aircraft-title">
        <h2 id="aircraft-title" className={s.sectionTitle}>
          Aircraft
        </h2>
        <ListSearch q={params.q} label="Find an aircraft" placeholder="MSN, name, registration, model" keep={{ sort: params.sort, dir: params.dir }}>
          <label>
            Status
            <select name="status" defaultValue={params.status ?? ""} className={ui.input}>
              <option value="">Any</option>
              {AIRCRAFT_STATUSES.map((st) => (
                <option key={st} value={st}>
                  {AIRCRAFT_STATUS_LABEL[st]}
                </option>
              ))}
            </select>
          </label>
        </ListSearch>
        <ListTable empty={list.aircraft.length === 0} emptyText={list.counts.total === 0 ? "No aircraft yet: add the first one." : "No aircraft match."}>
          <thead>
            <tr>
              <SortHeader label="MSN" sortKey="msn" current={params} />
              <SortHeader label="Name" sortKey="name" current={params} />
              <SortHeader label="Registration" sortKey="registration" current={params} />
              <th scope="col">Kind</th>
              <SortHeader label="Manufacturer" sortKey="manufacturer" current={params} />
              <SortHeader label="Status" sortKey="status" current={params} />
              <th scope="col">Users</th>
              <ActionsHeader />
            </tr>
          </thead>
          <tbody>
            {list.aircraft.map((a) => (
              <tr key={a.id}>
                <td className={dt.code}>{a.msn}</td>
                <td>
                  <Link to={`/storage/aircraft/${a.id}/files`}>{a.name}</Link>
                </td>
                <td>{a.registration}</td>
                <td>{a.kind === "helicopter" ? "Helicopter" : "Aircraft"}</td>
                <td>
                  {a.manufacturer} {a.model}
                </td>
                <td>
                  <StatusBadge status={a.status} />
                </td>
                <td>
                  <Link to={`/admin/user-access-control?aircraft_id=${a.id}`}>{a.user_count}</Link>
                </td>
                <ActionsCell>
                  <Link to={`/admin/organization/${o.id}/aircraft/${a.id}`} className={`${ui.button.secondary} ${ui.buttonSmall}`}>
                    Edit
                  </Link>
                </ActionsCell>
              </tr>
            ))}
          </tbody>
        </ListTable>
        <ListPagination page={list.page} total={list.total} perPage={list.per_page} noun="aircraft" />
      </section>

      <section className={s.section} aria-labelledby="edit-title">
        <h2 id="edit-title" className={s.sectionTitle}>
          Settings
        </h2>
        <OrganizationForm
          id={`organization-${o.id}`}
          lastResult={actionData?.result}
          initial={o}
          submitLabel="Save organization"
          cancelTo="/admin/organization"
        />
      </section>

      {signing ? (
        <div className={s.section}>
          <SigningPolicySection view={signing} error={actionData && "signingError" in actionData ? actionData.signingError : null} />
        </div>
      ) : null}
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
