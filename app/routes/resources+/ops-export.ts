// POST /resources/ops-export: the files of an AeroOPS screen (spec 001 §2, §8; issue 13 item 5): the
// tab as PDF or Excel, its data file (DFP), the Current and Full Delivery Binders, the general
// information as PDF or Excel, the Ops Notifications Excel, the Full Data Excel (every tab, behind a
// signed link), a work order at a version as PDF or Excel (`work_order_id`, `version`), and every page
// of a technical logbook as PDF (`log_book_id`). The upstream's file is streamed through untouched. Access is the ops API's.
// `product=oil` asks for an AeroOIL tab's files instead (the same kinds, the oil calls; issue 15).
//
// A refusal is the spec's: `Message.error` of the answer, else "An error occurred while processing
// your request.", shown as an error for 15 seconds: as JSON for the page's script (X-Download:
// fetch), else as a toast on the page the form came from (`back`, a path of this site).
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import * as ops from "~/models/ops.server";
import { aircraftRefOf, requireOpsUser } from "~/models/ops-pages.server";
import { safeRedirect } from "~/models/roles";
import { redirectWithToast } from "~/utils/toast.server";

const PASS = ["Content-Type", "Content-Disposition", "Content-Length"];
const ERROR_MS = 15_000;

export const loader = () => redirect("/Aeroops/org/Aircrafts");

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireOpsUser(request, context);
  const form = await request.formData();
  const field = (k: string) => {
    const v = form.get(k);
    return typeof v === "string" ? v : "";
  };
  const byScript = request.headers.get("X-Download") === "fetch";
  const back = safeRedirect(field("back"), "/Aeroops/org/Aircrafts");
  const refuse = async (error: string) =>
    byScript ? Response.json({ error }, { status: 422 }) : redirectWithToast(back, { type: "error", description: error, duration: ERROR_MS });

  if (kind0(field("kind")) === "wo") {
    const id = field("work_order_id");
    const version = field("version");
    if (!/^\d{1,12}$/.test(id)) return refuse("Choose a work order.");
    const res = await ops.workOrderFile(api, field("kind") === "wo-pdf" ? "pdf" : "excel", Number(id), /^\d{1,6}$/.test(version) ? Number(version) : undefined);
    if (!res.ok) return refuse(res.error);
    return passThrough(res.response);
  }

  if (field("kind") === "logbook-pdf") {
    const id = field("log_book_id");
    if (!/^\d{1,12}$/.test(id)) return refuse("Choose a logbook.");
    const res = await ops.logbookFile(api, Number(id), /^\d{1,12}$/.test(field("org_msn_id")) ? Number(field("org_msn_id")) : undefined);
    if (!res.ok) return refuse(res.error);
    return passThrough(res.response);
  }

  const q = new URLSearchParams();
  for (const k of ["org_msn_id", "organization", "org", "msn_id"]) if (field(k)) q.set(k, field(k));
  const aircraft = aircraftRefOf(new URL(`http://x/?${q}`));
  if (!aircraft) return refuse("Choose an aircraft first.");
  const kind = field("kind");
  const product = field("product") === "oil" ? "oil" : "ops";

  if (kind === "full-excel") {
    const res = await ops.shareAllTabs(api, aircraft, undefined, product);
    if (!res.ok) return refuse(res.error);
    return byScript ? Response.json({ url: res.data.url }) : redirect(res.data.url);
  }
  if (!ops.isExportKind(kind) || (product === "oil" && kind === "notifications-excel")) return refuse("Choose what to download.");
  const tab_id = field("tab_id").slice(0, 100) || undefined;
  const sort_column = field("sort_column").slice(0, 100) || undefined;
  const sort_order = field("sort_order") === "desc" ? "desc" : field("sort_column") ? "asc" : undefined;
  const res = await ops.exportFile(api, aircraft, kind, { tab_id, sort_column, sort_order }, product);
  if (!res.ok) return refuse(res.error);
  return passThrough(res.response);
}

const kind0 = (k: string) => (k === "wo-pdf" || k === "wo-excel" ? "wo" : "aircraft");

/** The upstream's file, streamed on with its type, name and length. */
function passThrough(upstream: Response) {
  const headers = new Headers({ "X-Content-Type-Options": "nosniff", "Cache-Control": "private, no-store" });
  for (const h of PASS) {
    const v = upstream.headers.get(h);
    if (v) headers.set(h, v);
  }
  return new Response(upstream.body, { status: 200, headers });
}
