// Folder paths inside an aircraft's records ("/" is the aircraft root, "/Docs/2024" a folder).
// Pure and browser-safe. Every `dir` the portal or the API receives goes through normalizeDir:
// anything that could escape the tree or smuggle a separator is refused (null), never "repaired".

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
/** Encoded separators, dots, NUL and "%" itself: a legitimate folder name never holds them encoded (sanitized names contain no "%"). */
const ENCODED_TRICK = /%(2f|5c|00|2e|25)/i;

/** "/a/b" for a safe folder path ("", "/", "a/b/", "/a//b" are fine), null for anything unsafe. */
export function normalizeDir(input: string | null | undefined): string | null {
  if (input == null) return "/";
  let s = String(input);
  if (s.length > 2048) return null;
  if (/%[0-9a-f]{2}/i.test(s)) {
    // The query string was decoded once already: a second layer of encoding is a trick, except for
    // plain characters (e.g. "%20") that a client encoded twice.
    if (ENCODED_TRICK.test(s)) return null;
    try {
      s = decodeURIComponent(s);
    } catch {
      return null;
    }
    if (/%[0-9a-f]{2}/i.test(s)) return null;
  }
  if (CONTROL.test(s) || s.includes("\\")) return null;
  if (/^[a-zA-Z]:/.test(s) || s.startsWith("//") || /^[a-z][a-z0-9+.-]*:\/\//i.test(s) || s.startsWith("~")) return null;
  const segs = s.split("/").filter((seg) => seg !== "");
  for (const seg of segs) {
    if (seg === "." || seg === ".." || seg.trim() === "") return null;
  }
  return `/${segs.join("/")}`;
}

/** Joins a folder path and a relative path ("a/b" or a name): "/x" + "a/b" -> "/x/a/b". */
export function joinPath(dir: string, rel: string): string {
  const segs = [...dir.split("/"), ...rel.split("/")].filter(Boolean);
  return `/${segs.join("/")}`;
}

/** "/a/b" -> "/a", "/a" -> "/", "/" -> null. */
export function parentOf(p: string): string | null {
  const segs = p.split("/").filter(Boolean);
  if (!segs.length) return null;
  return `/${segs.slice(0, -1).join("/")}`;
}

/** "/a/b.pdf" -> "b.pdf", "/" -> "". */
export function basename(p: string): string {
  const segs = p.split("/").filter(Boolean);
  return segs[segs.length - 1] ?? "";
}

/** True when `p` is `ancestor` or below it. */
export function isWithin(p: string, ancestor: string): boolean {
  if (ancestor === "/") return p.startsWith("/");
  return p === ancestor || p.startsWith(`${ancestor}/`);
}

/** The folder chain of a path for a breadcrumb: "/a/b" -> ["/", "/a", "/a/b"]. */
export function ancestorsOf(p: string): string[] {
  const segs = p.split("/").filter(Boolean);
  const out = ["/"];
  for (let i = 1; i <= segs.length; i++) out.push(`/${segs.slice(0, i).join("/")}`);
  return out;
}
