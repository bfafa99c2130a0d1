// /admin/aeroops/template/manufacturers/{id?} (spec 001 §2; issue 14 item 4 and its leftovers, ADR 052):
// the AeroOPS template library, edited in place. The manufacturers (create; for the chosen one rename
// and delete after a confirmation: ops_template and admin, refused by the ops API with its message
// while registered aircraft name the manufacturer); for the chosen manufacturer the template editor's
// own views (app/components/template-editor): its template tabs (add, delete) and versions (save with a
// note, list; ?version=N shows what one held), and with ?tab_id= a tab's rows and columns. ops_template,
// admin and member may open it; members edit the template but not the manufacturers (the page says
// so, and the ops API refuses a replayed post). Every form works without JavaScript.
import { type SerializeFrom, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { markupShouldRevalidate, PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom, routeActionMarkup } from "~/utils/page-markup.server";
import { load, act, Page } from "./__aeroops-template-manufacturers-id-page.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.view && data.view !== "none" ? `${data.manufacturer.name} · ` : ""}Templates and manufacturers · AeroRecords` },
];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-template-manufacturers", await load(args), () => <Page />, { keep: (d: SerializeFrom<typeof load>) => (d.view !== "none" ? { view: d.view, manufacturer: { name: d.manufacturer.name } } : { view: d.view }) });
}

// A form's answer with errors is the page again, rendered by the action (ADR 064).
export async function action(args: ActionFunctionArgs) {
  return routeActionMarkup(args, "page-template-manufacturers", await act(args), () => load(args), () => <Page />);
}

export default function TemplateManufacturers() {
  return <PageMarkup id="page-template-manufacturers" />;
}

// A refused form (4xx) changed nothing: its answer is the page, so the loader does not run again (ADR 066).
export const shouldRevalidate = markupShouldRevalidate;

export const ErrorBoundary = PageErrorBoundary;
