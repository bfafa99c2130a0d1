// /admin/aeroops/create: create an AeroOPS organization or switch AeroOPS on for an existing one
// (?type=Aerooil: AeroOIL). ops_template may create and view AeroOPS organizations only.
// POST /admin/organizations.json (has_ops) or /admin/organizations/{id}/modules.json.
import { type SerializeFrom, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { markupShouldRevalidate, PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom, routeActionMarkup } from "~/utils/page-markup.server";
import { load, act, Page } from "./__aeroops-create-page.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Create ${data?.label ?? "AeroOPS"} · AeroRecords` }];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-module-create", await load(args), () => <Page />, { keep: (d: SerializeFrom<typeof load>) => ({ label: d.label }) });
}

// A form's answer with errors is the page again, rendered by the action (ADR 064).
export async function action(args: ActionFunctionArgs) {
  return routeActionMarkup(args, "page-module-create", await act(args), () => load(args), () => <Page />);
}

export default function CreateOps() {
  return <PageMarkup id="page-module-create" />;
}

// A refused form (4xx) changed nothing: its answer is the page, so the loader does not run again (ADR 066).
export const shouldRevalidate = markupShouldRevalidate;

export const ErrorBoundary = PageErrorBoundary;
