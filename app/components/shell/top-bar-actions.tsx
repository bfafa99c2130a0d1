// A server-markup page's top-bar actions (exports, share; spec 001 §2 "Top bar"): a region of its own
// that the page's loader renders (a `page-*` id, so every answer carries it) and the route's handle
// places in the top bar's actions slot (issue 12, ADR 065).
import { MARKUP_KEY, ServerMarkup, type WithMarkup } from "~/components/server-markup/server-markup";
import type { ShellHandle } from "./handle";

export function withMarkupActions(base: ShellHandle, id: string): ShellHandle {
  return {
    topBar: (m) => {
      const info = base.topBar?.(m);
      return info ? { ...info, actions: <ServerMarkup id={id} html={(m.data as WithMarkup | undefined)?.[MARKUP_KEY]?.[id]} /> } : info;
    },
  };
}
