// POST /resources/consultant-upload/{id} (JSON): a consultant's photo or resume uploaded with
// JavaScript (components/profile-tabs/document-upload.tsx, the upload engine's single-file flow):
//   {op:"link", kind}       → upload_link.json     → {url, url_fields, key_prefix, expires_in, max_bytes}
//   {op:"save", kind, key}  → profile_update.json  → {message}, and the toast for the page's next load
// The consultant or staff, as the profile page's action (which keeps the no-JS upload: a multipart
// post streamed into the store). A script cannot follow a redirect to a page: every refusal answers
// JSON {error} with its status, which the engine shows (ADR 077).
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { CONSULTANT_MESSAGES } from "~/models/consultant-rules";
import { ERROR_401, getUploadLink, updateProfile } from "~/models/consultant.server";
import { PROFILE_VIEWER_ROLES, requireConsultantViewer, requireIdParam } from "~/models/consultant-pages.server";
import { createToastHeaders } from "~/utils/toast.server";

const noStore = { "Cache-Control": "no-store" };
const kind = z.enum(["photo", "resume"]);
const Body = z.discriminatedUnion("op", [z.object({ op: z.literal("link"), kind }), z.object({ op: z.literal("save"), kind, key: z.string().min(1).max(1024) })]);

export async function loader() {
  return Response.json({ error: "Use POST." }, { status: 405, headers: { ...noStore, Allow: "POST" } });
}

export async function action(args: ActionFunctionArgs) {
  try {
    return await upload(args);
  } catch (e) {
    // The guard's redirects and the consultant calls' (the session ended, /errors/…): told as JSON.
    const to = e instanceof Response ? e.headers.get("Location") : null;
    if (!to) throw e;
    const headers = new Headers(noStore);
    for (const c of (e as Response).headers.getSetCookie()) headers.append("Set-Cookie", c);
    if (to.startsWith("/auth/login")) return Response.json({ error: "Your session has ended: sign in again." }, { status: 401, headers });
    if (to.startsWith(ERROR_401)) return Response.json({ error: "You may not change this profile." }, { status: 403, headers });
    return Response.json({ error: "The upload could not be completed. Try again later." }, { status: 500, headers });
  }
}

async function upload({ request, context, params }: ActionFunctionArgs) {
  const id = requireIdParam(params.id);
  const { api } = await requireConsultantViewer(request, context, { id, onboarding: false, roles: PROFILE_VIEWER_ROLES });
  if (request.method !== "POST") return Response.json({ error: "Use POST." }, { status: 405, headers: noStore });
  const parsed = Body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ error: "The upload request is not valid." }, { status: 422, headers: noStore });
  const body = parsed.data;
  if (body.op === "link") {
    const link = await getUploadLink(api, id, body.kind);
    return link.ok ? Response.json(link.data, { headers: noStore }) : Response.json({ error: link.error }, { status: 422, headers: noStore });
  }
  const saved = await updateProfile(api, id, body.kind === "photo" ? { photo_key: body.key } : { resume_key: body.key });
  if (!saved.ok) return Response.json({ error: saved.error }, { status: 400, headers: noStore });
  const message = saved.message ?? CONSULTANT_MESSAGES.profileSaved;
  const headers = await createToastHeaders({ type: "success", description: message });
  headers.set("Cache-Control", "no-store");
  return Response.json({ message }, { headers });
}
