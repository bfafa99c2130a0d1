// /aero-box/storage/ocr-status (spec 000 §2 "OCR Status"): the OCR report of each aircraft. Reports are built by a
// later issue: each aircraft shows that its report has not been generated yet and links to its page
// (/storage/OCRReport/{id}).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FleetPage } from "~/components/aircraft-cards/fleet-table";
import type { FileSearchHandle } from "~/components/file-search/file-search";
import { overviewLoader } from "~/models/storage-pages.server";

export const loader = (args: LoaderFunctionArgs) => overviewLoader(args, "standard");
export const handle: FileSearchHandle = { fileSearch: true };
export const meta: MetaFunction = () => [{ title: "OCR Status · AeroBOX · AeroRecords" }];

export default function AeroBoxOcrStatusRoute() {
  const d = useLoaderData<typeof loader>();
  return (
    <FleetPage
      title="OCR Status"
      lead="The OCR report of each aircraft of your fleet."
      data={d}
      column={{ kind: "report", label: "OCR Status", href: (id) => `/storage/OCRReport/${id}` }}
    />
  );
}
