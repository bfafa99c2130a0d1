// What a file preview shows (issue 16 item 1, ADR 041). Pure and browser-safe: the preview loader
// decides with it, the unit tests pin it down.

export type PreviewKind = "pdf" | "image" | "text" | "other";

/** Images every browser draws in an <img> (SVG is active content: the store sends it as an attachment). */
const IMAGE_EXT = new Set(["png", "jpg", "jpeg", "gif", "webp", "bmp", "avif"]);
const IMAGE_TYPE = /^image\/(png|jpeg|gif|webp|bmp|avif)$/i;

const extOf = (name: string) => (name.includes(".") ? name.slice(name.lastIndexOf(".") + 1).toLowerCase() : "");

/**
 * PDFs in the browser's own viewer (an <iframe> on a signed inline link), images scaled in an <img>,
 * text and CSV as escaped text (the upstream sends a text file's first 200 KB), everything else
 * (Office files, archives…) offers its download.
 */
export function previewKind(file: { name: string; content_type: string; text: string | null }): PreviewKind {
  const ext = extOf(file.name);
  if (ext === "pdf" || /^application\/pdf$/i.test(file.content_type)) return "pdf";
  if (IMAGE_EXT.has(ext) || IMAGE_TYPE.test(file.content_type)) return "image";
  if (file.text != null) return "text";
  return "other";
}

/** The files before and after `id` in a listing (folders skipped), in the listing's order. */
export function neighbours<T extends { id: number; resourcetype: "collection" | "file" }>(items: T[], id: number): { prev: T | null; next: T | null; index: number; count: number } {
  const files = items.filter((i) => i.resourcetype === "file");
  const index = files.findIndex((f) => f.id === id);
  if (index < 0) return { prev: null, next: null, index: -1, count: files.length };
  return { prev: files[index - 1] ?? null, next: files[index + 1] ?? null, index, count: files.length };
}
