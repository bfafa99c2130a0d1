// Loaders and actions of the records-recovery pages (issue 19 items 1-3, ADR 042): a file's versions
// (/storage/aircraft/{id}/versions?fileid=), the aircraft's trash (/storage/aircraft/{id}/trash) and
// the admin's retention page (/admin/retention). Confirmations are steps the server renders from the
// URL (?restore=…, ?release=…), so every page works without JavaScript; every action posts, then
// redirects with a toast. The upstream decides who may do what; its refusal is the toast or the
// page's message (a reader sees the reason and nothing to restore).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { parentOf } from "./paths";
import { canWrite } from "./roles";
import { filesHref, parseId, trashHref, versionsHref } from "./storage-links";
import { STORAGE_ROLES, getAircraft, listAircraft } from "./storage.server";
import { listTrash, listVersions, placeLegalHold, releaseLegalHold, restoreFromTrash, restoreVersion, retentionState, setRetention } from "./records.server";
import type { z } from "zod";
import { LEGAL_HOLD_REASON_MAX, RETENTION_YEARS_MAX, type FileVersion, type TrashAnswer } from "./schemas/records";

type TrashData = z.infer<typeof TrashAnswer>;
const noVersions: z.infer<typeof FileVersion>[] = [];

const notFound = () => new Response("Not found", { status: 404 });
export const EDIT_ACCESS_NEEDED = "Only users with Edit Access to this aircraft see its file versions and its trash.";

// ---- versions -----------------------------------------------------------------------------------

export async function versionsLoader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STORAGE_ROLES });
  const url = new URL(request.url);
  const aircraftId = parseId(params.aircraftId);
  const fileId = parseId(url.searchParams.get("fileid"));
  if (!aircraftId) throw notFound();
  const detail = await getAircraft(api, aircraftId);
  const base = { aircraft: detail.aircraft, access: detail.access, filesHref: filesHref(aircraftId) };
  if (!fileId) return { ...base, refusal: "Choose a file: open its row's menu in the records and pick Versions.", file: null, versions: noVersions, confirm: null };
  if (!canWrite(detail.access)) return { ...base, refusal: EDIT_ACCESS_NEEDED, file: null, versions: noVersions, confirm: null };
  const r = await listVersions(api, aircraftId, fileId);
  if (!r.ok) {
    if (r.status === 404) throw notFound();
    return { ...base, refusal: r.error, file: null, versions: noVersions, confirm: null };
  }
  const restoreId = parseId(url.searchParams.get("restore"));
  const confirm = restoreId ? (r.data.versions.find((v) => v.id === restoreId && !v.current) ?? null) : null;
  const dir = parentOf(r.data.file.path) ?? "/";
  return { ...base, filesHref: filesHref(aircraftId, { dir, fileid: fileId }), refusal: null, file: r.data.file, versions: r.data.versions, confirm };
}

export async function versionsAction({ request, context, params }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STORAGE_ROLES });
  const aircraftId = parseId(params.aircraftId);
  if (!aircraftId) throw notFound();
  const form = await request.formData();
  const fileId = parseId(String(form.get("file_id") ?? ""));
  const versionId = parseId(String(form.get("version_id") ?? ""));
  if (!fileId) return redirectWithToast(filesHref(aircraftId), { type: "error", description: "Choose a file." });
  const back = versionsHref(aircraftId, fileId);
  if (!versionId) return redirectWithToast(back, { type: "error", description: "Choose the version to restore." });
  const r = await restoreVersion(api, { aircraft_id: aircraftId, file_id: fileId, version_id: versionId });
  return redirectWithToast(back, r.ok ? { type: "success", description: r.data.message } : { type: "error", description: r.error });
}

// ---- trash --------------------------------------------------------------------------------------

export async function trashLoader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STORAGE_ROLES });
  const url = new URL(request.url);
  const aircraftId = parseId(params.aircraftId);
  if (!aircraftId) throw notFound();
  const page = Math.min(parseId(url.searchParams.get("page")) ?? 1, 100_000);
  const detail = await getAircraft(api, aircraftId);
  const base = { aircraft: detail.aircraft, access: detail.access, filesHref: filesHref(aircraftId) };
  const empty = { entries: [] as TrashData["entries"], total: 0, page: 1, perPage: 50, retentionDays: 0, legalHold: null as TrashData["legal_hold"], confirm: null as TrashData["entries"][number] | null };
  if (!canWrite(detail.access)) return { ...base, ...empty, refusal: EDIT_ACCESS_NEEDED };
  const r = await listTrash(api, aircraftId, page);
  if (!r.ok) return { ...base, ...empty, refusal: r.error };
  const restoreId = parseId(url.searchParams.get("restore"));
  const confirm = restoreId ? (r.data.entries.find((e) => e.id === restoreId) ?? null) : null;
  return {
    ...base,
    refusal: null,
    entries: r.data.entries,
    total: r.data.total,
    page: r.data.page,
    perPage: r.data.per_page,
    retentionDays: r.data.retention_days,
    legalHold: r.data.legal_hold,
    confirm,
  };
}

export async function trashAction({ request, context, params }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STORAGE_ROLES });
  const aircraftId = parseId(params.aircraftId);
  if (!aircraftId) throw notFound();
  const form = await request.formData();
  const entryId = parseId(String(form.get("entry_id") ?? ""));
  const back = trashHref(aircraftId);
  if (!entryId) return redirectWithToast(back, { type: "error", description: "Choose what to restore." });
  const r = await restoreFromTrash(api, { aircraft_id: aircraftId, entry_id: entryId });
  return redirectWithToast(back, r.ok ? { type: "success", description: r.data.message } : { type: "error", description: r.error });
}

// ---- retention (admin) ----------------------------------------------------------------------------

const ADMIN_AREA = ["admin", "member"] as const;

export async function retentionLoader({ request, context }: LoaderFunctionArgs) {
  const { user, api } = await requireUser(request, context, { roles: ADMIN_AREA });
  const url = new URL(request.url);
  const state = await retentionState(api);
  const isAdmin = user.role === "admin";
  const held = new Set(state.holds.map((h) => h.aircraft_id));
  const aircraft = isAdmin
    ? (await listAircraft(api, { perPage: 1000 })).aircrafts.filter((a) => !held.has(a.id)).map((a) => ({ id: a.id, label: `${a.name} · MSN ${a.msn} · ${a.organization.name}` }))
    : [];
  const releaseId = parseId(url.searchParams.get("release"));
  const release = isAdmin && releaseId ? (state.holds.find((h) => h.aircraft_id === releaseId) ?? null) : null;
  return { isAdmin, classes: state.classes, holds: state.holds, trashRetentionDays: state.trash_retention_days, aircraft, release, limits: { reasonMax: LEGAL_HOLD_REASON_MAX, yearsMax: RETENTION_YEARS_MAX } };
}

export async function retentionAction({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: ["admin"] });
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const back = "/admin/retention";
  const answer = (r: { ok: true; data: { message: string } } | { ok: false; error: string }) =>
    redirectWithToast(back, r.ok ? { type: "success", description: r.data.message } : { type: "error", description: r.error });
  if (intent === "rule") {
    const keep = String(form.get("keep") ?? "");
    if (keep !== "none" && keep !== "life" && keep !== "years") return redirectWithToast(back, { type: "error", description: "Choose how long to keep it." });
    const yearsRaw = String(form.get("years") ?? "").trim();
    const years = keep === "years" && yearsRaw ? Number(yearsRaw) : undefined;
    if (keep === "years" && (years == null || !Number.isInteger(years))) return redirectWithToast(back, { type: "error", description: "Enter the number of years (a whole number)." });
    return answer(await setRetention(api, { class_key: String(form.get("class_key") ?? ""), keep, years }));
  }
  if (intent === "hold") {
    const aircraftId = parseId(String(form.get("aircraft_id") ?? ""));
    if (!aircraftId) return redirectWithToast(back, { type: "error", description: "Choose the aircraft to hold." });
    return answer(await placeLegalHold(api, { aircraft_id: aircraftId, reason: String(form.get("reason") ?? "") }));
  }
  if (intent === "release") {
    const aircraftId = parseId(String(form.get("aircraft_id") ?? ""));
    if (!aircraftId) return redirectWithToast(back, { type: "error", description: "Choose the hold to release." });
    return answer(await releaseLegalHold(api, aircraftId));
  }
  return redirectWithToast(back, { type: "error", description: "Choose what to change." });
}
