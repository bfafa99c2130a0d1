// /storage/linkedDocuments/{aircraftId} (spec 000 §1-2, issue 17 item 5): the aircraft's linked
// documents. Suggestions found in the documents' text (accept / reject), the links (unlink), and a
// form to link a document to an AeroOPS / AeroOIL row or a work order. ?row=, ?file= or ?wo= narrow
// the page to one row, document or work order (the tab pages and the file preview link here).
import type { SerializeFrom, ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { reportHandle, reportMeta } from "~/components/aircraft-cards/report-page";
// The page's styles: its components are server-only, so the route brings them to the CSS bundle (ADR 064).
import "~/components/linked-documents/linked-documents.css";
import { markupShouldRevalidate, PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom, routeActionMarkup } from "~/utils/page-markup.server";
import { load, act, Page } from "./__linkeddocuments-aircraftid-page.server";

export const handle = reportHandle;

export const meta = reportMeta("linked");

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-linked-docs", await load(args), () => <Page />, { keep: (d: SerializeFrom<typeof load>) => ({ aircraft: d.aircraft }) });
}

// A form's answer with errors is the page again, rendered by the action (ADR 064).
export async function action(args: ActionFunctionArgs) {
  return routeActionMarkup(args, "page-linked-docs", await act(args), () => load(args), () => <Page />);
}

export default function StorageLinkedDocumentsRoute() {
  return <PageMarkup id="page-linked-docs" />;
}

// A refused form (4xx) changed nothing: its answer is the page, so the loader does not run again (ADR 066).
export const shouldRevalidate = markupShouldRevalidate;
