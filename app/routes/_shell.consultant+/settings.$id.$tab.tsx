// /consultant/settings/{id}/{tab}: general, phone, notifications, activate, deactivate (spec 000 §2).
//   - The consultant: their own settings only (another id: /errors/error-401), with the onboarding
//     redirect by stage (spec §4): basic_info → general, verify_phone/otp_sent/otp_verified → phone,
//     account_locked → notifications (where they can still write to the administrators).
//   - Phone: a 6-digit code is sent, then entered here. In the demo the code goes by e-mail into the
//     mail outbox, which administrators read at /admin/outbox.
//   - Staff (admin, member) reach only activate and deactivate: an administrator's activation also
//     unlocks an account locked by wrong codes.
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type SerializeFrom } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { markupShouldRevalidate, PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom, routeActionMarkup } from "~/utils/page-markup.server";
import { load, act, Page, TAB_LABEL } from "./__settings-id-tab-page.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Settings${data?.tabLabel ? ` · ${data.tabLabel}` : ""} · AeroRecords` }];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-consultant-settings", await load(args), () => <Page />, { keep: (d: SerializeFrom<typeof load>) => ({ tabLabel: TAB_LABEL[d.tab] }) });
}

// A form's answer with errors is the page again, rendered by the action (ADR 064).
export async function action(args: ActionFunctionArgs) {
  return routeActionMarkup(args, "page-consultant-settings", await act(args), () => load(args), () => <Page />);
}

export default function ConsultantSettingsPage() {
  return <PageMarkup id="page-consultant-settings" />;
}

// A refused form (4xx) changed nothing: its answer is the page, so the loader does not run again (ADR 066).
export const shouldRevalidate = markupShouldRevalidate;

export const ErrorBoundary = PageErrorBoundary;
