// /aerooil/msnids?organization={slug}: register aircraft (MSNs) for AeroOIL in an organization
// (POST /v1/user_access/msn_id_created.json, product oil), with the MSNs already registered.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import * as s from "~/components/admin/admin.css";
import { MsnList, MsnRegisterForm } from "~/components/admin/module-admin";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import * as ui from "~/components/ui/ui.css";
import { moduleLinks } from "~/models/module-admin";
import { moduleOrgLoader, moduleRegisterAction } from "~/models/module-admin.server";

export const meta: MetaFunction = () => [{ title: "AeroOIL MSNs · AeroRecords" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { organization, msns } = await moduleOrgLoader(request, context, "aerooil");
  return { organization, msns };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return moduleRegisterAction(request, context, "aerooil");
}

export default function OilMsnIds() {
  const { organization, msns } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const links = moduleLinks("aerooil", "Aerooil");
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>AeroOIL MSNs of {organization.name}</h1>
          <p className={ui.pageLead}>Register an aircraft for AeroOIL: a new MSN is created in the organization; an existing one gets its oil tabs.</p>
        </div>
        <Link to={links.org(organization.organization)} className={ui.button.secondary}>
          Back to {organization.name}
        </Link>
      </div>
      <MsnRegisterForm links={links} slug={organization.organization} lastResult={actionData?.result} />
      <section className={s.section} aria-labelledby="msns-title">
        <h2 id="msns-title" className={s.sectionTitle}>
          Registered aircraft ({msns.total})
        </h2>
        <MsnList links={links} msns={msns} />
      </section>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
