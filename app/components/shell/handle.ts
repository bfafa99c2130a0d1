// How a page inside the shell fills the top bar: export a `handle` with `topBar`, a function of the
// route's own loader data. The deepest match that gives a value wins, key by key.
//
//   export const handle: ShellHandle = {
//     topBar: ({ data }) => {
//       const d = data as SerializeFrom<typeof loader>;
//       return { msn: d.header.msn, registration: d.header.registration,
//                issueDates: [{ label: "OPS issue date", date: d.header.ops_issue_date }],
//                actions: <ExportButtons … /> };
//     },
//   };
import type { Params } from "@remix-run/react";
import { useMatches } from "@remix-run/react";
import type { ReactNode } from "react";

export interface TopBarInfo {
  msn?: string | null;
  registration?: string | null;
  /** The transition module hides the registration (spec 001 §2). */
  hideRegistration?: boolean;
  /** e.g. { label: "OPS issue date", date: "2024-05-01" } or "OIL issue date". */
  issueDates?: { label: string; date: string | null }[];
  /** Export and share buttons of the page (the top bar's export/share slot). */
  actions?: ReactNode;
  hideProductSwitcher?: boolean;
}

export interface ShellHandle {
  topBar?: (match: { data: unknown; params: Params }) => TopBarInfo | null | undefined;
}

/** The merged top-bar contribution of the matched routes (deepest wins). */
export function useTopBar(): TopBarInfo {
  const matches = useMatches();
  const merged: TopBarInfo = {};
  for (const m of matches) {
    const handle = m.handle as ShellHandle | undefined;
    const info = handle?.topBar?.({ data: m.data, params: m.params });
    if (!info) continue;
    for (const [k, v] of Object.entries(info) as [keyof TopBarInfo, unknown][]) {
      if (v !== undefined) (merged as Record<string, unknown>)[k] = v;
    }
  }
  return merged;
}
