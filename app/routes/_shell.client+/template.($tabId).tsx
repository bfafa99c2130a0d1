// /client/template/{tabId?}?typeOfManufacturer=… (spec 001 §2, issue 14 item 4): the AeroOPS template
// editor of ops_template, admin and member. Without a manufacturer: the manufacturers, and a new one
// with its first tab. With one: its template tabs (add, delete after a confirmation), and its versions
// (save one with a note, list them; ?version=N shows what one held, ADR 052). With a tab: its rows (sorted, filtered,
// paged by the URL; add / edit in the row dialog, delete a selection or all after a confirmation) and
// its columns (rename, retype, reorder, add, delete). Every form works without JavaScript; the ops
// API refuses other roles and bad values, and the page shows its message. A new aircraft of the
// manufacturer starts with these tabs (the upstream copies them when the MSN is registered).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { markupShouldRevalidate, PageMarkup } from "~/components/server-markup/server-markup";
import { routeActionMarkup, routeMarkupFrom } from "~/utils/page-markup.server";
import { act, load, Page } from "./__template-tabid-page.server";

const ID = "page-template-editor";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.view === "tab" ? `${data.tab?.tab_name} · ` : ""}${data?.view === "version" ? `Version ${data.version?.version} · ` : ""}${data?.manufacturer ? `${data.manufacturer.name} template` : "Template editor"} · AeroRecords` },
];

/** What the title needs of the page's data (the rest of it stays on the server: the page is its HTML). */
function keep(d: SerializeFrom<typeof load>) {
  return {
    view: d.view,
    manufacturer: d.view === "manufacturers" ? null : { name: d.manufacturer.name },
    tab: d.view === "tab" ? { tab_name: d.tab.tab_name } : null,
    version: d.view === "version" ? { version: d.version.version } : null,
  };
}

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, ID, await load(args), () => <Page />, { keep });
}

// A form's answer with errors is the page again, rendered by the action (ADR 064).
export async function action(args: ActionFunctionArgs) {
  return routeActionMarkup(args, ID, await act(args), () => load(args), () => <Page />);
}

export default function TemplateEditor() {
  return <PageMarkup id={ID} />;
}

// A refused form (4xx) changed nothing: its answer is the page, so the loader does not run again (ADR 066).
export const shouldRevalidate = markupShouldRevalidate;

export const ErrorBoundary = PageErrorBoundary;
