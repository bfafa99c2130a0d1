// The portal's side of the admin API (docs/api/admin.md): list queries read from the URL and the one
// way an admin form posts a change (post/redirect/get with a toast, or the form again with the
// upstream's errors on its fields).
import { json } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import type { Api, ApiName } from "./api.server";
import { OrganizationsAnswer, type OrganizationSummary } from "./schemas/admin";
import { redirectWithToast } from "~/utils/toast.server";

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
      { status: 400 },
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
const levelOf = (v: FormDataEntryValue | null): Level | null => (LEVELS as readonly string[]).includes(String(v)) ? (String(v) as Level) : null;

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
