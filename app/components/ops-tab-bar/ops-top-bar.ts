// The top bar of the AeroOPS aircraft screens (spec 001 §2): Aircraft MSN, Aircraft Registration
// (the shell hides it for module=transition) and the OPS issue date, from the page's `header`
// (the ops API's get_ops_header_data). Pages export `handle = opsHandle`; the AeroOIL screens
// `handle = oilHandle` (OIL issue date, get_oil_header_data); a screen with exports or Share adds
// them with withActions.
import type { ReactNode } from "react";
import type { ShellHandle } from "~/components/shell/handle";

type Header = { msn: string; registration: string; ops_issue_date: string | null };

export const opsHandle: ShellHandle = {
  topBar: ({ data }) => {
    const h = (data as { header?: Header } | undefined)?.header;
    return h ? { msn: h.msn, registration: h.registration || null, issueDates: [{ label: "OPS issue date", date: h.ops_issue_date }] } : null;
  },
};

type OilHeader = { msn: string; registration: string; oil_issue_date: string | null };

/** The AeroOIL aircraft screens' top bar: Aircraft MSN, Aircraft Registration and the OIL issue date. */
export const oilHandle: ShellHandle = {
  topBar: ({ data }) => {
    const h = (data as { header?: OilHeader } | undefined)?.header;
    return h ? { msn: h.msn, registration: h.registration || null, issueDates: [{ label: "OIL issue date", date: h.oil_issue_date }] } : null;
  },
};

/** `base` with the screen's exports and share in the top bar's actions slot, drawn from the route's loader data. */
export function withActions<D>(base: ShellHandle, actions: (data: D) => ReactNode): ShellHandle {
  return {
    topBar: (m) => {
      const info = base.topBar?.(m);
      return info && m.data ? { ...info, actions: actions(m.data as D) } : info;
    },
  };
}
