// The Inventory Report pages (issue 17 item 4, ADR 040): an aircraft's report (summary, the
// completeness check against the standard records index, the folders) and the fleet's. Nothing
// needs a script: sorting is a link, downloads are plain form posts to /resources/inventory-export
// (an attachment comes back, or the page again with an error toast).
import { Link } from "@remix-run/react";
import * as ui from "~/components/ui/ui.css";
import { COMPLETENESS_LABEL, type Completeness } from "~/models/records-index";
import type { FleetInventory, Inventory } from "~/models/schemas/inventory";
import { sortHref, type SortOrder } from "~/models/inventory-view";
import { formatBytes } from "~/models/size";
import { filesHref } from "~/models/storage-links";
import { dateUtc } from "~/utils/dates";
import * as s from "./inventory.css";

const TONE: Record<Completeness, keyof typeof ui.badgeTone> = { present: "success", empty: "warning", missing: "danger" };
const day = (iso: string | null | undefined) => (iso ? dateUtc(iso) : "—");
const typesText = (types: { ext: string; files: number }[]) => types.map((t) => `${t.ext || "(none)"} ${t.files}`).join(", ") || "—";

function Downloads({ aircraftId, back }: { aircraftId?: number; back: string }) {
  // A plain <form> (not Remix's <Form>): the browser itself receives the attachment, with or without JS.
  return (
    <div className={s.downloads}>
      {(["xlsx", "pdf"] as const).map((format) => (
        <form key={format} method="post" action="/resources/inventory-export">
          {aircraftId ? <input type="hidden" name="aircraft_id" value={aircraftId} /> : null}
          <input type="hidden" name="format" value={format} />
          <input type="hidden" name="back" value={back} />
          <button type="submit" className={ui.button.secondary}>
            {format === "xlsx" ? "Download Excel" : "Download PDF"}
          </button>
        </form>
      ))}
    </div>
  );
}

function SortTh({ path, current, k, label, numeric }: { path: string; current: { sort: string; order: SortOrder }; k: string; label: string; numeric?: boolean }) {
  const active = current.sort === k;
  return (
    <th scope="col" className={numeric ? s.num : undefined} aria-sort={active ? (current.order === "asc" ? "ascending" : "descending") : undefined}>
      <Link to={sortHref(path, current, k)} className={s.sortLink} preventScrollReset>
        {label}
        {active ? (current.order === "asc" ? " ▲" : " ▼") : ""}
      </Link>
    </th>
  );
}

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div className={`${ui.stat} ${ui.statTone.neutral}`}>
      <span className={ui.statLabel}>{label}</span>
      <span className={ui.statValue}>{value}</span>
    </div>
  );
}

export function AircraftInventory({ report, sort, order, back }: { report: Inventory; sort: string; order: SortOrder; back: string }) {
  const a = report.aircraft;
  const sum = report.summary;
  const path = `/storage/InventoryReport/${a.id}`;
  const flagged = report.completeness.filter((r) => r.status !== "present");
  return (
    <section>
      <header className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Inventory Report</h1>
          <p className={ui.pageLead}>
            {a.name} · MSN {a.msn}
            {a.registration ? ` · ${a.registration}` : ""} · {a.organization.name}
          </p>
        </div>
        <div className={ui.row}>
          <Downloads aircraftId={a.id} back={back} />
          <Link to={filesHref(a.id)} className={ui.button.secondary}>
            Open records
          </Link>
        </div>
      </header>

      <div className={ui.stats} aria-label="Totals">
        <Stat label="Files" value={report.totals.files} />
        <Stat label="Size" value={formatBytes(report.totals.bytes)} />
        <Stat label="Folders" value={report.totals.folders} />
        <Stat label="Empty folders" value={report.totals.empty_folders} />
        <Stat label="Records index" value={`${sum.present} of ${sum.total}`} />
      </div>

      {flagged.length ? (
        <div className={ui.alert.warning} role="status" data-inventory-flags="">
          <span>
            <strong>
              {sum.present} of {sum.total} records index entries present.
            </strong>{" "}
            {sum.missing ? `Missing: ${flagged.filter((r) => r.status === "missing").map((r) => r.label).join(", ")}. ` : ""}
            {sum.empty ? `Empty: ${flagged.filter((r) => r.status === "empty").map((r) => r.label).join(", ")}.` : ""}
          </span>
        </div>
      ) : (
        <div className={ui.alert.success} role="status">
          Every entry of the records index is present with files.
        </div>
      )}

      <p className={`${ui.muted} ${ui.small}`}>
        Oldest document: {report.totals.oldest ? `${day(report.totals.oldest.created_at)} ${report.totals.oldest.name}` : "—"} · Newest document:{" "}
        {report.totals.newest ? `${day(report.totals.newest.created_at)} ${report.totals.newest.name}` : "—"} · Types: {typesText(report.totals.types)}
      </p>

      <div className={s.section}>
        <h2 className={s.sectionTitle} id="completeness">
          Completeness
        </h2>
        <div className={ui.tableWrap}>
          <table className={ui.table} aria-labelledby="completeness">
            <thead>
              <tr>
                <th scope="col">Records index entry</th>
                <th scope="col">Status</th>
                <th scope="col">Folder</th>
                <th scope="col" className={s.num}>
                  Files
                </th>
              </tr>
            </thead>
            <tbody>
              {report.completeness.map((r) => (
                <tr key={r.key} className={s.rowTone[r.status]} data-status={r.status}>
                  <td>{r.label}</td>
                  <td>
                    <span className={`${ui.badge} ${ui.badgeTone[TONE[r.status]]}`}>{COMPLETENESS_LABEL[r.status]}</span>
                  </td>
                  <td>
                    {r.folders.length
                      ? r.folders.map((f, i) => (
                          <span key={f}>
                            {i ? ", " : ""}
                            <Link to={filesHref(a.id, { dir: `/${f}` })}>{f}</Link>
                          </span>
                        ))
                      : "—"}
                  </td>
                  <td className={s.num}>{r.files}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>

      <div className={s.section}>
        <h2 className={s.sectionTitle} id="folders">
          Folders
        </h2>
        <div className={ui.tableWrap}>
          <table className={ui.table} aria-labelledby="folders">
            <thead>
              <tr>
                <SortTh path={path} current={{ sort, order }} k="name" label="Folder" />
                <SortTh path={path} current={{ sort, order }} k="files" label="Files" numeric />
                <SortTh path={path} current={{ sort, order }} k="size" label="Size" numeric />
                <th scope="col" className={s.num}>
                  Subfolders
                </th>
                <th scope="col" className={s.num}>
                  Empty
                </th>
                <th scope="col">Types</th>
                <SortTh path={path} current={{ sort, order }} k="oldest" label="Oldest" />
                <SortTh path={path} current={{ sort, order }} k="newest" label="Newest" />
              </tr>
            </thead>
            <tbody>
              {report.folders.map((f) => (
                <tr key={f.path} className={f.files === 0 ? s.rowTone.empty : undefined}>
                  <td>
                    <Link to={filesHref(a.id, { dir: f.path })}>{f.name}</Link>
                  </td>
                  <td className={s.num}>{f.files}</td>
                  <td className={s.num}>{formatBytes(f.bytes)}</td>
                  <td className={s.num}>{f.subfolders}</td>
                  <td className={s.num}>{f.empty_folders}</td>
                  <td className={ui.small}>{typesText(f.types)}</td>
                  <td className={ui.nowrap} title={f.oldest?.name}>
                    {day(f.oldest?.created_at)}
                  </td>
                  <td className={ui.nowrap} title={f.newest?.name}>
                    {day(f.newest?.created_at)}
                  </td>
                </tr>
              ))}
              {report.root.files ? (
                <tr>
                  <td>
                    <Link to={filesHref(a.id)}>(root folder)</Link>
                  </td>
                  <td className={s.num}>{report.root.files}</td>
                  <td className={s.num}>{formatBytes(report.root.bytes)}</td>
                  <td colSpan={5} />
                </tr>
              ) : null}
              <tr className={s.totalRow}>
                <td>Total</td>
                <td className={s.num}>{report.totals.files}</td>
                <td className={s.num}>{formatBytes(report.totals.bytes)}</td>
                <td className={s.num}>{report.totals.folders}</td>
                <td className={s.num}>{report.totals.empty_folders}</td>
                <td />
                <td className={ui.nowrap}>{day(report.totals.oldest?.created_at)}</td>
                <td className={ui.nowrap}>{day(report.totals.newest?.created_at)}</td>
              </tr>
            </tbody>
          </table>
        </div>
      </div>

      {report.empty_folders.length ? (
        <div className={s.section}>
          <h2 className={s.sectionTitle}>Empty folders</h2>
          <ul className={ui.small}>
            {report.empty_folders.map((p) => (
              <li key={p}>
                <Link to={filesHref(a.id, { dir: p })}>{p}</Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

export function FleetInventoryReport({ fleet, sort, order, back }: { fleet: FleetInventory; sort: string; order: SortOrder; back: string }) {
  const t = fleet.totals;
  const path = "/aero-box/storage/inventory-report";
  const cur = { sort, order };
  return (
    <section>
      <header className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Inventory Report</h1>
          <p className={ui.pageLead}>The records of every aircraft you may read, against the standard records index.</p>
        </div>
        <Downloads back={back} />
      </header>
      <div className={ui.stats} aria-label="Totals">
        <Stat label="Aircraft" value={t.aircraft} />
        <Stat label="Files" value={t.files} />
        <Stat label="Size" value={formatBytes(t.bytes)} />
        <Stat label="Empty folders" value={t.empty_folders} />
        <Stat label="Complete index" value={`${t.complete} of ${t.aircraft}`} />
      </div>
      {fleet.aircraft.length ? (
        <div className={ui.tableWrap}>
          <table className={ui.table} aria-label="Aircraft">
            <thead>
              <tr>
                <SortTh path={path} current={cur} k="aircraft" label="Aircraft" />
                <SortTh path={path} current={cur} k="msn" label="MSN" />
                <SortTh path={path} current={cur} k="files" label="Files" numeric />
                <SortTh path={path} current={cur} k="size" label="Size" numeric />
                <SortTh path={path} current={cur} k="empty" label="Empty folders" numeric />
                <SortTh path={path} current={cur} k="index" label="Records index" />
                <th scope="col">Missing or empty</th>
                <th scope="col">Newest</th>
              </tr>
            </thead>
            <tbody>
              {fleet.aircraft.map((r) => (
                <tr key={r.aircraft.id} className={r.summary.missing ? s.rowTone.missing : r.summary.empty ? s.rowTone.empty : undefined}>
                  <td>
                    <Link to={`/storage/InventoryReport/${r.aircraft.id}`}>{r.aircraft.name}</Link>
                    <div className={`${ui.muted} ${ui.small}`}>
                      {r.aircraft.registration} · {r.aircraft.organization.name}
                    </div>
                  </td>
                  <td>{r.aircraft.msn}</td>
                  <td className={s.num}>{r.files}</td>
                  <td className={s.num}>{formatBytes(r.bytes)}</td>
                  <td className={s.num}>{r.empty_folders}</td>
                  <td className={ui.nowrap}>
                    {r.summary.present} of {r.summary.total}
                  </td>
                  <td className={ui.small}>
                    {r.missing.length ? <div>Missing: {r.missing.join(", ")}</div> : null}
                    {r.empty.length ? <div>Empty: {r.empty.join(", ")}</div> : null}
                    {!r.missing.length && !r.empty.length ? "—" : null}
                  </td>
                  <td className={ui.nowrap}>{day(r.newest_at)}</td>
                </tr>
              ))}
              <tr className={s.totalRow}>
                <td>Total</td>
                <td />
                <td className={s.num}>{t.files}</td>
                <td className={s.num}>{formatBytes(t.bytes)}</td>
                <td className={s.num}>{t.empty_folders}</td>
                <td className={ui.nowrap}>
                  {t.complete} of {t.aircraft} complete
                </td>
                <td />
                <td />
              </tr>
            </tbody>
          </table>
        </div>
      ) : (
        <div className={ui.card}>
          <p className={ui.empty}>No aircraft to report on.</p>
        </div>
      )}
    </section>
  );
}
