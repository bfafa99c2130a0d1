// What every list page and every admin-style form does the same way: list queries read from the URL,
// and one way a form posts a change (post/redirect/get with a toast, or the form again with the
// upstream's errors on its fields). The calls themselves live in the area modules (admin.server.ts,
// access.server.ts, ...): routes pass the call's promise, never an upstream path.
import { data } from "@remix-run/node";
import type { z } from "zod";
import type { SubmissionResult } from "~/components/ui/form-fields";
import { redirectWithToast } from "~/utils/toast.server";
import type { Result } from "./api.server";

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
 * Sends a validated form's change (`send`, a call of an area module). Success: redirect to
 * `redirectTo` with the answer's message as a toast. Refusal (422 and friends): the form again
 * (status 400) with the upstream's message on top and its per-field errors on the fields.
 * 401/403/404/5xx are handled by the client itself (logout, landing).
 */
export async function submitChange<T>(opts: {
  send: Promise<Result<T>>;
  submission: Replyable;
  redirectTo: (data: T) => string;
  hideFields?: string[];
  fallbackMessage?: string;
}) {
  const res = await opts.send;
  if (!res.ok) {
    return data(
      { result: opts.submission.reply({ formErrors: [res.error], fieldErrors: res.errors, hideFields: opts.hideFields }), problem: res.data ?? null },
      { status: 400 }
    );
  }
  return redirectWithToast(opts.redirectTo(res.data), { type: "success", description: res.message ?? opts.fallbackMessage ?? "Saved." });
}
