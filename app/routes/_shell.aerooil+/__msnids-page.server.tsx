// msnids.tsx's page as server markup (issue 12, ADR 063, 064): its loader (load), its action (act)
// and its component (Page), rendered by the route's loader and action in a router at the page's
// address (routePage; an action's answer with errors is the page again, routeActionMarkup).
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import * as s from "~/components/admin/admin.css";
import { MsnList, MsnRegisterForm } from "~/components/admin/module-admin";
import * as ui from "~/components/ui/ui.css";
import { moduleOrgLoader, moduleRegisterAction } from "~/models/module-admin.server";
import { moduleLinks } from "~/models/module-admin";

export async function load({ request, context }: LoaderFunctionArgs) {
  const { organization, msns } = await moduleOrgLoader(request, context, "aerooil");
  return json({ organization, msns });
}

export async function act({ request, context }: ActionFunctionArgs) {
  return moduleRegisterAction(request, context, "aerooil");
}

export function Page() {
  const { organization, msns } = useLoaderData<typeof load>();
  const actionData = useActionData<typeof act>();
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
