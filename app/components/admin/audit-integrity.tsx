// The audit page's title and tamper-evidence card (issue 19 item 5, ADR 044): the hash chain's state
// and, for admins, the export form (a plain form post to /resources/audit-export: the browser
// downloads the JSON file).
import * as ui from "~/components/ui/ui.css";
import type { AuditChainAnswer } from "~/models/schemas/admin";
import { dateTimeUtc } from "~/utils/dates";

type Chain = AuditChainAnswer;

const entriesText = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "entry" : "entries"}`;

/** When it was checked; a large log is read whole at most every 10 minutes, new entries on every view. */
function checked(chain: Chain) {
  const now = dateTimeUtc(chain.verified_at);
  const whole = dateTimeUtc(chain.full_verified_at);
  return Date.parse(chain.verified_at) - Date.parse(chain.full_verified_at) > 60_000 ? `New entries checked ${now}; the whole log read ${whole}.` : `Checked ${now}.`;
}

/** The hash chain's state: verified with its head, or the first entry where it breaks. */
function ChainState({ chain, last }: { chain: Chain; last: boolean }) {
  const fit = last ? { marginBottom: 0 } : undefined;
  const head = chain.head ? (
    <>
      Chain head <code className={ui.mono}>{chain.head.hash}</code> (entry #{chain.head.id}).
    </>
  ) : (
    "The log is empty."
  );
  if (chain.ok) {
    return (
      <div className={ui.alert.success} style={fit} data-chain="verified">
        <div>
          <strong>Chain verified: {entriesText(chain.count)}, none altered, removed or reordered.</strong>
          <br />
          {head} {checked(chain)}
        </div>
      </div>
    );
  }
  return (
    <div className={ui.alert.error} style={fit} data-chain="broken" role="alert">
      <div>
        <strong>Chain broken at entry #{chain.problem?.id}.</strong> {chain.problem?.message}
        <br />
        {entriesText(chain.count)} read. {head} {checked(chain)} Compare with a backup or an earlier export
        before trusting entries from #{chain.problem?.id} on; <code className={ui.mono}>npm run audit:verify</code> on the server says the same.
      </div>
    </div>
  );
}

/** A period of the log as a JSON file an auditor can verify alone (docs/operations.md). */
function ExportForm({ from, to }: { from?: string; to?: string }) {
  return (
    <form method="post" action="/resources/audit-export" className={ui.row} style={{ alignItems: "flex-end" }} aria-label="Export the audit log">
      <label className={ui.field} style={{ marginBottom: 0 }}>
        <span className={ui.label}>Export from</span>
        <input name="from" type="date" defaultValue={from ?? ""} className={ui.input} />
      </label>
      <label className={ui.field} style={{ marginBottom: 0 }}>
        <span className={ui.label}>Export to</span>
        <input name="to" type="date" defaultValue={to ?? ""} className={ui.input} />
      </label>
      <button type="submit" className={ui.button.secondary}>
        Download export (JSON)
      </button>
      <p className={`${ui.small} ${ui.muted}`} style={{ flex: "1 1 260px", margin: 0 }}>
        The entries of the period with the hash before it and the chain head, so an auditor can verify them on their own (blank dates: from
        the start, to today).
      </p>
    </form>
  );
}

/** The log's integrity: the chain's state and, for admins, the export. */
export function Integrity({ chain, canExport, from, to }: { chain: Chain; canExport: boolean; from?: string; to?: string }) {
  return (
    <section className={ui.card} style={{ marginBottom: 24 }} aria-labelledby="audit-integrity">
      <h2 id="audit-integrity" className={ui.cardTitle}>
        Tamper-evidence
      </h2>
      <ChainState chain={chain} last={!canExport} />
      {canExport ? <ExportForm from={from} to={to} /> : null}
    </section>
  );
}

/** The page's title and the card: the head of the audit page. */
export function AuditHead(props: { chain: Chain; canExport: boolean; from?: string; to?: string }) {
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Audit log</h1>
          <p className={ui.pageLead}>Every change: who made it, what it was, when (UTC) and from which address.</p>
        </div>
      </div>
      <Integrity {...props} />
    </>
  );
}
