// A part of a page whose code the browser fetches only when the user comes near it (issue 12, ADR
// 029): pointer, touch or focus inside it, or a navigation (the page changed under it). Until then it is the
// island's server render (the component itself, imported from a *.server module so the bundle leaves
// it out), kept as the server sent it, which works as it does without JavaScript: plain links and
// forms the browser follows itself. When the code has come the live component replaces it; what the
// user typed, chose, opened and where the focus was carry over.
//
// Mounted by a client-side navigation there is no server render to show: the layout's clientLoader
// fetches its islands' code with the data (preloadIsland), else it fetches its code at once.
import { useLocation, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ComponentType, type CSSProperties } from "react";
import { flushSync } from "react-dom";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;
const live = new Map<string, AnyComponent>();
const loading = new Map<string, Promise<AnyComponent>>();

/**
 * Fetches an island's code ahead (a client-side navigation into a layout whose islands have no server
 * render to show meanwhile: the layout's clientLoader waits for it with the data).
 */
export function preloadIsland<P>(id: string, load: () => Promise<ComponentType<P>>): Promise<ComponentType<P>> {
  let p = loading.get(id);
  if (!p) loading.set(id, (p = load().then((c) => (live.set(id, c), c))));
  return p as Promise<ComponentType<P>>;
}

const CONTENTS: CSSProperties = { display: "contents" };
const useBrowserLayoutEffect = typeof document === "undefined" ? () => undefined : useLayoutEffect;

// What carries over from the island's server render to the live component: the fields' values (by name;
// hidden ones are the page's, not the user's), which disclosures are open, and the focus (by
// position among the focusable elements, with the caret).
const FIELDS = "input[name]:not([type=hidden]):not([type=checkbox]):not([type=radio]),textarea[name],select[name]";
const FOCUSABLE = "a[href],button,input,select,textarea,summary";
type Field = HTMLInputElement;
type Carry = [values: [string, string][], open: boolean[], focus: number, start: number | null, end: number | null];

function capture(root: Element): Carry {
  const a = document.activeElement as Field | null;
  const text = a?.tagName === "INPUT" || a?.tagName === "TEXTAREA";
  return [
    [...root.querySelectorAll<Field>(FIELDS)].map((f) => [f.name, f.value]),
    [...root.querySelectorAll("details")].map((d) => d.open),
    a ? [...root.querySelectorAll(FOCUSABLE)].indexOf(a) : -1,
    text ? a!.selectionStart : null,
    text ? a!.selectionEnd : null,
  ];
}

function restore(root: Element, [values, open, focus, start, end]: Carry) {
  const fields = [...root.querySelectorAll<Field>(FIELDS)];
  for (const [name, value] of values) {
    const f = fields.find((x) => x.name === name);
    if (!f || f.value === value) continue;
    // What was typed before the code came is told to the live component as typing (an input event,
    // through the element's own value setter so React sees the change): a search runs for it, as it
    // would have had the code been there.
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(f), "value")!.set!.call(f, value);
    f.dispatchEvent(new Event(f.tagName === "SELECT" ? "change" : "input", { bubbles: true }));
  }
  root.querySelectorAll("details").forEach((d, i) => open[i] && (d.open = true));
  const f = root.querySelectorAll<Field>(FOCUSABLE)[focus];
  if (f) {
    f.focus();
    if (start !== null) f.setSelectionRange?.(start, end);
  }
}

const KEEP = { __html: "" };

/**
 * The island's server render: `children` on the server (its component, from a *.server import), kept
 * by the browser as the server sent it (React does not diff an element with dangerouslySetInnerHTML
 * while hydrating, and its "" never changes after) until the live component replaces it.
 */
function Kept({ id, children }: { id: string; children: React.ReactNode }) {
  if (children != null) {
    return (
      <div id={id} style={CONTENTS}>
        {children}
      </div>
    );
  }
  return <div id={id} style={CONTENTS} suppressHydrationWarning dangerouslySetInnerHTML={KEEP} />;
}

export function LazyIsland<P extends object>({
  id,
  load,
  server: Server,
  fallback: Fallback,
  props,
}: {
  /** The id of its server render's element (unique on the page). */
  id: string;
  /** Fetches the live component (a dynamic import). */
  load: () => Promise<ComponentType<P>>;
  /** The same component for the server render, from a *.server module (undefined in the browser). */
  server: ComponentType<P> | undefined;
  /** Shown in the browser while the code comes when there is no server render (a client-side navigation). */
  fallback?: ComponentType<P>;
  props: P;
}) {
  const location = useLocation();
  const box = useRef<HTMLDivElement>(null);
  const [Live, setLive] = useState<ComponentType<P> | null>(() => (live.get(id) as ComponentType<P> | undefined) ?? null);
  const [now] = useState(() => typeof document !== "undefined" && !document.getElementById(id));
  const firstKey = useRef(location.key);
  const carry = useRef<Carry | null>(null);

  /** A pointer is pressed inside (its click is yet to come). */
  const pressed = useRef(false);
  // A navigation under way: the live component waits for its end (then swaps in without flushSync,
  // which an effect may not call). A synchronous render in the middle of a navigation is the likely
  // place where the browser tests saw React give up on the root now and then (React's error 345 after
  // a client-side navigation, twice in CI, never reproduced locally).
  const navigation = useNavigation();
  const navigating = useRef(false);
  navigating.current = navigation.state !== "idle";
  const waiting = useRef<ComponentType<P> | null>(null);

  useEffect(() => {
    const c = waiting.current;
    if (navigation.state !== "idle" || !c) return;
    waiting.current = null;
    if (box.current) carry.current = capture(box.current);
    setLive(() => c);
  }, [navigation.state]);

  const fetchCode = useCallback(() => {
    if (Live) return;
    void preloadIsland(id, load).then((c) => {
      const swap = () => {
        if (navigating.current) {
          waiting.current = c as ComponentType<P>;
          return;
        }
        // Read what the user has typed and swap in the live component in one step: a key press between
        // the two would land in markup that is about to go, and be lost.
        if (box.current) carry.current = capture(box.current);
        flushSync(() => setLive(() => c as ComponentType<P>));
      };
      // Not between a press and its release: the release would land on the live markup, and the
      // browser sends no click for a press and a release on two different elements.
      if (!pressed.current) return swap();
      const release = () => {
        window.removeEventListener("pointerup", release, true);
        window.removeEventListener("pointercancel", release, true);
        pressed.current = false;
        setTimeout(swap); // after the click the release makes
      };
      window.addEventListener("pointerup", release, true);
      window.addEventListener("pointercancel", release, true);
    });
  }, [Live, id, load]);

  useEffect(() => {
    if (now || location.key !== firstKey.current) fetchCode();
  }, [now, location.key, fetchCode]);

  // The pointer or the focus may have reached the island before the page's code ran (a slow line):
  // no pointerenter or focus event comes for that, so the island looks once when it is first live.
  useEffect(() => {
    const b = box.current;
    if (b && (b.querySelector(":hover") || b.contains(document.activeElement))) fetchCode();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useBrowserLayoutEffect(() => {
    if (!Live || !carry.current || !box.current) return;
    restore(box.current, carry.current);
    carry.current = null;
  }, [Live]);

  return (
    <div
      ref={box}
      style={CONTENTS}
      onPointerEnter={fetchCode}
      onPointerDownCapture={() => (pressed.current = true)}
      onPointerUpCapture={() => (pressed.current = false)}
      onTouchStart={fetchCode}
      onFocus={fetchCode}
    >
      {Live ? <Live {...props} /> : now && Fallback ? <Fallback {...props} /> : <Kept id={id}>{Server ? <Server {...props} /> : null}</Kept>}
    </div>
  );
}
