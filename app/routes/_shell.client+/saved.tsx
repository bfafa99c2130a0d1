// /client/saved: the consultants the viewer liked (GET /client/saved.json), as cards with the same
// controls as the Contractor Dashboard. Clients, admins and members; consultants get /errors/error-401.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ConsultantCard } from "~/components/consultant-card/consultant-card";
import * as cardCss from "~/components/consultant-card/consultant-card.css";
import { StaffDialog, useCardLinks, type DialogData } from "~/components/consultant-card/listing";
import { pageOf } from "~/components/consultant-filters/consultant-filters";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { Pagination } from "~/components/pagination/pagination";
import * as ui from "~/components/ui/ui.css";
import { listSaved } from "~/models/consultant.server";
import { dialogTarget, MARKET_ROLES, runMarketIntent } from "~/models/consultant-pages.server";
import { withoutDialog } from "~/models/consultant-dialogs";
import { requireUser } from "~/utils/auth.server";

export const meta: MetaFunction = () => [{ title: "Saved consultants · AeroRecords" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context, { roles: MARKET_ROLES });
  const url = new URL(request.url);
  const [list, dialog] = await Promise.all([listSaved(viewer.api, pageOf(url), PER_PAGE), dialogTarget(viewer, url)]);
  return { list, manage: MARKET_ROLES.includes(viewer.user.role), dialog };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireUser(request, context, { roles: MARKET_ROLES });
  const form = await request.formData();
  return runMarketIntent(viewer, form, { fallback: "/client/saved", dialogFallback: withoutDialog(new URL(request.url)) });
}

const PER_PAGE = 12;

export default function SavedConsultants() {
  const { list, manage, dialog } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as DialogData | undefined;
  const location = useLocation();
  const links = useCardLinks();
  return (
    // With a script: the cards' like toggle and the resume alert (app/plain/widgets/market.ts).
    <div data-plain="market">
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Saved</h1>
          <p className={ui.pageLead}>The consultants you liked. Unlike one to remove it from this list.</p>
        </div>
        <Link to="/client/dashboard" className={ui.button.secondary}>
          Contractor Dashboard
        </Link>
      </div>
      {list.consultants.length === 0 ? (
        <div className={ui.card}>
          <p className={ui.empty}>
            There&apos;s nothing here... Like consultants on the <Link to="/client/dashboard">Contractor Dashboard</Link> to find them here.
          </p>
        </div>
      ) : (
        <ul className={cardCss.grid} aria-label="Saved consultants">
          {list.consultants.map((c) => (
            <li key={c.id}>
              <ConsultantCard card={c} manage={manage} links={links} />
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={list.page}
        total={list.total}
        perPage={list.per_page}
        noun="saved consultants"
        label="Saved pages"
        hrefFor={(p) => `${location.pathname}${p > 1 ? `?page=${p}` : ""}`}
      />
      <StaffDialog dialog={dialog} actionData={actionData} />
    </div>
  );
}

export const ErrorBoundary = PageErrorBoundary;

