// /admin/aeroops/org?org={slug}: an AeroOPS organization (?type=Aerooil: AeroOIL) and the aircraft
// registered for the module (POST /v1/user_access/msn_id/get_v2.json), with the form that registers
// an MSN (POST /v1/user_access/msn_id_created.json: creates the aircraft, or enables an existing one,
// and its module tabs).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import * as s from "~/components/admin/admin.css";
import { MsnList, MsnRegisterForm } from "~/components/admin/module-admin";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import * as ui from "~/components/ui/ui.css";
import { moduleLinks } from "~/models/module-admin";
import { moduleOrgLoader, moduleRegisterAction } from "~/models/module-admin.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.organization.name ?? "Organization"} · ${data?.label ?? "AeroOPS"} · AeroRecords` },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { links, organization, msns } = await moduleOrgLoader(request, context, "admin");
  return { type: links.type, label: links.label, organization, msns };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return moduleRegisterAction(request, context, "admin");
}

export default function OpsOrganization() {
  const { type, organization, msns } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const links = moduleLinks("admin", type);
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>{organization.name}</h1>
          <p className={ui.pageLead}>
            {msns.total} aircraft registered for {links.label} · {organization.product_type}
          </p>
        </div>
        <Link to={links.list} className={ui.button.secondary}>
          {links.label} organizations
        </Link>
      </div>
      <section aria-labelledby="msns-title">
        <h2 id="msns-title" className={s.sectionTitle}>
          Registered aircraft
        </h2>
        <MsnList links={links} msns={msns} />
      </section>
      <section className={s.section} aria-labelledby="register-title">
        <h2 id="register-title" className={s.sectionTitle}>
          Register an MSN
        </h2>
        <MsnRegisterForm links={links} slug={organization.organization} lastResult={actionData?.result} />
      </section>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
