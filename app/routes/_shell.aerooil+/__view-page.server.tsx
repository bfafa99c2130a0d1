// view.tsx's page as server markup (issue 12, ADR 063): its loader (load) and
// its component (Page), rendered by the route's loader in a router at the page's address (routePage).
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import * as s from "~/components/admin/admin.css";
import { MsnList } from "~/components/admin/module-admin";
import * as ui from "~/components/ui/ui.css";
import { moduleOrgLoader } from "~/models/module-admin.server";
import { moduleLinks } from "~/models/module-admin";

export async function load({ request, context }: LoaderFunctionArgs) {
  const { organization, msns } = await moduleOrgLoader(request, context, "aerooil");
  return json({ organization, msns });
}

export function Page() {
  const { organization, msns } = useLoaderData<typeof load>();
  const links = moduleLinks("aerooil", "Aerooil");
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>{organization.name}</h1>
          <p className={ui.pageLead}>{msns.total} aircraft registered for AeroOIL</p>
        </div>
        <div className={ui.row}>
          <Link to={links.list} className={ui.button.secondary}>
            AeroOIL organizations
          </Link>
          <Link to={links.register(organization.organization)} className={ui.button.primary}>
            Register MSNs
          </Link>
        </div>
      </div>
      <section aria-labelledby="msns-title">
        <h2 id="msns-title" className={s.sectionTitle}>
          Registered aircraft
        </h2>
        <MsnList links={links} msns={msns} />
      </section>
    </>
  );
}
