// The text-extraction reports (issue 17): the OCR Report of one aircraft (/storage/OCRReport/{id}),
// the fleet's OCR Status (/aero-box/storage/ocr-status) and their re-run forms. Loaders and actions
// for both routes live here (route files stay thin and call no upstream path, ADR 031).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireUser } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Api } from "./api.server";
import { OcrReportAnswer, OcrRerunAnswer, OcrStatusAnswer } from "./schemas/ocr";
import { STORAGE_ROLES, getAircraft } from "./storage.server";
import { parseId } from "./storage-links";
import { safeRedirect } from "./roles";

export function getOcrReport(api: Api, aircraftId: number) {
  return api.get("main", `/storage/v2/aircraft/${aircraftId}/ocr_report.json`, { schema: OcrReportAnswer });
}

export function getOcrStatus(api: Api) {
  return api.get("main", "/storage/v2/ocr_status.json", { schema: OcrStatusAnswer });
}

export function rerunOcr(api: Api, body: { aircraft_id: number; file_id?: number }) {
  return api.post("main", "/storage/v2/ocr/rerun.json", { json: body, schema: OcrRerunAnswer });
}


/** /storage/OCRReport/{aircraftId}: the aircraft (as the report pages show it) and its report. */
export async function ocrReportLoader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STORAGE_ROLES });
  const id = parseId(params.aircraftId);
  if (!id) throw new Response("Not found", { status: 404 });
  const [detail, report] = await Promise.all([getAircraft(api, id), getOcrReport(api, id)]);
  return { aircraft: detail.aircraft, access: detail.access, report };
}

/** /aero-box/storage/ocr-status: every aircraft the user may see. */
export async function ocrStatusLoader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STORAGE_ROLES });
  return { status: await getOcrStatus(api) };
}

const RerunForm = z.object({
  intent: z.literal("rerun"),
  aircraft_id: z.coerce.number().int().positive(),
  file_id: z.coerce.number().int().positive().optional(),
});

/** The re-run forms of both pages: post, then back to the page with the upstream's message. */
export async function ocrRerunAction({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STORAGE_ROLES });
  const url = new URL(request.url);
  const back = safeRedirect(url.pathname + url.search, "/aero-box/storage/ocr-status");
  const parsed = RerunForm.safeParse(Object.fromEntries((await request.formData()).entries()));
  if (!parsed.success) return redirectWithToast(back, { type: "error", description: "The form is not complete: choose a file or an aircraft." });
  const r = await rerunOcr(api, parsed.data);
  if (!r.ok) return redirectWithToast(back, { type: "error", description: r.error });
  return redirectWithToast(back, { type: "success", description: r.data.message });
}
