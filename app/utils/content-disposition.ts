// Content-Disposition of a download (RFC 6266 with RFC 5987's filename*): the file name as the user
// gave it, letters of every script kept ("TLB Zürich.xlsx"), and an ASCII fallback for old clients
// with accents dropped ("TLB Zurich.xlsx"), not replaced. Shared by the portal and the upstream.

/** A file name safe to hand to a browser: no control, quote, path or reserved characters; at most 150 characters. */
export function downloadName(name: string): string {
  const cleaned = name
    .normalize("NFC")
    .replace(/[\u0000-\u001f\u007f-\u009f"\\/:*?<>|]+/g, "_")
    .replace(/_+/g, "_")
    .replace(/\s+/g, " ")
    .trim();
  return Array.from(cleaned).slice(0, 150).join("") || "download";
}

/** The ASCII fallback: accents dropped (ü → u), any other character outside printable ASCII "_". */
export function asciiName(name: string): string {
  return (
    downloadName(name)
      .normalize("NFKD")
      .replace(/\p{M}+/gu, "")
      .replace(/[^\x20-\x7e]+/g, "_")
      .replace(/_+/g, "_") || "download"
  );
}

/** `attachment` (or `inline`) with both names. */
export function contentDisposition(filename: string, download = true): string {
  const name = downloadName(filename);
  // RFC 5987's attr-char has no ' ( ) *, which encodeURIComponent leaves as they are.
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${download ? "attachment" : "inline"}; filename="${asciiName(name)}"; filename*=UTF-8''${encoded}`;
}
