// /admin/ip-whitelist: the addresses and ranges each organization may be used from
// (GET /admin/ip_whitelist.json), searched, filtered, sorted and paged in the URL; remove entries
// (POST /admin/ip_whitelist/{id}/delete.json, with the same lock-out check as adding).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { ListPagination, OrganizationFilter, RowActionButton, RowActionForm } from "~/components/admin/list-parts";
import { ActionsCell, ActionsHeader, ListSearch, ListTable, SortHeader } from "~/components/data-table-simple/data-table-simple";
import { dateUtc } from "~/utils/dates";
import * as dt from "~/components/data-table-simple/data-table-simple.css";
import * as ui from "~/components/ui/ui.css";
import * as admin from "~/models/admin.server";
import { listParams } from "~/models/forms.server";
import { safeRedirect } from "~/models/roles";
import { IpWarningAnswer, IpWhitelistQuery } from "~/models/schemas/admin.server";
import { requireUser, STAFF } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "IP whitelist · AeroRecords" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const params = listParams(request, IpWhitelistQuery);
  const [data, organizations] = await Promise.all([
    admin.listIpWhitelist(api, params),
    admin.organizationOptions(api),
  ]);
  return { params, ...data, organizations };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const form = await request.formData();
  const back = safeRedirect(form.get("redirectTo"), "/admin/ip-whitelist");
  const id = Number(form.get("id"));
  if (form.get("intent") !== "delete" || !Number.isSafeInteger(id) || id < 1)
    return redirectWithToast(back, { type: "error", description: "Choose an entry." });
  const res = await admin.removeIpWhitelistEntry(api, id, form.get("confirm") === "on");
  if (res.ok) return redirectWithToast(back, { type: "success", description: res.message ?? "Removed." });
  const warning = IpWarningAnswer.safeParse(res.data);
  if (warning.success && warning.data.confirm_required) return data({ confirmId: id, message: res.error }, { status: 409 });
  return redirectWithToast(back, { type: "error", description: res.error });
}

export default function IpWhitelist() {
  const { params, entries, total, page, per_page, your_ip, organizations } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const location = useLocation();
  const here = location.pathname + location.search;
  const confirmId = navigation.state === "idle" ? actionData?.confirmId : undefined;
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>IP whitelist</h1>
          <p className={ui.pageLead}>
            An organization with entries can be used only from them; one without is open. Administrators are never bound. Your current address:{" "}
            <strong className={ui.mono}>{your_ip ?? "unknown"}</strong>.
          </p>
        </div>
        <Link to={`/admin/ip-whitelist/create${params.organization_id ? `?organization_id=${params.organization_id}` : ""}`} className={ui.button.primary}>
          Add address or range
        </Link>
      </div>
      <ListSearch q={params.q} label="Find an entry" placeholder="Address, label or organization" keep={{ sort: params.sort, dir: params.dir }}>
        <OrganizationFilter organizations={organizations} value={params.organization_id} />
      </ListSearch>
      {confirmId && actionData && "message" in actionData ? (
        <div role="alert" className={ui.alert.warning}>
          <span>{actionData.message}</span>
          <RowActionForm fields={{ intent: "delete", id: confirmId, confirm: "on" }} redirectTo={here}>
            <RowActionButton tone="danger">Remove anyway</RowActionButton>
          </RowActionForm>
        </div>
      ) : null}
      <ListTable empty={entries.length === 0} emptyText="No entries: every organization can be used from anywhere.">
        <thead>
          <tr>
            <SortHeader label="Organization" sortKey="organization" current={params} />
            <SortHeader label="Address or range" sortKey="cidr" current={params} />
            <th scope="col">Label</th>
            <th scope="col">You</th>
            <SortHeader label="Added" sortKey="created_at" current={params} />
            <ActionsHeader />
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id}>
              <td>
                <Link to={`/admin/ip-whitelist?organization_id=${e.organization.id}`}>{e.organization.name}</Link>
              </td>
              <td className={dt.code}>{e.cidr}</td>
              <td>{e.label || <span className={ui.muted}>—</span>}</td>
              <td>{e.matches_you ? <span className={`${ui.badge} ${ui.badgeTone.success}`}>Your address</span> : null}</td>
              <td>
                {dateUtc(e.created_at)}
                {e.created_by ? <span className={`${ui.small} ${ui.muted}`}> by {e.created_by}</span> : null}
              </td>
              <ActionsCell>
                <RowActionForm fields={{ intent: "delete", id: e.id }} redirectTo={here}>
                  <RowActionButton label={`Remove ${e.cidr} from ${e.organization.name}`}>Remove</RowActionButton>
                </RowActionForm>
              </ActionsCell>
            </tr>
          ))}
        </tbody>
      </ListTable>
      <ListPagination page={page} total={total} perPage={per_page} noun="entries" />
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
