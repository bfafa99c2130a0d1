// Upload file- and folder-name rules (spec 000 §5 "Validation rules", §9). Pure and browser-safe:
// the upload island applies them before uploading, the upstream applies them again when indexing
// (the server never trusts the browser's result).
//
// Standard flow, per file:
//   1. a file whose extension is exe, bat or sh is dropped silently;
//   2. the special characters are replaced with "_" in every folder segment and in the file name
//      (the last "." of the file name is kept as the extension separator);
//   3. the file name must then be letters, digits, space, underscore or hyphen plus one optional
//      alphanumeric extension, otherwise the file is dropped.
// Extended (UEF) flow: steps 1 and 2, then the extension is lowercased instead of step 3.
//
// "Letters" and "digits" are Unicode letters and digits (an "Ö" or a "é" is a letter); control
// characters are always replaced too, so every accepted path is a safe blob key and folder name.

/** The characters replaced with "_" in file and folder names (spec 000 §5), in the spec's order. */
export const SPECIAL_CHARS: readonly string[] = [
  "!", "@", "#", "$", "%", "^", "&", "*", "(", ")", "[", "]", "{", "}", ";", ":", "'", '"', ",", ".",
  "<", ">", "/", "?", "\\", "|", "+", "=", "~", "`",
];

/** Uploads silently drop files with these extensions (spec 000 §9). */
export const FORBIDDEN_EXTENSIONS: readonly string[] = ["exe", "bat", "sh"];

export const SPECIAL_CHARS_WARNING = "Please Note: Special characters in the folder OR file name will be replaced with _";

/** Standard flow: letters, digits, space, underscore or hyphen, plus one optional alphanumeric extension. */
export const FILE_NAME_PATTERN = /^[\p{L}\p{M}\p{N} _-]+(\.[\p{L}\p{M}\p{N}]+)?$/u;

/** Limits that keep every accepted path a valid blob key (the store allows 240 bytes per segment, 1024 per key). */
export const MAX_NAME_BYTES = 200;
export const MAX_PATH_BYTES = 800;

export type NamingFlow = "standard" | "uef";

export type DropReason = "forbidden_extension" | "invalid_name" | "empty" | "too_long" | "duplicate";

export const DROP_REASON_TEXT: Record<DropReason, string> = {
  forbidden_extension: "Files of this type (exe, bat, sh) are not accepted.",
  invalid_name: "The file name may only contain letters, digits, spaces, underscores and hyphens, plus one extension.",
  empty: "The name is empty.",
  too_long: "The name or path is too long.",
  duplicate: "Another file in this upload has the same name after special characters were replaced.",
};

const specialSet = new Set(SPECIAL_CHARS);
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

const byteLength = (s: string) => new TextEncoder().encode(s).length;

/** Replaces every special (and control) character with "_". */
export function replaceSpecialChars(s: string): string {
  let out = "";
  for (const ch of s) out += specialSet.has(ch) || CONTROL.test(ch) ? "_" : ch;
  return out;
}

/** The extension of a name (after its last "."), lowercased; "" when none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : "";
}

export function isForbiddenExtension(name: string): boolean {
  const ext = extensionOf(name.trim());
  return ext !== "" && FORBIDDEN_EXTENSIONS.includes(ext);
}

/** A folder name with the special characters replaced (folders have no extension: every "." goes). */
export function sanitizeFolderName(name: string): string {
  return replaceSpecialChars(name.trim());
}

export type NameResult = { ok: true; name: string } | { ok: false; reason: DropReason };

/** Applies the rules to one file name (no folders). */
export function sanitizeFileName(name: string, flow: NamingFlow = "standard"): NameResult {
  const trimmed = name.trim();
  if (!trimmed) return { ok: false, reason: "empty" };
  if (isForbiddenExtension(trimmed)) return { ok: false, reason: "forbidden_extension" };
  const dot = trimmed.lastIndexOf(".");
  // A leading dot (".env") is part of the name, not an extension separator.
  let base = dot > 0 ? trimmed.slice(0, dot) : trimmed;
  let ext = dot > 0 ? trimmed.slice(dot + 1) : null;
  base = replaceSpecialChars(base);
  if (ext !== null) ext = replaceSpecialChars(ext);
  if (flow === "uef" && ext !== null) ext = ext.toLowerCase();
  const result = ext === null || ext === "" ? (ext === "" ? `${base}_` : base) : `${base}.${ext}`;
  if (flow === "standard" && !FILE_NAME_PATTERN.test(result)) return { ok: false, reason: "invalid_name" };
  if (byteLength(result) > MAX_NAME_BYTES) return { ok: false, reason: "too_long" };
  return { ok: true, name: result };
}

export type PathResult = { ok: true; path: string } | { ok: false; reason: DropReason };

/** Applies the rules to a relative path "folder/sub/file.ext" (separators "/" or "\\"). */
export function sanitizeRelativePath(relativePath: string, flow: NamingFlow = "standard"): PathResult {
  const segs = relativePath.split(/[\\/]+/).filter((s) => s.trim() !== "");
  const fileName = segs.pop();
  if (!fileName) return { ok: false, reason: "empty" };
  const file = sanitizeFileName(fileName, flow);
  if (!file.ok) return file;
  const folders: string[] = [];
  for (const seg of segs) {
    const f = sanitizeFolderName(seg);
    if (byteLength(f) > MAX_NAME_BYTES) return { ok: false, reason: "too_long" };
    folders.push(f);
  }
  const path = [...folders, file.name].join("/");
  if (byteLength(path) > MAX_PATH_BYTES) return { ok: false, reason: "too_long" };
  return { ok: true, path };
}

/** Sanitizes a relative folder path "a/b/c" (for folder creation); null when nothing is left. */
export function sanitizeFolderPath(relativePath: string): { ok: true; path: string } | { ok: false; reason: DropReason } {
  const segs = relativePath
    .split(/[\\/]+/)
    .map((s) => s.trim())
    .filter(Boolean)
    .map(sanitizeFolderName);
  if (!segs.length) return { ok: false, reason: "empty" };
  if (segs.some((s) => byteLength(s) > MAX_NAME_BYTES)) return { ok: false, reason: "too_long" };
  const path = segs.join("/");
  if (byteLength(path) > MAX_PATH_BYTES) return { ok: false, reason: "too_long" };
  return { ok: true, path };
}

export interface UploadCandidate {
  /** The file's name (single files) ... */
  name?: string;
  /** ... or its path relative to the dropped folder (webkitRelativePath). Preferred when both are given. */
  relativePath?: string;
  size: number;
}

export interface AcceptedUpload {
  originalPath: string;
  /** Sanitized relative path, "/"-separated, no leading "/". */
  path: string;
  size: number;
}

export interface DroppedUpload {
  originalPath: string;
  reason: DropReason;
}

const hasSpecial = (s: string) => [...s].some((ch) => specialSet.has(ch) || CONTROL.test(ch));

/** True when special characters would be replaced in one of the paths: the island then shows SPECIAL_CHARS_WARNING. */
export function hasSpecialChars(paths: string[]): boolean {
  return paths.some((p) => {
    const segs = p.split(/[\\/]+/).filter(Boolean);
    const file = segs.pop() ?? "";
    const dot = file.lastIndexOf(".");
    const fileParts = dot > 0 ? [file.slice(0, dot), file.slice(dot + 1)] : [file];
    return segs.some(hasSpecial) || fileParts.some(hasSpecial) || (dot > 0 && dot === file.length - 1);
  });
}

/** Applies the upload rules to a selection of files. Order is kept; duplicates after sanitizing keep the first. */
export function sanitizeUploads(files: UploadCandidate[], flow: NamingFlow = "standard"): { accepted: AcceptedUpload[]; dropped: DroppedUpload[] } {
  const accepted: AcceptedUpload[] = [];
  const dropped: DroppedUpload[] = [];
  const seen = new Set<string>();
  for (const f of files) {
    const originalPath = (f.relativePath && f.relativePath.trim()) || f.name || "";
    const r = sanitizeRelativePath(originalPath, flow);
    if (!r.ok) {
      dropped.push({ originalPath, reason: r.reason });
      continue;
    }
    if (seen.has(r.path)) {
      dropped.push({ originalPath, reason: "duplicate" });
      continue;
    }
    seen.add(r.path);
    accepted.push({ originalPath, path: r.path, size: Math.max(0, Math.floor(Number(f.size) || 0)) });
  }
  return { accepted, dropped };
}
