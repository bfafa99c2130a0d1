// /storage/linkedDocuments/{aircraftId} (spec 000 §1-2, issue 17 item 5): the aircraft's linked
// documents. Suggestions found in the documents' text (accept / reject), the links (unlink), and a
// form to link a document to an AeroOPS / AeroOIL row or a work order. ?row=, ?file= or ?wo= narrow
// the page to one row, document or work order (the tab pages and the file preview link here).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { reportHandle, reportMeta } from "~/components/aircraft-cards/report-page";
import { LinkForm, Links, Suggestions } from "~/components/linked-documents/linked-documents";
import * as s from "~/components/linked-documents/linked-documents.css";
import * as ui from "~/components/ui/ui.css";
import { linkedDocumentsAction, linkedDocumentsLoader } from "~/models/links.server";
import { ACCESS_LABEL } from "~/models/roles";
import { filesHref } from "~/models/storage-links";

export const handle = reportHandle;

export const meta = reportMeta("linked");

export async function loader(args: LoaderFunctionArgs) {
  return linkedDocumentsLoader(args);
}

export async function action(args: ActionFunctionArgs) {
  return linkedDocumentsAction(args);
}

export default function StorageLinkedDocumentsRoute() {
  const d = useLoaderData<typeof loader>();
  const location = useLocation();
  const keep: Record<string, string> = {};
  if (d.filter.row_id) keep.row = String(d.filter.row_id);
  if (d.filter.work_order_id) keep.wo = String(d.filter.work_order_id);
  const preselect = d.filter.row_id ? `row:${d.filter.row_id}` : d.filter.work_order_id ? `wo:${d.filter.work_order_id}` : null;
  return (
    <section>
      <header className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Linked Documents</h1>
          <p className={ui.pageLead}>
            {d.aircraft.name}
            {d.aircraft.registration ? ` · ${d.aircraft.registration}` : ""} · {ACCESS_LABEL[d.access]}
          </p>
        </div>
        <div className={ui.row}>
          {d.canWrite ? (
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="scan" />
              <button type="submit" className={ui.button.secondary} disabled={d.scanning}>
                {d.scanning ? "Finding suggestions…" : "Find suggested links"}
              </button>
            </Form>
          ) : null}
          <a href={filesHref(d.aircraft.id)} className={ui.button.secondary}>
            Open records
          </a>
        </div>
      </header>
      <div className={ui.stats}>
        <div className={ui.stat}>
          <span className={ui.statValue}>{d.counts.linked}</span>
          <span className={ui.statLabel}>Linked</span>
        </div>
        <div className={ui.stat}>
          <span className={ui.statValue}>{d.counts.suggested}</span>
          <span className={ui.statLabel}>Suggested</span>
        </div>
        <div className={ui.stat}>
          <span className={ui.statValue}>{d.counts.rejected}</span>
          <span className={ui.statLabel}>Rejected or unlinked</span>
        </div>
      </div>
      {d.filtered ? (
        <div className={`${ui.alert.info} ${s.scope}`} data-scope-filter>
          <span>
            Showing the documents of <strong>{d.scope}</strong>.
          </span>
          <Link to={location.pathname}>Show every link of this aircraft</Link>
        </div>
      ) : null}
      <div className={s.section}>
        <div className={s.sectionHead}>
          <h2 className={s.sectionTitle}>Linked documents</h2>
        </div>
        <Links rows={d.links} canWrite={d.canWrite} emptyText={d.filtered ? "No document is linked here yet." : "No document is linked to a row or work order of this aircraft yet."} />
      </div>
      <div className={s.section}>
        <div className={s.sectionHead}>
          <h2 className={s.sectionTitle}>Suggested links</h2>
        </div>
        {d.suggestionsTotal > d.suggestions.length ? (
          <p className={ui.muted}>
            The first {d.suggestions.length} of {d.suggestionsTotal} suggestions. Accept or reject these to see the next ones.
          </p>
        ) : null}
        <Suggestions rows={d.suggestions} canWrite={d.canWrite} />
      </div>
      {d.canWrite ? (
        <div className={s.section}>
          <div className={s.sectionHead}>
            <h2 className={s.sectionTitle}>Link a document</h2>
          </div>
          <LinkForm targets={d.targets} q={d.q} found={d.found} searchError={d.searchError} fixedFile={d.scopeFile} keep={keep} preselect={preselect} />
        </div>
      ) : null}
    </section>
  );
}
