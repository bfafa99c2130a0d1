// The no-JS upload of a consultant's photo or resume (the documents tab): the multipart form is read
// part by part (multipart-body.server.ts) and the file streamed into the blob store with the signed
// policy of upload_link.json (which checks the key prefix and the size while the bytes flow), then
// the key is saved with profile_update. Nothing is buffered. The upload island does the same from the
// browser with the upload engine (components/profile-tabs/document-upload.tsx).
import type { AppLoadContext } from "@remix-run/node";
import type { Api } from "./api.server";
import { DOCUMENT_NAMING, UPLOAD_RULES, uploadProblem, type UploadKind } from "./consultant-rules";
import { getUploadLink, updateProfile } from "./consultant.server";
import { DROP_REASON_TEXT, sanitizeFileName } from "./file-names";
import { MultipartError, multipartParts, refusedBody, storePart, type MultipartPart } from "./multipart-body.server";

export type StreamedUpload = { ok: true; kind: UploadKind; message: string } | { ok: false; kind: UploadKind | null; error: string };

type FilePart = Extract<MultipartPart, { kind: "file" }>;

/**
 * The no-JS upload of one photo or resume. The form sends `kind` before the file (the order of its
 * inputs), so the link can be asked for before the file's bytes are read; a body larger than the
 * kind's limit is refused from its Content-Length before anything is read. A redirect of the
 * consultant error rule (logout, /errors/error-500) is thrown on, and so is the 400 of a file name
 * with a control character.
 */
export async function streamProfileUpload(request: Request, context: AppLoadContext, api: Api, consultantId: number): Promise<StreamedUpload> {
  if (!request.body) return { ok: false, kind: null, error: "Choose a file to upload." };
  const declared = Number(request.headers.get("content-length") ?? NaN);
  let kind: UploadKind | null = null;
  try {
    for await (const part of multipartParts(request, { files: 1, fields: 10, fieldSize: 4096 })) {
      if (part.kind === "field") {
        if (part.name === "kind" && (part.value === "photo" || part.value === "resume")) kind = part.value;
        continue;
      }
      if (part.kind !== "file") continue;
      if (!kind) return { ok: false, kind: null, error: "Choose whether you upload a photo or a resume." };
      return await uploadOne(context, api, consultantId, kind, part, declared);
    }
  } catch (err) {
    if (err instanceof Response) throw err;
    if (!(err instanceof MultipartError)) {
      console.error("[consultant] upload failed", err);
      return { ok: false, kind, error: "The upload failed. Please try again." };
    }
    if (err.refusesBody) throw refusedBody(err); // only a hand-made body has one: a 400 with the reason
    if (err.reason === "not_multipart") return { ok: false, kind: null, error: "Choose a file to upload." };
    return { ok: false, kind, error: err.reason === "malformed" ? "The upload was interrupted: the form data was not complete." : "The upload was interrupted." };
  }
  return { ok: false, kind, error: kind ? `Choose a ${UPLOAD_RULES[kind].label} file to upload.` : "Choose a file to upload." };
}

async function uploadOne(context: AppLoadContext, api: Api, consultantId: number, kind: UploadKind, part: FilePart, declared: number): Promise<StreamedUpload> {
  const rule = UPLOAD_RULES[kind];
  const problem = uploadProblem(kind, part.filename, Number.isFinite(declared) && declared > rule.maxBytes + 64 * 1024 ? declared : null);
  const name = problem ? null : sanitizeFileName(part.filename.split(/[\\/]/).pop() ?? "", DOCUMENT_NAMING);
  if (problem || !name?.ok) return { ok: false, kind, error: problem ?? DROP_REASON_TEXT[name && !name.ok ? name.reason : "empty"] };
  const link = await getUploadLink(api, consultantId, kind);
  if (!link.ok) return { ok: false, kind, error: link.error };
  const key = `${link.data.key_prefix}${name.name}`;
  const stored = await storePart(context, link.data, key, { ...part, filename: name.name });
  switch (stored.outcome) {
    case "unreachable":
      console.error("[consultant] blob upload failed", stored.cause);
      return { ok: false, kind, error: `The ${rule.label} could not be stored. Please try again.` };
    case "refused":
      return { ok: false, kind, error: stored.error ?? `The ${rule.label} could not be stored.` };
  }
  const saved = await updateProfile(api, consultantId, kind === "photo" ? { photo_key: key } : { resume_key: key });
  return saved.ok ? { ok: true, kind, message: saved.message ?? "Saved." } : { ok: false, kind, error: saved.error };
}
