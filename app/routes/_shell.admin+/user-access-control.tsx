// /admin/user-access-control: grant, change and revoke Read Access / Edit Access / Super User per
// user, aircraft and product (storage, AeroOPS, AeroOIL), and in bulk for a whole organization.
//   ?user_id=     one person's access to every aircraft of their organization (a row per aircraft)
//   ?aircraft_id= one aircraft's people (a row per person); the same view Super Users get at
//                 /aircraft-access/{id}
//   otherwise     pick a person or an aircraft (optionally within ?organization_id=)
// Every change goes through POST /admin/access/grant.json or revoke.json and holds from the next
// request on (the USERS list and every access check read the grants directly).
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { markupShouldRevalidate, PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom, routeActionMarkup } from "~/utils/page-markup.server";
import { load, act, Page } from "./__user-access-control-page.server";

export const meta: MetaFunction = () => [{ title: "User access control · AeroRecords" }];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-admin-uac", await load(args), () => <Page />);
}

// A form's answer with errors is the page again, rendered by the action (ADR 064).
export async function action(args: ActionFunctionArgs) {
  return routeActionMarkup(args, "page-admin-uac", await act(args), () => load(args), () => <Page />);
}

export default function UserAccessControl() {
  return <PageMarkup id="page-admin-uac" />;
}

// A refused form (4xx) changed nothing: its answer is the page, so the loader does not run again (ADR 066).
export const shouldRevalidate = markupShouldRevalidate;

export const ErrorBoundary = PageErrorBoundary;
