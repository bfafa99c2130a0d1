// /aero-box/storage/ocr-status (spec 000 §2 "OCR Status", issue 17): text extraction across every
// aircraft the user may see: totals, each aircraft's counts with a link to its OCR Report, failed
// and low-confidence files with re-run forms, and a Refresh link (live with JS while jobs run).
import type { SerializeFrom, ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { MetaFunction } from "@remix-run/node";
import type { FileSearchHandle } from "~/components/file-search/file-search";
// The page's styles: its components are server-only, so the route brings them to the CSS bundle (ADR 064).
import "~/components/ocr-report/ocr-report.css";
import { useLoaderData } from "@remix-run/react";
import { useLiveFigures } from "~/components/aircraft-cards/report-page";
import { markupShouldRevalidate, PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom, routeActionMarkup } from "~/utils/page-markup.server";
import { load, act, Page } from "./__storage-ocr-status-page.server";

export const handle: FileSearchHandle = { fileSearch: true };

export const meta: MetaFunction = () => [{ title: "OCR Status · AeroBOX · AeroRecords" }];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-ocr-status", await load(args), () => <Page />, { keep: (d: SerializeFrom<typeof load>) => ({ busy: d.status.jobs.queued + d.status.jobs.running > 0 }) });
}

// A form's answer with errors is the page again, rendered by the action (ADR 064).
export async function action(args: ActionFunctionArgs) {
  return routeActionMarkup(args, "page-ocr-status", await act(args), () => load(args), () => <Page />);
}

export default function AeroBoxOcrStatusRoute() {
  // The content is markup; while jobs wait or run the figures refresh themselves (with JS).
  useLiveFigures(useLoaderData<typeof loader>().busy);
  return <PageMarkup id="page-ocr-status" />;
}

// A refused form (4xx) changed nothing: its answer is the page, so the loader does not run again (ADR 066).
export const shouldRevalidate = markupShouldRevalidate;
