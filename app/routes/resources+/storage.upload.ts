// POST /resources/storage/upload (JSON): the upload island's only way to the upstream. It forwards
//   {op:"link", aircraft_id, dir, fileid?, uid?, family}        → upload_link.json  → {url, url_fields, key_prefix, uid, expires_in, max_bytes}
//   {op:"index", aircraft_id, dir, fileid?, key, files, family}  → index_files.json  → {indexed, missing: [path], refused: [{path, message}], message}
//   {op:"preprocess", aircraft_id, dir, key, files, uid?}        → preprocess_files.json → {uid}
//   {op:"validate", uid, dir}                                    → validate_files.json   → {files}
// with the session's credentials (the browser never holds the upstream token). Failures answer JSON
// {error} with the upstream's status, so the engine can tell a refusal (422: shown, not retried) from
// a network failure (retried). A 401/403 also ends the session, as everywhere.
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import type { Result } from "~/models/api.server";
import { normalizeDir } from "~/models/paths";
import { STORAGE_ROLES, indexFiles, preprocessFiles, uploadLink, validateFiles } from "~/models/storage.server";
import { requireUser } from "~/utils/auth.server";
import { destroySession, getSession } from "~/utils/session.server";

const noStore = { "Cache-Control": "no-store" };
/** Fetched by script: every failure comes back as JSON, never as a redirect to an HTML page. */
const script = { passthrough: true };

const file = z.object({ path: z.string().min(1).max(2048), size: z.number().int().min(0) });
const base = {
  aircraft_id: z.number().int().positive(),
  dir: z.string().max(2048).default("/"),
  fileid: z.number().int().positive().optional(),
  family: z.enum(["standard", "uef"]).default("standard"),
};
const Body = z.discriminatedUnion("op", [
  z.object({ op: z.literal("link"), ...base, uid: z.string().max(64).optional() }),
  z.object({ op: z.literal("index"), ...base, key: z.string().min(1).max(200), files: z.array(file).min(1).max(1000) }),
  z.object({ op: z.literal("preprocess"), ...base, key: z.string().min(1).max(200), files: z.array(file).min(1).max(1000), uid: z.string().max(64).optional() }),
  z.object({ op: z.literal("validate"), ...base, uid: z.string().min(1).max(64) }),
]);

export async function loader() {
  return Response.json({ error: "Use POST." }, { status: 405, headers: { ...noStore, Allow: "POST" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STORAGE_ROLES });
  if (request.method !== "POST") return Response.json({ error: "Use POST." }, { status: 405, headers: noStore });
  // Same-origin only (the session cookie is SameSite=Lax already; this also refuses other sites' scripts).
  const origin = request.headers.get("Origin");
  if (origin && origin !== new URL(request.url).origin) return Response.json({ error: "Cross-site requests are not accepted." }, { status: 403, headers: noStore });

  const parsed = Body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ error: "The upload request is not valid." }, { status: 422, headers: noStore });
  const body = parsed.data;
  const dir = normalizeDir(body.dir);
  if (dir == null) return Response.json({ error: "The folder path is not valid." }, { status: 422, headers: noStore });

  switch (body.op) {
    case "link": {
      const r = await uploadLink(api, { aircraft_id: body.aircraft_id, dir, fileid: body.fileid, uid: body.uid }, body.family, script);
      return answer(request, r, (d) => d);
    }
    case "index": {
      const r = await indexFiles(api, { key: body.key, files: body.files, aircraft_id: body.aircraft_id, dir, fileid: body.fileid }, body.family, script);
      return answer(request, r, (d) => ({
        indexed: d.indexed.length,
        missing: d.missing.map((m) => m.path),
        refused: d.refused.map((m) => ({ path: m.path, message: m.message })),
        message: d.message,
      }));
    }
    case "preprocess": {
      const r = await preprocessFiles(api, { key: body.key, files: body.files, uid: body.uid, aircraft_id: body.aircraft_id, dir }, script);
      return answer(request, r, (d) => ({ uid: d.uid }));
    }
    case "validate": {
      const r = await validateFiles(api, { uid: body.uid, dir }, script);
      return answer(request, r, (d) => ({ files: d.files }));
    }
  }
}

async function answer<T, U>(request: Request, r: Result<T>, pick: (d: T) => U) {
  if (r.ok) return Response.json(pick(r.data), { headers: noStore });
  if (r.status === 401 || r.status === 403) {
    const session = await getSession(request);
    return Response.json({ error: r.error }, { status: r.status, headers: { ...noStore, "Set-Cookie": await destroySession(session) } });
  }
  return Response.json({ error: r.error }, { status: r.status, headers: noStore });
}
