// Per-aircraft access (read / write / su_write per product): every read and every change of it goes
// through here. One change function, `changeAccess`, serves the admin's user access control page
// (single rows and bulk per organization) and the su_write owner's /aircraft-access/{id} page; the
// upstream checks who may manage which aircraft and product.
import type { z } from "zod";
import type { Api, Result } from "./api.server";
import { queryOf } from "./forms.server";
import { AccessMutationAnswer, AircraftAccessAnswer, UserAccessAnswer, type AccessGrantInput, type AccessRevokeInput } from "./schemas/admin";

type Id = number | string;
const seg = (id: Id) => encodeURIComponent(String(id));

/** Who has which level on one aircraft (every product). Passthrough: the page decides where a refusal goes. */
export const aircraftAccess = (api: Api, aircraftId: Id) =>
  api.call("main", "GET", `/admin/access/aircraft/${seg(aircraftId)}.json`, { schema: AircraftAccessAnswer });

/** The same, for a page that cannot show without it (a refusal takes the spec's redirect). */
export const getAircraftAccess = (api: Api, aircraftId: Id) =>
  api.get("main", `/admin/access/aircraft/${seg(aircraftId)}.json`, { schema: AircraftAccessAnswer });

/** One person's levels on every aircraft (paged, searchable, per organization). */
export const userAccess = (api: Api, userId: Id, params: Record<string, unknown>) =>
  api.get("main", `/admin/access/users/${seg(userId)}.json`, { query: queryOf(params), schema: UserAccessAnswer });

/** A grant (or a change of level: `access` set) or a revoke (`access` absent) for aircraft × products. */
export type AccessChange = (Omit<AccessGrantInput, "access"> & { access: AccessGrantInput["access"] }) | (AccessRevokeInput & { access?: undefined });

/** The one way access changes. */
export function changeAccess(api: Api, change: AccessChange): Promise<Result<z.infer<typeof AccessMutationAnswer>>> {
  const { access, ...rest } = change;
  return access
    ? api.post("main", "/admin/access/grant.json", { json: { ...rest, access }, schema: AccessMutationAnswer })
    : api.post("main", "/admin/access/revoke.json", { json: rest, schema: AccessMutationAnswer });
}

const LEVELS = ["read", "write", "su_write"] as const;
type Level = (typeof LEVELS)[number];
const levelOf = (v: FormDataEntryValue | null): Level | null => ((LEVELS as readonly string[]).includes(String(v)) ? (String(v) as Level) : null);

/**
 * Applies the selects of one row: for each product whose level changed, a grant (or change) or a
 * revoke. Returns the upstream's messages and errors.
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
    const res = await changeAccess(api, { user_id: userId, aircraft_ids: [aircraftId], products: [product], access: next ?? undefined });
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
