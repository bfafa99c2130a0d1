// saved.tsx's page as server markup (issue 12, ADR 063): its loader (load) and
// its component (Page), rendered by the route's loader in a router at the page's address (routePage).
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ConsultantCard } from "~/components/consultant-card/consultant-card";
import * as cardCss from "~/components/consultant-card/consultant-card.css";
import { StaffDialog, useCardLinks, type DialogData } from "~/components/consultant-card/listing";
import { pageOf } from "~/components/consultant-filters/consultant-filters";
import { Pagination } from "~/components/pagination/pagination";
import * as ui from "~/components/ui/ui.css";
import { listSaved } from "~/models/consultant.server";
import { dialogTarget, isStaffRole, MARKET_ROLES, runMarketIntent } from "~/models/consultant-pages.server";
import { withoutDialog } from "~/models/consultant-dialogs";
import { requireUser } from "~/utils/auth.server";

export async function load({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context, { roles: MARKET_ROLES });
  const url = new URL(request.url);
  const [list, dialog] = await Promise.all([listSaved(viewer.api, pageOf(url), PER_PAGE), dialogTarget(viewer, url)]);
  return json({ list, staff: isStaffRole(viewer.user.role), dialog }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function act({ request, context }: ActionFunctionArgs) {
  const viewer = await requireUser(request, context, { roles: MARKET_ROLES });
  const form = await request.formData();
  return runMarketIntent(viewer, form, { fallback: "/client/saved", dialogFallback: withoutDialog(new URL(request.url)) });
}

export const PER_PAGE = 12;

export function Page() {
  const { list, staff, dialog } = useLoaderData<typeof load>();
  const actionData = useActionData<typeof act>() as DialogData | undefined;
  const location = useLocation();
  const links = useCardLinks();
  return (
    <>
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
              <ConsultantCard card={c} staff={staff} links={links} />
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
    </>
  );
}
