// A part of a page whose code the browser fetches only when the user comes near it (issue 12, ADR
// 029): pointer, touch or focus inside it, or a navigation (the page changed under it). Until then it
// is the server's markup (rendered by the component itself, imported from a *.server module so the
// bundle leaves it out), which works as it does without JavaScript: plain links and forms, handed to
// Remix by useMarkupLinks. When the code has come the live component replaces the markup; what the
// user typed, chose, opened and where the focus was carry over.
//
// Mounted by a client-side navigation (no server markup to show) it fetches its code at once.
import { useLocation } from "@remix-run/react";
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ComponentType, type CSSProperties } from "react";
import { ServerMarkup } from "./server-markup";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;
const live = new Map<string, AnyComponent>();
const loading = new Map<string, Promise<AnyComponent>>();

const CONTENTS: CSSProperties = { display: "contents" };
const useBrowserLayoutEffect = typeof document === "undefined" ? () => undefined : useLayoutEffect;

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
interface Carry {
  values: [string, string][];
  open: number[];
  focus: { name: string; start: number | null; end: number | null } | null;
}

const fieldsOf = (root: Element) => [...root.querySelectorAll<Field>("input[name],textarea[name],select[name]")].filter((f) => !["hidden", "checkbox", "radio", "submit", "button"].includes(f.type));

function capture(root: Element | null): Carry | null {
  if (!root) return null;
  const a = document.activeElement as Field | null;
  const text = a && "selectionStart" in a && a.type !== "select-one" ? (a as HTMLInputElement) : null;
  return {
    values: fieldsOf(root).map((f) => [f.name, f.value]),
    open: [...root.querySelectorAll("details")].flatMap((d, i) => (d.open ? [i] : [])),
    focus: a?.name && root.contains(a) ? { name: a.name, start: text?.selectionStart ?? null, end: text?.selectionEnd ?? null } : null,
  };
}

function restore(root: Element, c: Carry) {
  const fields = fieldsOf(root);
  for (const [name, value] of c.values) {
    const f = fields.find((x) => x.name === name);
    if (f && f.value !== value) f.value = value;
  }
  const details = root.querySelectorAll("details");
  for (const i of c.open) if (details[i]) details[i]!.open = true;
  const f = c.focus && fields.find((x) => x.name === c.focus!.name);
  if (f) {
    f.focus();
    if (f instanceof HTMLInputElement || f instanceof HTMLTextAreaElement) f.setSelectionRange(c.focus!.start, c.focus!.end);
  }
}

export function LazyIsland<P extends object>({
  id,
  load,
  server: Server,
  props,
}: {
  /** The id of its server markup (unique on the page). */
  id: string;
  /** Fetches the live component (a dynamic import). */
  load: () => Promise<ComponentType<P>>;
  /** The same component for the server render, from a *.server module (undefined in the browser). */
  server: ComponentType<P> | undefined;
  props: P;
}) {
  const location = useLocation();
  const box = useRef<HTMLDivElement>(null);
  const [Live, setLive] = useState<ComponentType<P> | null>(() => (live.get(id) as ComponentType<P> | undefined) ?? null);
  const [now] = useState(() => typeof document !== "undefined" && !document.getElementById(id));
  const firstKey = useRef(location.key);
  const carry = useRef<Carry | null>(null);

  const fetchCode = useCallback(() => {
    if (Live) return;
    let p = loading.get(id);
    if (!p) loading.set(id, (p = load().then((c) => (live.set(id, c), c))));
    void p.then((c) => {
      carry.current = capture(box.current);
      setLive(() => c as ComponentType<P>);
    });
  }, [Live, id, load]);

  useEffect(() => {
    if (now || location.key !== firstKey.current) fetchCode();
  }, [now, location.key, fetchCode]);

  useBrowserLayoutEffect(() => {
    if (!Live || !carry.current || !box.current) return;
    restore(box.current, carry.current);
    carry.current = null;
  }, [Live]);

  return (
    <div ref={box} style={CONTENTS} onPointerEnter={fetchCode} onTouchStart={fetchCode} onFocus={fetchCode}>
      {Live ? <Live {...props} /> : <ServerMarkup id={id}>{Server ? <Server {...props} /> : null}</ServerMarkup>}
    </div>
  );
}
