// The portal's side of the admin API (docs/api/admin.md): list queries read from the URL and the one
// way an admin form posts a change (post/redirect/get with a toast, or the form again with the
// upstream's errors on its fields).
import { json, redirect, type AppLoadContext } from "@remix-run/node";
import type { SubmissionResult } from "~/components/ui/form-state";
import { parseWithZod } from "@conform-to/zod";
import type { z } from "zod";
import { requireUser } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { Api, ApiName } from "./api.server";
import { MODULE_ADMIN_ROLES, moduleOfUrl, orgSlugOf, type ModuleFamily } from "./module-admin";
import { ModuleEnableInput, ModuleOrganizationInput, OrganizationMutationAnswer, OrganizationsAnswer, type OrganizationSummary } from "./schemas/admin";
import { MsnIdCreatedAnswer, MsnIdCreatedInput, MsnIdsAnswer, OrganisationsAnswer } from "./schemas/ops";

/** Parses a list's URL with its schema (unknown sort keys and bad pages fall back to defaults). */
export function listParams<S extends z.ZodTypeAny>(request: Request, schema: S): z.infer<S> {
  const url = new URL(request.url);
  return schema.parse(Object.fromEntries(url.searchParams));
}

/** Drops empty values so the upstream sees only what was chosen. */
export function queryOf(params: Record<string, unknown>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === "") continue;
    out[k] = typeof v === "number" ? v : String(v);
  }
  return out;
}

type Replyable = { reply: (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }) => SubmissionResult<string[]> };

/**
 * Posts a validated form's value to the upstream. Success: redirect to `redirectTo` with the
 * answer's message as a toast. Refusal (422 and friends): the form again (status 400) with the
 * upstream's message on top and its per-field errors on the fields. 401/403/404/5xx are handled by
 * the client itself (logout, landing).
 */
export async function submitChange<S extends z.ZodTypeAny>(opts: {
  api: Api;
  target?: ApiName;
  path: string;
  body: unknown;
  schema: S;
  submission: Replyable;
  redirectTo: (data: z.infer<S>) => string;
  hideFields?: string[];
  fallbackMessage?: string;
}) {
  const res = await opts.api.post(opts.target ?? "main", opts.path, { json: opts.body, schema: opts.schema });
  if (!res.ok) {
    return json(
      { result: opts.submission.reply({ formErrors: [res.error], fieldErrors: res.errors, hideFields: opts.hideFields }), problem: res.data ?? null },
      { status: 400 }
    );
  }
  return redirectWithToast(opts.redirectTo(res.data), { type: "success", description: res.message ?? opts.fallbackMessage ?? "Saved." });
}

/** Every organization (name order) for the pickers of the admin forms. */
export async function organizationOptions(api: Api): Promise<Pick<OrganizationSummary, "id" | "name" | "slug" | "has_ops" | "has_oil" | "product_type">[]> {
  const out: OrganizationSummary[] = [];
  for (let page = 1; page <= 50; page++) {
    const data = await api.get("main", "/admin/organizations.json", { query: { per_page: 100, page, sort: "name" }, schema: OrganizationsAnswer });
    out.push(...data.organizations);
    if (out.length >= data.total || data.organizations.length === 0) break;
  }
  return out.map(({ id, name, slug, has_ops, has_oil, product_type }) => ({ id, name, slug, has_ops, has_oil, product_type }));
}

// ---------------------------------------------------------------------------------------------
// Access: one row of the access tables (a user × an aircraft, a level per product) and bulk changes
// ---------------------------------------------------------------------------------------------

const LEVELS = ["read", "write", "su_write"] as const;
type Level = (typeof LEVELS)[number];
const levelOf = (v: FormDataEntryValue | null): Level | null => ((LEVELS as readonly string[]).includes(String(v)) ? (String(v) as Level) : null);

/**
 * Applies the selects of one row: for each product whose level changed, a grant (or change) or a
 * revoke. Returns the upstream's messages and errors. The upstream checks every rule (who may manage
 * which aircraft and product).
 */
export async function saveAccessRow(api: Api, form: FormData): Promise<{ messages: string[]; errors: string[] }> {
  const userId = Number(form.get("user_id"));
  const aircraftId = Number(form.get("aircraft_id"));
  const out = { messages: [] as string[], errors: [] as string[] };
  if (!Number.isSafeInteger(userId) || userId < 1 || !Number.isSafeInteger(aircraftId) || aircraftId < 1) {
    out.errors.push("Choose a user and an aircraft.");
    return out;
  }
  for (const product of ["storage", "ops", "oil"] as const) {
    if (!form.has(product)) continue; // not editable for this caller
    const next = levelOf(form.get(product));
    const was = levelOf(form.get(`was_${product}`));
    if (next === was) continue;
    const res =
      next === null
        ? await api.post("main", "/admin/access/revoke.json", { json: { user_id: userId, aircraft_ids: [aircraftId], products: [product] } })
        : await api.post("main", "/admin/access/grant.json", { json: { user_id: userId, aircraft_ids: [aircraftId], products: [product], access: next } });
    if (res.ok) out.messages.push(res.message ?? "Saved.");
    else out.errors.push(res.error);
  }
  if (!out.messages.length && !out.errors.length) out.messages.push("Nothing changed.");
  return out;
}

/** The toast for a row save or a bulk change. */
export function accessToast(result: { messages: string[]; errors: string[] }) {
  return result.errors.length
    ? { type: "error" as const, description: [...result.errors, ...result.messages].join("\n") }
    : { type: "success" as const, description: result.messages.join("\n") };
}

// ---------------------------------------------------------------------------------------------
// AeroOPS / AeroOIL admin entry points (/admin/aeroops/*, /aerooil/*)
// ---------------------------------------------------------------------------------------------

export async function requireModuleAdmin(request: Request, context: AppLoadContext, family: ModuleFamily) {
  const links = moduleOfUrl(new URL(request.url), family);
  const authed = await requireUser(request, context, { roles: MODULE_ADMIN_ROLES[links.product] });
  return { ...authed, links };
}

export async function moduleOrganizations(api: Api) {
  const { organizations } = await api.get("ops", "/v1/user_access/organisation/get.json", { schema: OrganisationsAnswer });
  return organizations;
}

/** The create page's action: a new organization with the module on, or the module on for an existing one. */
export async function moduleCreateAction(request: Request, context: AppLoadContext, family: ModuleFamily) {
  const { api, links } = await requireModuleAdmin(request, context, family);
  const form = await request.formData();
  const intent = form.get("intent");
  const flag = links.product === "ops" ? "has_ops" : "has_oil";
  if (intent === "enable") {
    const submission = parseWithZod(form, { schema: ModuleEnableInput });
    if (submission.status !== "success") return json({ intent: "enable" as const, result: submission.reply(), problem: null }, { status: 400 });
    const res = await api.post("main", `/admin/organizations/${submission.value.organization_id}/modules.json`, {
      json: { [links.product]: true },
      schema: OrganizationMutationAnswer,
    });
    if (!res.ok) return json({ intent: "enable" as const, result: submission.reply({ formErrors: [res.error] }), problem: null }, { status: 400 });
    return redirectWithToast(links.org(res.data.organization.slug), { type: "success", description: res.message ?? `${links.label} is on.` });
  }
  const submission = parseWithZod(form, { schema: ModuleOrganizationInput });
  if (submission.status !== "success") return json({ intent: "create" as const, result: submission.reply(), problem: null }, { status: 400 });
  const res = await api.post("main", "/admin/organizations.json", { json: { ...submission.value, [flag]: true }, schema: OrganizationMutationAnswer });
  if (!res.ok)
    return json({ intent: "create" as const, result: submission.reply({ formErrors: [res.error], fieldErrors: res.errors }), problem: null }, { status: 400 });
  return redirectWithToast(links.register(res.data.organization.slug), { type: "success", description: res.message ?? "Created." });
}

/** An organization page of a module: the organization (by slug) and its MSNs registered for the module, paged. */
export async function moduleOrgLoader(request: Request, context: AppLoadContext, family: ModuleFamily) {
  const { api, links, user } = await requireModuleAdmin(request, context, family);
  const url = new URL(request.url);
  const slug = orgSlugOf(url);
  if (!slug) throw redirect(links.list);
  const page = Math.max(1, Math.min(100_000, Number(url.searchParams.get("page")) || 1));
  const organizations = await moduleOrganizations(api);
  const organization = organizations.find((o) => o.organization === slug);
  if (!organization) throw await redirectWithToast(links.list, { type: "error", description: "That organization was not found." });
  const res = await api.post("ops", "/v1/user_access/msn_id/get_v2.json", {
    json: { organization: slug, product: links.product, page, per_page: 50 },
    schema: MsnIdsAnswer,
  });
  if (!res.ok) throw new Response(res.error, { status: res.status });
  return { links, organization, msns: res.data, role: user.role };
}

/** Registers an MSN for the module (POST /v1/user_access/msn_id_created.json). */
export async function moduleRegisterAction(request: Request, context: AppLoadContext, family: ModuleFamily) {
  const { api, links } = await requireModuleAdmin(request, context, family);
  const url = new URL(request.url);
  const submission = parseWithZod(await request.formData(), { schema: MsnIdCreatedInput });
  if (submission.status !== "success") return json({ result: submission.reply(), problem: null }, { status: 400 });
  if (submission.value.product !== links.product || submission.value.organization !== orgSlugOf(url)) {
    return json({ result: submission.reply({ formErrors: ["Register the MSN from its organization's page."] }), problem: null }, { status: 400 });
  }
  return submitChange({
    api,
    target: "ops",
    path: "/v1/user_access/msn_id_created.json",
    body: submission.value,
    schema: MsnIdCreatedAnswer,
    submission,
    redirectTo: () => url.pathname + url.search,
  });
}
