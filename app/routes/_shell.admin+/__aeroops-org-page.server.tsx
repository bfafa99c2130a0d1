// aeroops.org.tsx's page as server markup (issue 12, ADR 063, 064): its loader (load), its action (act)
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
  const { links, organization, msns } = await moduleOrgLoader(request, context, "admin");
  return json({ type: links.type, label: links.label, organization, msns });
}

export async function act({ request, context }: ActionFunctionArgs) {
  return moduleRegisterAction(request, context, "admin");
}

export function Page() {
  const { type, organization, msns } = useLoaderData<typeof load>();
  const actionData = useActionData<typeof act>();
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
