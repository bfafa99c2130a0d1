// /aerooil/view?organization={slug}: an AeroOIL organization and its registered aircraft
// (POST /v1/user_access/msn_id/get_v2.json, product oil). Registering happens at /aerooil/msnids.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import * as s from "~/components/admin/admin.css";
import { MsnList } from "~/components/admin/module-admin";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import * as ui from "~/components/ui/ui.css";
import { moduleLinks } from "~/models/module-admin";
import { moduleOrgLoader } from "~/models/module-admin.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.organization.name ?? "Organization"} · AeroOIL · AeroRecords` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { organization, msns } = await moduleOrgLoader(request, context, "aerooil");
  return { organization, msns };
}

export default function OilOrganization() {
  const { organization, msns } = useLoaderData<typeof loader>();
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

export const ErrorBoundary = PageErrorBoundary;
