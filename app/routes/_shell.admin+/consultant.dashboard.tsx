// /admin/consultant/dashboard: every consultant (active or not, onboarded or not), by approval status,
// searched, sorted and paged in the URL (GET /admin/consultants.json). Approve and disapprove from
// the list (GET /consultant/{id}/approve_consultant.json, disapprove_consultant.json); the profile
// opens at /consultant/profile/{id}/overview.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { ListPagination, RowActionButton, RowActionForm } from "~/components/admin/list-parts";
import * as s from "~/components/admin/admin.css";
import { ActionsCell, ActionsHeader, ListSearch, ListTable, SortHeader } from "~/components/data-table-simple/data-table-simple";
import { listHref } from "~/components/data-table-simple/list-url";
import { dateUtc } from "~/utils/dates";
import * as dt from "~/components/data-table-simple/data-table-simple.css";
import * as ui from "~/components/ui/ui.css";
import * as admin from "~/models/admin.server";
import { listParams } from "~/models/forms.server";
import { ConsultantsQuery } from "~/models/schemas/admin.server";
import { requireUser, STAFF, safeRedirect } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Consultants · AeroRecords" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const params = listParams(request, ConsultantsQuery);
  const data = await admin.listConsultants(api, params);
  return { params, ...data };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const form = await request.formData();
  const back = safeRedirect(form.get("redirectTo"), "/admin/consultant/dashboard");
  const approve = DECISIONS[String(form.get("intent")) as keyof typeof DECISIONS];
  const id = Number(form.get("id"));
  if (approve === undefined || !Number.isSafeInteger(id) || id < 1) return redirectWithToast(back, { type: "error", description: "Choose a consultant." });
  const res = await admin.decideConsultant(api, id, approve);
  if (!res.ok) return redirectWithToast(back, { type: "error", description: res.error });
  return redirectWithToast(back, { type: "success", description: res.message ?? "Saved." });
}

const DECISIONS = { approve: true, disapprove: false } as const;

const APPROVAL = {
  verified: { label: "Verified", tone: "success" },
  disapproved: { label: "Disapproved", tone: "danger" },
  undecided: { label: "Undecided", tone: "neutral" },
} as const;

export default function Consultants() {
  const { params, consultants, counts, total, page, per_page } = useLoaderData<typeof loader>();
  const location = useLocation();
  const here = location.pathname + location.search;
  const all = counts.verified + counts.undecided + counts.disapproved;
  const tabs = [
    { value: undefined, label: "All", n: all },
    { value: "undecided", label: "Undecided", n: counts.undecided },
    { value: "verified", label: "Verified", n: counts.verified },
    { value: "disapproved", label: "Disapproved", n: counts.disapproved },
  ] as const;
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Consultants</h1>
          <p className={ui.pageLead}>The contractor pool: approve new profiles, follow onboarding.</p>
        </div>
        <Link to="/admin/consultant/create" className={ui.button.primary}>
          Create consultant
        </Link>
      </div>
      <ul className={s.tabs} aria-label="Approval status">
        {tabs.map((t) => (
          <li key={t.label}>
            <Link
              className={s.tab}
              to={listHref(location.pathname, location.search, { approval: t.value })}
              aria-current={params.approval === t.value ? "page" : undefined}
            >
              {t.label} <span>({t.n})</span>
            </Link>
          </li>
        ))}
      </ul>
      <ListSearch
        q={params.q}
        label="Find a consultant"
        placeholder="Name, e-mail, city or country"
        keep={{ sort: params.sort, dir: params.dir, approval: params.approval }}
      />
      <ListTable empty={consultants.length === 0} emptyText="No consultants match.">
        <thead>
          <tr>
            <SortHeader label="Name" sortKey="name" current={params} />
            <SortHeader label="Country" sortKey="country" current={params} />
            <SortHeader label="Approval" sortKey="approval_status" current={params} />
            <th scope="col">Availability</th>
            <SortHeader label="Onboarding" sortKey="stage" current={params} />
            <SortHeader label="Created" sortKey="created_at" current={params} />
            <ActionsHeader />
          </tr>
        </thead>
        <tbody>
          {consultants.map((c) => (
            <tr key={c.id}>
              <td>
                <Link to={`/consultant/profile/${c.id}/overview`}>
                  <strong>{c.name}</strong>
                </Link>
                {c.active ? null : (
                  <>
                    {" "}
                    <span className={`${ui.badge} ${ui.badgeTone.danger}`}>Inactive</span>
                  </>
                )}
                <div className={`${ui.small} ${ui.muted}`}>{c.email}</div>
              </td>
              <td>{[c.city, c.country].filter(Boolean).join(", ") || <span className={ui.muted}>—</span>}</td>
              <td>
                <span className={`${ui.badge} ${ui.badgeTone[APPROVAL[c.approval_status].tone]}`}>{APPROVAL[c.approval_status].label}</span>
              </td>
              <td>{c.availability_status == null ? <span className={ui.muted}>Not set</span> : c.availability_status ? "Available" : "Not available"}</td>
              <td>{c.stage === "complete" ? "Complete" : c.stage.replace(/_/g, " ")}</td>
              <td className={dt.nowrap}>{dateUtc(c.created_at)}</td>
              <ActionsCell>
                <RowActionForm fields={{ id: c.id }} redirectTo={here}>
                  {c.approval_status !== "verified" ? (
                    <RowActionButton intent="approve" label={`Approve ${c.name}`}>
                      Approve
                    </RowActionButton>
                  ) : null}{" "}
                  {c.approval_status !== "disapproved" ? (
                    <RowActionButton intent="disapprove" tone="ghost" label={`Disapprove ${c.name}`}>
                      Disapprove
                    </RowActionButton>
                  ) : null}
                </RowActionForm>
              </ActionsCell>
            </tr>
          ))}
        </tbody>
      </ListTable>
      <ListPagination page={page} total={total} perPage={per_page} noun="consultants" />
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
