// The top bar of the AeroOPS aircraft screens (spec 001 §2): Aircraft MSN, Aircraft Registration
// (the shell hides it for module=transition) and the OPS issue date, from the page's `header`
// (the ops API's get_ops_header_data). Pages export `handle = opsHandle`.
import type { ShellHandle } from "~/components/shell/handle";

type Header = { msn: string; registration: string; ops_issue_date: string | null };

export const opsHandle: ShellHandle = {
  topBar: ({ data }) => {
    const h = (data as { header?: Header } | undefined)?.header;
    return h ? { msn: h.msn, registration: h.registration || null, issueDates: [{ label: "OPS issue date", date: h.ops_issue_date }] } : null;
  },
};
