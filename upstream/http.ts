import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { z } from "zod";
import type { AuthUser, Deps } from "./context";

/**
 * Answer conventions of both APIs (docs/api/README.md):
 * - 200 with the payload; mutations add `message` (shown by the portal as a success toast).
 * - 422 `{error, errors?}` for invalid input and for refused operations the user can fix or
 *   should be told about (e.g. read-only access). The portal shows `error` and changes nothing.
 * - 401 bad/missing credentials, 403 deactivated or network not allowed (both end the session).
 * - 404 unknown or invisible resource (never says whether it exists in another organization).
 */
export class ApiError extends HTTPException {
  constructor(status: 401 | 403 | 404 | 409 | 413 | 422 | 429 | 500, public error: string, public errors?: Record<string, string[]>) {
    super(status, { message: error });
  }
}

export const refuse = (error: string, errors?: Record<string, string[]>) => new ApiError(422, error, errors);

/**
 * A 422 for a request the caller's role or access level does not allow (not a validation error):
 * recorded in the audit log as a refusal, so an admin can see probing (issue 10).
 */
export class Denied extends ApiError {
  readonly denied = true;
}
export const deny = (error: string) => new Denied(422, error);
export const notFound = (what = "That record") => new ApiError(404, `${what} was not found.`);

/** The largest JSON or form body a call reads (file uploads have their own limits; ADR 070). */
export const API_BODY_MAX_BYTES = 4 * 1024 * 1024;
const tooLarge = () => new ApiError(413, `The request body is larger than ${API_BODY_MAX_BYTES / 1024 / 1024} MB.`);

/**
 * A request's body, read up to `max` bytes: a declared larger length is refused before reading, a
 * body that turns out larger is cancelled where it passes the limit (`refusal` is thrown); null
 * when the request has no body.
 */
export async function readBounded(c: Context, max: number, refusal: () => Error): Promise<Buffer | null> {
  if (Number(c.req.header("content-length") ?? 0) > max) throw refusal();
  const body = c.req.raw.body;
  if (!body) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw refusal();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Reads a JSON (or form) body, at most API_BODY_MAX_BYTES, and validates it; throws 422 with per-field errors. */
export async function readBody<S extends z.ZodTypeAny>(c: Context, schema: S): Promise<z.infer<S>> {
  let raw: unknown = {};
  const type = c.req.header("content-type") ?? "";
  const bytes = (await readBounded(c, API_BODY_MAX_BYTES, tooLarge)) ?? Buffer.alloc(0);
  try {
    if (type.includes("form")) raw = Object.fromEntries((await new Response(new Uint8Array(bytes), { headers: { "content-type": type } }).formData()).entries());
    else {
      const text = new TextDecoder().decode(bytes);
      raw = text ? JSON.parse(text) : {};
    }
  } catch {
    throw refuse(type.includes("form") ? "The form data could not be read." : "The request body is not valid JSON.");
  }
  return validate(schema, raw);
}

export function readQuery<S extends z.ZodTypeAny>(c: Context, schema: S): z.infer<S> {
  return validate(schema, c.req.query());
}

export function validate<S extends z.ZodTypeAny>(schema: S, raw: unknown): z.infer<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.join(".") || "_";
      (errors[key] ??= []).push(issue.message);
    }
    const first = parsed.error.issues[0];
    // A refinement's message is a whole sentence about the input ("The start date is after the end
    // date."): shown as it is. A field's own check is named by its field ("to: Invalid date").
    const message = !first ? "Invalid input." : first.code === "custom" ? first.message : `${first.path.join(".") || "Input"}: ${first.message}`;
    throw refuse(message, errors);
  }
  return parsed.data;
}

/**
 * The error handler both Hono apps install: ApiError -> its JSON; anything else -> 500, logged.
 * Refusals are audited first: a Denied (role or access level) on any call, and a 404 on a write
 * (another organization's aircraft or file, never revealed as such to the caller).
 */
export async function onError(err: Error, c: Context) {
  if (err instanceof ApiError) {
    await auditRefusal(c, err);
    return c.json({ error: err.error, ...(err.errors ? { errors: err.errors } : {}) }, err.status);
  }
  if (err instanceof HTTPException) return c.json({ error: err.message || "Request failed." }, err.status);
  // The client went away and the request was stopped (db/request-scope.ts): nobody reads the answer.
  if (c.req.raw.signal.aborted) return new Response(null, { status: 499 });
  console.error("[upstream]", c.req.method, c.req.path, err);
  return c.json({ error: "Something went wrong on our side. The team has been told." }, 500);
}

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

async function auditRefusal(c: Context, err: ApiError) {
  const refused = err instanceof Denied || (err.status === 404 && !READ_METHODS.has(c.req.method));
  if (!refused) return;
  const user = c.get("user") as AuthUser | undefined;
  const deps = c.get("deps") as Deps | undefined;
  if (!user || !deps) return;
  try {
    await deps.audit.log({
      userId: user.id,
      action: "refused.request",
      entity: "request",
      organizationId: user.organization_id,
      detail: { method: c.req.method, path: c.req.path, status: err.status, error: err.error },
      ip: user.ip,
    });
  } catch (e) {
    console.error("[upstream] could not audit a refusal", e);
  }
}
