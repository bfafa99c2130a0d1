// Linked documents (issue 17 items 5-6, ADR 047): the page /storage/linkedDocuments/{aircraftId}
// (every link and suggestion of the aircraft, or those of one row, file or work order), its forms
// (link, accept, reject, unlink, find suggestions) and the documents count the tab pages show per
// row. Loaders and actions live here; the route file stays thin (ADR 031).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireUser } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Api } from "./api.server";
import { LinkAnswer, LinkCountsAnswer, LinkTargetsAnswer, LinksAnswer, type DocumentLink, type LinkTarget } from "./schemas/links";
import { STORAGE_ROLES, getAircraft, searchFiles } from "./storage.server";
import { parseId, previewHref } from "./storage-links";
import { safeRedirect } from "./roles";
import { checkSearchQuery } from "./search-query";
import { opsTabHref, updatePath } from "./workorder-rules";

export interface LinksFilter {
  row_id?: number;
  work_order_id?: number;
  file_id?: number;
  tab_key?: string;
}

export function getLinks(api: Api, aircraftId: number, filter: LinksFilter = {}) {
  return api.get("main", `/storage/v2/aircraft/${aircraftId}/links.json`, { query: { ...filter }, schema: LinksAnswer });
}

export function getLinkTargets(api: Api, aircraftId: number) {
  return api.get("main", `/storage/v2/aircraft/${aircraftId}/link_targets.json`, { schema: LinkTargetsAnswer });
}

export function linkDocument(api: Api, body: { aircraft_id: number; file_id: number; row_id?: number; work_order_id?: number }) {
  return api.post("main", "/storage/v2/links.json", { json: body, schema: LinkAnswer });
}

export function decideLink(api: Api, body: { link_id: number; decision: "accept" | "reject" | "unlink" }) {
  return api.post("main", "/storage/v2/links/decide.json", { json: body, schema: LinkAnswer });
}

export function scanForLinks(api: Api, aircraftId: number) {
  return api.post("main", "/storage/v2/links/scan.json", { json: { aircraft_id: aircraftId }, schema: LinkAnswer });
}

/** Where a link's target opens: the row's tab in AeroOPS / AeroOIL, or the work order. */
export function targetHref(t: LinkTarget, aircraftId: number): string | null {
  if (t.kind === "work_order" && t.work_order_id != null && t.work_order_kind) {
    return `${updatePath(t.work_order_kind as Parameters<typeof updatePath>[0], t.work_order_id)}?org_msn_id=${aircraftId}`;
  }
  if (t.kind === "row" && t.tab_key) {
    if (t.product === "oil") return `/client/Aerooil/${encodeURIComponent(t.tab_key)}?org_msn_id=${aircraftId}&aerotype=Aerooil`;
    return opsTabHref(t.tab_key, `?org_msn_id=${aircraftId}&aerotype=Aeroops`);
  }
  return null;
}

export const linkedDocumentsHref = (aircraftId: number, f: { row?: number; file?: number; wo?: number } = {}) => {
  const q = new URLSearchParams();
  if (f.row) q.set("row", String(f.row));
  if (f.file) q.set("file", String(f.file));
  if (f.wo) q.set("wo", String(f.wo));
  const s = q.toString();
  return `/storage/linkedDocuments/${aircraftId}${s ? `?${s}` : ""}`;
};

const SUGGESTIONS_SHOWN = 50;

function view(l: DocumentLink, aircraftId: number) {
  return { ...l, fileHref: previewHref(aircraftId, l.file.id), targetHref: targetHref(l.target, aircraftId) };
}

/** /storage/linkedDocuments/{aircraftId}[?row=|?file=|?wo=][&q=]: links, suggestions and the link form. */
export async function linkedDocumentsLoader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STORAGE_ROLES });
  const id = parseId(params.aircraftId);
  if (!id) throw new Response("Not found", { status: 404 });
  const url = new URL(request.url);
  const filter: LinksFilter = {
    row_id: parseId(url.searchParams.get("row")) ?? undefined,
    file_id: parseId(url.searchParams.get("file")) ?? undefined,
    work_order_id: parseId(url.searchParams.get("wo")) ?? undefined,
  };
  const q = (url.searchParams.get("q") ?? "").trim();
  const [detail, links] = await Promise.all([getAircraft(api, id), getLinks(api, id, filter)]);
  const filtered = !!(filter.row_id || filter.file_id || filter.work_order_id);
  // The link form: a Read Access user gets no form (and the upstream refuses a replayed post).
  let targets: LinkTargetsAnswer["groups"] = [];
  let found: { id: number; name: string; dir: string }[] = [];
  let searchError: string | null = null;
  if (links.can_write) {
    targets = (await getLinkTargets(api, id)).groups;
    if (q && !filter.file_id) {
      const check = checkSearchQuery(q);
      if (!check.ok) searchError = check.reason === "chars" ? check.message : "Type at least 3 characters of the document's name.";
      else {
        const r = await searchFiles(api, { query: q, aircraft_id: id });
        if (r.ok) found = r.data.results.filter((x) => x.resourcetype === "file").slice(0, 20).map((x) => ({ id: x.id, name: x.name, dir: x.dir }));
        else searchError = r.error;
      }
    }
  }
  return {
    aircraft: detail.aircraft,
    access: detail.access,
    links: links.links.map((l) => view(l, id)),
    // The first SUGGESTIONS_SHOWN suggestions: deciding them brings the next ones up.
    suggestions: links.suggestions.slice(0, SUGGESTIONS_SHOWN).map((l) => view(l, id)),
    suggestionsTotal: links.suggestions.length,
    counts: links.counts,
    canWrite: links.can_write,
    scanning: links.scanning,
    filtered,
    filter,
    scope: links.scope?.label ?? null,
    scopeFile: links.scope?.file ?? null,
    targets,
    q,
    found,
    searchError,
  };
}

const LinkForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("link"), file_id: z.coerce.number().int().positive(), target: z.string().regex(/^(row|wo):\d+$/) }),
  z.object({ intent: z.enum(["accept", "reject", "unlink"]), link_id: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal("scan") }),
]);

/** The page's forms: post, then back to the page (same filter) with the upstream's message. */
export async function linkedDocumentsAction({ request, context, params }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STORAGE_ROLES });
  const id = parseId(params.aircraftId);
  if (!id) throw new Response("Not found", { status: 404 });
  const url = new URL(request.url);
  const back = safeRedirect(url.pathname + url.search, linkedDocumentsHref(id));
  const form = Object.fromEntries((await request.formData()).entries());
  const parsed = LinkForm.safeParse(form);
  if (!parsed.success) {
    const missing = form.intent === "link" ? (!form.file_id ? "Choose the document to link." : "Choose the row or work order to link it to.") : "The form is not complete.";
    return redirectWithToast(back, { type: "error", description: missing });
  }
  const d = parsed.data;
  let r;
  if (d.intent === "link") {
    const [kind, n] = d.target.split(":") as ["row" | "wo", string];
    r = await linkDocument(api, { aircraft_id: id, file_id: d.file_id, ...(kind === "row" ? { row_id: Number(n) } : { work_order_id: Number(n) }) });
  } else if (d.intent === "scan") r = await scanForLinks(api, id);
  else r = await decideLink(api, { link_id: d.link_id, decision: d.intent });
  if (!r.ok) return redirectWithToast(back, { type: "error", description: r.error });
  // After linking from a search, the page drops the search (the link is listed).
  const next = new URL(back, url);
  next.searchParams.delete("q");
  return redirectWithToast(next.pathname + next.search, { type: "success", description: r.data.message });
}

/** The number of linked documents per row of one tab (the tab pages' Documents column), or null
 *  when the user may not read the aircraft's records. */
export async function documentCountsByRow(api: Api, aircraftId: number, tabKey: string): Promise<Record<string, number> | null> {
  const r = await api.call("main", "GET", `/storage/v2/aircraft/${aircraftId}/link_counts.json`, { query: { tab_key: tabKey }, schema: LinkCountsAnswer });
  return r.ok ? r.data.rows : null;
}

/** The number of documents linked to one work order, or null without access to the records. */
export async function documentCountForWorkOrder(api: Api, aircraftId: number, workOrderId: number): Promise<number | null> {
  const r = await api.call("main", "GET", `/storage/v2/aircraft/${aircraftId}/link_counts.json`, { query: { work_order_id: workOrderId }, schema: LinkCountsAnswer });
  return r.ok ? (r.data.work_orders[String(workOrderId)] ?? 0) : null;
}
