// The Linked Documents page's parts (issue 17 item 5, ADR 047): the suggestions to accept or reject,
// the links with Unlink, and the form that links a document (found by name) to a row or work order.
// Plain forms: everything works without JavaScript; the upstream refuses what the user may not do.
import { Form, Link } from "@remix-run/react";
import * as ui from "~/components/ui/ui.css";
import { formatBytes } from "~/models/size";
import { dayMonthYear } from "~/utils/dates";
import * as s from "./linked-documents.css";

export interface LinkRow {
  id: number;
  status: "linked" | "suggested" | "rejected";
  reason: string | null;
  created_at: string;
  created_by_name: string | null;
  file: { id: number; name: string; dir: string; size: number };
  target: { label: string; kind: "row" | "work_order" };
  fileHref: string;
  targetHref: string | null;
}

function Decide({ linkId, intent, label, tone = "secondary", name }: { linkId: number; intent: "accept" | "reject" | "unlink"; label: string; tone?: "secondary" | "ghost" | "primary"; name: string }) {
  return (
    <Form method="post" className={s.inline} preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="link_id" value={linkId} />
      <button type="submit" className={`${ui.button[tone]} ${ui.buttonSmall}`} aria-label={`${label}: ${name}`}>
        {label}
      </button>
    </Form>
  );
}

function Target({ l }: { l: LinkRow }) {
  return l.targetHref ? <Link to={l.targetHref}>{l.target.label}</Link> : <span>{l.target.label}</span>;
}

function Doc({ l }: { l: LinkRow }) {
  return (
    <>
      <Link to={l.fileHref}>{l.file.name}</Link>
      <div className={s.sub}>
        {l.file.dir} · {formatBytes(l.file.size)}
      </div>
    </>
  );
}

export function Suggestions({ rows, canWrite }: { rows: LinkRow[]; canWrite: boolean }) {
  if (!rows.length) return <p className={ui.muted}>No suggestions waiting. Suggestions come from the text read in each document: an AD or SB number, a part or serial number, or a work order number that a row carries.</p>;
  return (
    <div className={ui.tableWrap}>
      <table className={ui.table} aria-label="Suggested links">
        <thead>
          <tr>
            <th scope="col">Document</th>
            <th scope="col">Suggested for</th>
            <th scope="col">Why</th>
            {canWrite ? (
              <th scope="col">
                <span className="visually-hidden">Decision</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((l) => (
            <tr key={l.id} data-link-id={l.id}>
              <td>
                <Doc l={l} />
              </td>
              <td>
                <Target l={l} />
              </td>
              <td className={s.reason}>{l.reason}</td>
              {canWrite ? (
                <td className={s.actions}>
                  <Decide linkId={l.id} intent="accept" label="Accept" tone="primary" name={`${l.file.name} to ${l.target.label}`} />
                  <Decide linkId={l.id} intent="reject" label="Reject" tone="ghost" name={`${l.file.name} to ${l.target.label}`} />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function Links({ rows, canWrite, emptyText }: { rows: LinkRow[]; canWrite: boolean; emptyText: string }) {
  if (!rows.length) return <p className={ui.muted}>{emptyText}</p>;
  return (
    <div className={ui.tableWrap}>
      <table className={ui.table} aria-label="Linked documents">
        <thead>
          <tr>
            <th scope="col">Document</th>
            <th scope="col">Linked to</th>
            <th scope="col" className={ui.hideSmall}>
              Added
            </th>
            {canWrite ? (
              <th scope="col">
                <span className="visually-hidden">Unlink</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((l) => (
            <tr key={l.id} data-link-id={l.id}>
              <td>
                <Doc l={l} />
              </td>
              <td>
                <Target l={l} />
              </td>
              <td className={`${ui.hideSmall} ${s.sub}`}>
                {dayMonthYear(l.created_at)}
                {l.created_by_name ? ` · ${l.created_by_name}` : l.reason ? " · suggested" : ""}
              </td>
              {canWrite ? (
                <td className={s.actions}>
                  <Decide linkId={l.id} intent="unlink" label="Unlink" tone="ghost" name={`${l.file.name} from ${l.target.label}`} />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export interface TargetGroup {
  label: string;
  options: { row_id: number | null; work_order_id: number | null; label: string }[];
  more: number;
}

/**
 * Link a document: step 1 finds it by name (a GET form, the file search's rules), step 2 chooses it
 * and the row or work order (a POST form). With a file in the page's filter, only step 2.
 */
export function LinkForm({
  targets,
  q,
  found,
  searchError,
  fixedFile,
  keep,
  preselect,
}: {
  targets: TargetGroup[];
  q: string;
  found: { id: number; name: string; dir: string }[];
  searchError: string | null;
  fixedFile: { id: number; name: string } | null;
  keep: Record<string, string>;
  preselect: string | null;
}) {
  if (!targets.length) return <p className={ui.muted}>This aircraft has no AeroOPS or AeroOIL rows and no work orders to link documents to yet.</p>;
  return (
    <div className={ui.card}>
      {fixedFile ? null : (
        <Form method="get" className={s.findForm} role="search" aria-label="Find a document to link">
          {Object.entries(keep).map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          <div className={ui.field}>
            <label htmlFor="link-q" className={ui.label}>
              1. Find the document by name
            </label>
            <div className={ui.row}>
              <input id="link-q" name="q" type="search" defaultValue={q} className={ui.input} minLength={3} maxLength={200} required aria-describedby={searchError ? "link-q-error" : undefined} />
              <button type="submit" className={ui.button.secondary}>
                Search
              </button>
            </div>
            {searchError ? (
              <p id="link-q-error" className={ui.errorText} role="alert">
                {searchError}
              </p>
            ) : null}
          </div>
        </Form>
      )}
      {fixedFile || found.length ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="link" />
          {fixedFile ? (
            <>
              <input type="hidden" name="file_id" value={fixedFile.id} />
              <p className={s.fixed}>
                Document: <strong>{fixedFile.name}</strong>
              </p>
            </>
          ) : (
            <fieldset className={s.fieldset}>
              <legend className={ui.label}>2. Choose the document</legend>
              {found.map((f, i) => (
                <label key={f.id} className={s.radio}>
                  <input type="radio" name="file_id" value={f.id} defaultChecked={i === 0} required />
                  <span>
                    {f.name} <span className={s.sub}>in {f.dir}</span>
                  </span>
                </label>
              ))}
            </fieldset>
          )}
          <div className={ui.field}>
            <label htmlFor="link-target" className={ui.label}>
              {fixedFile ? "Link it to" : "3. Link it to"}
            </label>
            <select id="link-target" name="target" className={ui.input} required defaultValue={preselect ?? ""}>
              <option value="" disabled>
                Choose a row or a work order
              </option>
              {targets.map((g) => (
                <optgroup key={g.label} label={g.more ? `${g.label} (first ${g.options.length}; ${g.more} more in the tab)` : g.label}>
                  {g.options.map((o) => (
                    <option key={`${o.row_id ?? ""}-${o.work_order_id ?? ""}`} value={o.row_id != null ? `row:${o.row_id}` : `wo:${o.work_order_id}`}>
                      {o.label}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </div>
          <button type="submit" className={ui.button.primary}>
            Link the document
          </button>
        </Form>
      ) : q && !searchError ? (
        <p className={ui.muted}>No document of this aircraft has “{q}” in its name.</p>
      ) : null}
    </div>
  );
}
