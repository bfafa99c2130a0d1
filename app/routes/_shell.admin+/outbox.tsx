// /admin/outbox: the demo's mailbox (GET /admin/mail_outbox.json). Every mail the portal sends
// (confirmations, resets, notices) is kept here, so a new user can finish registration and resets
// on a fresh machine. Admins see the links; members see links of their own mails only (the
// upstream redacts the rest).
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom } from "~/utils/page-markup.server";
import { load, Page } from "./__outbox-page.server";

export const meta: MetaFunction = () => [{ title: "Mail outbox · AeroRecords" }];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-admin-outbox", await load(args), () => <Page />);
}

export default function Outbox() {
  return <PageMarkup id="page-admin-outbox" />;
}

export const ErrorBoundary = PageErrorBoundary;
