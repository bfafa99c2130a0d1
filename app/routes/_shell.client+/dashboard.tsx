// /client/dashboard: the Contractor Dashboard (spec 000 §1, §2, §6): consultant cards for
// non-consultant viewers (clients, admins, members; consultants get /errors/error-401), filtered and
// sorted in the URL (a GET form) and paged (pageRangeDisplayed 5, margin pages 2). Staff also approve,
// disapprove, set availability and notes and rates; clients see the result and like consultants.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ConsultantCard } from "~/components/consultant-card/consultant-card";
import * as cardCss from "~/components/consultant-card/consultant-card.css";
import { StaffDialog, useCardLinks, type DialogData } from "~/components/consultant-card/listing";
import { ConsultantFilters, pageOf, readFilters, toQuery } from "~/components/consultant-filters/consultant-filters";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { Pagination } from "~/components/pagination/pagination";
import * as ui from "~/components/ui/ui.css";
import { listConsultants } from "~/models/consultant.server";
import { dialogTarget, MARKET_ROLES, runMarketIntent } from "~/models/consultant-pages.server";
import { withoutDialog } from "~/models/consultant-dialogs";
import { requireUser } from "~/utils/auth.server";

export const meta: MetaFunction = () => [{ title: "Contractor Dashboard · AeroRecords" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context, { roles: MARKET_ROLES });
  const url = new URL(request.url);
  const values = readFilters(url);
  const [list, dialog] = await Promise.all([listConsultants(viewer.api, toQuery(values, pageOf(url), PER_PAGE)), dialogTarget(viewer, url)]);
  return { list, values, manage: MARKET_ROLES.includes(viewer.user.role), dialog };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireUser(request, context, { roles: MARKET_ROLES });
  const form = await request.formData();
  const url = new URL(request.url);
  return runMarketIntent(viewer, form, { fallback: "/client/dashboard", dialogFallback: withoutDialog(url) });
}

const PER_PAGE = 12;

export default function ContractorDashboard() {
  const { list, values, manage, dialog } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as DialogData | undefined;
  const location = useLocation();
  const links = useCardLinks();
  const hrefFor = (page: number) => {
    const q = new URLSearchParams(location.search);
    q.delete("dialog");
    q.delete("consultant");
    if (page > 1) q.set("page", String(page));
    else q.delete("page");
    const s = q.toString();
    return `${location.pathname}${s ? `?${s}` : ""}`;
  };
  return (
    // With a script: the cards' like toggle, the resume alert, the filters' selects (app/plain/widgets/market.ts).
    <div data-plain="market">
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Contractor Dashboard</h1>
          <p className={ui.pageLead}>
            Technical consultants for record reviews, physical inspections, records scanning and project management, in more than 100 countries.
          </p>
        </div>
        <Link to="/client/saved" className={ui.button.secondary}>
          Saved consultants
        </Link>
      </div>
      <ConsultantFilters action={location.pathname} values={values} countries={list.facets.countries} services={list.facets.services} />
      <p className={`${ui.small} ${ui.muted}`} aria-live="polite" data-total={list.total}>
        {list.total === 1 ? "1 consultant" : `${list.total.toLocaleString("en-US")} consultants`}
        {Object.entries(values).some(([k, v]) => k !== "sort" && v) ? " match your filters" : ""}
      </p>
      {list.consultants.length === 0 ? (
        <div className={ui.card}>
          <p className={ui.empty}>There&apos;s nothing here... Try fewer filters.</p>
        </div>
      ) : (
        <ul className={cardCss.grid} aria-label="Consultants">
          {list.consultants.map((c) => (
            <li key={c.id}>
              <ConsultantCard card={c} manage={manage} links={links} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={list.page} total={list.total} perPage={list.per_page} hrefFor={hrefFor} noun="consultants" label="Consultant pages" />
      <StaffDialog dialog={dialog} actionData={actionData} />
    </div>
  );
}

export const ErrorBoundary = PageErrorBoundary;

