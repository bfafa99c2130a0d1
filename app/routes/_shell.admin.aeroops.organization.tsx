// /admin/aeroops/organization: the AeroOPS organizations (ops_template's landing; admin and member
// too), from GET /v1/user_access/organisation/get.json on the ops API.
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { CheckIcon, SearchIcon } from "~/components/icons/icons";
import * as ui from "~/components/ui/ui.css";
import { OrganisationsAnswer } from "~/models/schemas/ops";
import { requireUser } from "~/utils/auth.server";

export const meta: MetaFunction = () => [{ title: "AeroOPS organizations · AeroRecords" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: ["admin", "member", "ops_template"] });
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().toLowerCase().slice(0, 100);
  const all = url.searchParams.get("all") === "1";
  const data = await api.get("ops", "/v1/user_access/organisation/get.json", { schema: OrganisationsAnswer });
  const organizations = data.organizations.filter(
    (o) => (all || o.has_ops) && (!q || o.name.toLowerCase().includes(q) || o.organization.toLowerCase().includes(q)),
  );
  return json({ organizations, total: data.organizations.length, withOps: data.organizations.filter((o) => o.has_ops).length, q, all });
}

const Yes = () => (
  <span className={`${ui.badge} ${ui.badgeTone.success}`}>
    <CheckIcon size={12} /> Yes
  </span>
);
const No = () => <span className={`${ui.badge} ${ui.badgeTone.neutral}`}>No</span>;

export default function OpsOrganizations() {
  const { organizations, total, withOps, q, all } = useLoaderData<typeof loader>();
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>AeroOPS organizations</h1>
          <p className={ui.pageLead}>
            {withOps} of {total} organizations use AeroOPS.
          </p>
        </div>
        <Link to="/admin/aeroops/create" className={ui.button.primary}>
          Create AeroOPS
        </Link>
      </div>
      <Form method="get" className={ui.filterBar} role="search">
        <div className={ui.field} style={{ flex: "1 1 260px" }}>
          <label className={ui.label} htmlFor="org-q">
            Find an organization
          </label>
          <input id="org-q" name="q" type="search" defaultValue={q} className={ui.input} maxLength={100} placeholder="Name or slug" />
        </div>
        <label className={ui.row} style={{ minHeight: 40 }}>
          <input type="checkbox" name="all" value="1" defaultChecked={all} /> Include organizations without AeroOPS
        </label>
        <button type="submit" className={ui.button.secondary}>
          <SearchIcon /> Filter
        </button>
      </Form>
      <div className={ui.tableWrap}>
        {organizations.length === 0 ? (
          <p className={ui.empty}>No organizations match.</p>
        ) : (
          <table className={ui.table}>
            <thead>
              <tr>
                <th scope="col">Organization</th>
                <th scope="col">Slug</th>
                <th scope="col">Product type</th>
                <th scope="col">AeroOPS</th>
                <th scope="col">AeroOIL</th>
                <th scope="col">
                  <span className="visually-hidden">Open</span>
                </th>
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
                    {o.has_ops ? (
                      <Link to={`/admin/aeroops/org?${new URLSearchParams({ org: o.organization, aerotype: "Aeroops" })}`} className={`${ui.button.secondary} ${ui.buttonSmall}`}>
                        Open
                      </Link>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
