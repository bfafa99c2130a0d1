// /storage/OCRReport/{aircraftId} (spec 000 §2 "Storage", issue 17): the aircraft's OCR report:
// counts by text-extraction status, folders with files still to process, failed and low-confidence
// files, re-run forms (one file: Edit Access; the aircraft: Super User or staff; the upstream
// decides and its refusal is shown) and a Refresh link (live with JS while jobs run).
import type { SerializeFrom, ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { reportHandle, reportMeta, useLiveFigures } from "~/components/aircraft-cards/report-page";
// The page's styles: its components are server-only, so the route brings them to the CSS bundle (ADR 064).
import "~/components/ocr-report/ocr-report.css";
import { useLoaderData } from "@remix-run/react";
import { markupShouldRevalidate, PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom, routeActionMarkup } from "~/utils/page-markup.server";
import { load, act, Page } from "./__ocrreport-aircraftid-page.server";

export const handle = reportHandle;

export const meta = reportMeta("ocr");

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-ocr-report", await load(args), () => <Page />, { keep: (d: SerializeFrom<typeof load>) => ({ aircraft: d.aircraft, busy: d.report.jobs.queued + d.report.jobs.running > 0 }) });
}

// A form's answer with errors is the page again, rendered by the action (ADR 064).
export async function action(args: ActionFunctionArgs) {
  return routeActionMarkup(args, "page-ocr-report", await act(args), () => load(args), () => <Page />);
}

export default function StorageOCRReportRoute() {
  // The content is markup; while jobs wait or run the figures refresh themselves (with JS).
  useLiveFigures(useLoaderData<typeof loader>().busy);
  return <PageMarkup id="page-ocr-report" />;
}

// A refused form (4xx) changed nothing: its answer is the page, so the loader does not run again (ADR 066).
export const shouldRevalidate = markupShouldRevalidate;
