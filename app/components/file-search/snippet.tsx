// The text around a match inside a document (issue 17): the upstream sends plain text and the
// [start, end) offsets of the matched words; the marks are built here as React elements, so the
// text can never be read as HTML.

export type SnippetPart = { text: string; mark: boolean };

/** Splits `text` at the marks (sorted, clipped to the text, overlaps dropped). */
export function snippetParts(text: string, marks: readonly (readonly [number, number])[]): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let at = 0;
  for (const [a0, b0] of [...marks].sort((x, y) => x[0] - y[0])) {
    const a = Math.max(at, Math.min(text.length, Math.floor(a0)));
    const b = Math.min(text.length, Math.floor(b0));
    if (b <= a) continue;
    if (a > at) parts.push({ text: text.slice(at, a), mark: false });
    parts.push({ text: text.slice(a, b), mark: true });
    at = b;
  }
  if (at < text.length) parts.push({ text: text.slice(at), mark: false });
  return parts;
}

export function Snippet({ text, marks, page, className }: { text: string; marks: readonly (readonly [number, number])[]; page: number | null; className?: string }) {
  return (
    <p className={className} data-snippet="">
      {page ? <span data-match-page={page}>Page {page}: </span> : null}
      {snippetParts(text, marks).map((p, i) => (p.mark ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}
    </p>
  );
}
