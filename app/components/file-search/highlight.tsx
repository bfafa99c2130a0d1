// The upstream's search highlight is HTML: the escaped name with <mark>…</mark> around the matches.
// It is never injected as HTML: it is split on the two mark tags, every other piece is decoded as
// text (so anything else that looks like a tag stays visible text), and React renders the pieces.

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'", "#x27": "'", "#x2F": "/", "#47": "/" };

/** Decodes the few entities an HTML escaper produces (and numeric ones); unknown entities stay as they are. */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (ENTITIES[e] !== undefined) return ENTITIES[e];
    if (/^#x/i.test(e)) {
      const n = parseInt(e.slice(2), 16);
      return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : m;
    }
    if (/^#\d+$/.test(e)) {
      const n = Number(e.slice(1));
      return n > 0 && n < 0x110000 ? String.fromCodePoint(n) : m;
    }
    return m;
  });
}

export type HighlightPart = { text: string; mark: boolean };

/** "a&lt;b&gt; <mark>rep</mark>ort" → [{text:"a<b> ", mark:false}, {text:"rep", mark:true}, {text:"ort", mark:false}] */
export function parseHighlight(html: string): HighlightPart[] {
  const parts: HighlightPart[] = [];
  let mark = false;
  for (const piece of html.split(/(<mark>|<\/mark>)/i)) {
    if (/^<mark>$/i.test(piece)) mark = true;
    else if (/^<\/mark>$/i.test(piece)) mark = false;
    else if (piece) parts.push({ text: decodeEntities(piece), mark });
  }
  return parts;
}

export function Highlight({ html, fallback }: { html: string; fallback: string }) {
  const parts = parseHighlight(html);
  if (!parts.length) return <>{fallback}</>;
  return (
    <>
      {parts.map((p, i) => (p.mark ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}
    </>
  );
}
