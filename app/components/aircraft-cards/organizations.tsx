// The organizations list of /storage/organization and /storage/uef/organization: the staff's filter
// (a GET form) and each organization's link to its fleet.
import type { SerializeFrom } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { ActionsHeader, ListTable } from "~/components/data-table-simple/data-table-simple";
import * as ui from "~/components/ui/ui.css";
import type { organizationsLoader } from "~/models/storage-pages.server";

export function OrganizationsPage({ data }: { data: SerializeFrom<typeof organizationsLoader> }) {
  const overview = data.family === "uef" ? "/storage/uef/overview" : "/storage/overview";
  const here = data.family === "uef" ? "/storage/uef/organization" : "/storage/organization";
  return (
    <section>
      <header className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Organizations</h1>
          <p className={ui.pageLead}>{data.family === "uef" ? "Extended upload: choose an organization's fleet." : "Choose an organization to open its fleet and records."}</p>
        </div>
      </header>
      {data.staff ? (
        <Form method="get" action={here} className={ui.filterBar} role="search" aria-label="Filter organizations">
          <div className={ui.field}>
            <label className={ui.label} htmlFor="org-filter">
              Name
            </label>
            <input id="org-filter" name="filter" type="search" className={ui.input} defaultValue={data.filter} maxLength={200} />
          </div>
          {data.family === "standard" ? (
            <div className={ui.field}>
              <label className={ui.label} htmlFor="org-product">
                Product type
              </label>
              <select id="org-product" name="product_type" className={ui.input} defaultValue={data.productType}>
                <option value="">All</option>
                <option value="STORAGE">STORAGE</option>
                <option value="UAMBOX">UAMBOX</option>
              </select>
            </div>
          ) : null}
          <button type="submit" className={ui.button.secondary}>
            Apply
          </button>
        </Form>
      ) : null}
      <ListTable empty={!data.organizations.length} emptyText="No organizations to show." bareEmpty>
        <thead>
          <tr>
            <th scope="col">Organization</th>
            <th scope="col">Product type</th>
            <th scope="col">File search</th>
            <ActionsHeader label="Open" />
          </tr>
        </thead>
        <tbody>
          {data.organizations.map((o) => (
            <tr key={o.id}>
              <td>
                <strong>{o.name}</strong>
                <div className={`${ui.small} ${ui.muted}`}>{o.slug}</div>
              </td>
              <td>
                <span className={`${ui.badge} ${o.product_type === "UAMBOX" ? ui.badgeTone.warning : ui.badgeTone.neutral}`}>{o.product_type}</span>
              </td>
              <td>{o.search_all ? "All aircraft" : "Per aircraft"}</td>
              <td style={{ textAlign: "right" }}>
                <Link className={`${ui.button.secondary} ${ui.buttonSmall}`} to={`${overview}?organization=${encodeURIComponent(o.slug)}`}>
                  Open fleet
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </ListTable>
    </section>
  );
}
