// The pieces of the OCR Report (one aircraft) and the OCR Status (the fleet), issue 17: counts by
// status, progress, folders still to process, failed and low-confidence files with re-run forms.
// Plain <form method="post"> and GET links: everything works without JavaScript.
import { Form, Link } from "@remix-run/react";
import * as ui from "~/components/ui/ui.css";
import { LOW_CONFIDENCE, TEXT_STATUS_LABEL } from "~/models/ocr-rules";
import type { OcrProblemFile, TextCounts } from "~/models/schemas/ocr";
import { filesHref } from "~/models/storage-links";
import * as s from "./ocr-report.css";

const TONE: Record<keyof typeof TEXT_STATUS_LABEL, keyof typeof ui.badgeTone> = {
  pending: "info",
  processing: "info",
  done: "success",
  failed: "danger",
  no_text: "neutral",
};

export function StatusCounts({ counts }: { counts: TextCounts }) {
  const finished = counts.done + counts.failed + counts.no_text;
  const pct = counts.total ? Math.round((finished / counts.total) * 100) : 100;
  return (
    <>
      <div className={ui.stats} aria-label="Files by text extraction status">
        {(["done", "pending", "processing", "failed", "no_text"] as const).map((k) => (
          <div key={k} className={`${ui.stat} ${ui.statTone.neutral}`} data-count={k}>
            <span className={ui.statLabel}>{TEXT_STATUS_LABEL[k]}</span>
            <span className={ui.statValue}>{counts[k].toLocaleString("en-US")}</span>
          </div>
        ))}
      </div>
      <p className={s.small} data-progress={pct}>
        {finished.toLocaleString("en-US")} of {counts.total.toLocaleString("en-US")} files processed ({pct}%).
      </p>
      <div className={s.progress} role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-label="Files processed">
        <div className={s.progressBar} style={{ width: `${pct}%` }} />
      </div>
    </>
  );
}

export function StatusBadge({ status }: { status: keyof typeof TEXT_STATUS_LABEL }) {
  return <span className={`${ui.badge} ${ui.badgeTone[TONE[status]]}`}>{TEXT_STATUS_LABEL[status]}</span>;
}

/** A POST form that re-runs one file or a whole aircraft (the upstream decides who may). */
export function RerunButton({ aircraftId, fileId, label, disabledReason }: { aircraftId: number; fileId?: number; label: string; disabledReason?: string | null }) {
  return (
    <Form method="post" className={s.inlineForm} preventScrollReset>
      <input type="hidden" name="intent" value="rerun" />
      <input type="hidden" name="aircraft_id" value={aircraftId} />
      {fileId ? <input type="hidden" name="file_id" value={fileId} /> : null}
      <button type="submit" className={`${ui.button.secondary} ${ui.buttonSmall}`} title={disabledReason ?? undefined} data-rerun={fileId ? "file" : "aircraft"}>
        {label}
      </button>
    </Form>
  );
}

export function ProblemFiles({ files, showAircraft, canRerunFile }: { files: OcrProblemFile[]; showAircraft?: boolean; canRerunFile: (aircraftId: number) => boolean }) {
  if (!files.length) return <p className={ui.muted}>No file failed and none was read with a confidence below {LOW_CONFIDENCE}%.</p>;
  return (
    <div className={ui.tableWrap}>
      <table className={ui.table} aria-label="Failed and low-confidence files">
        <thead>
          <tr>
            {showAircraft ? <th scope="col">Aircraft</th> : null}
            <th scope="col">File</th>
            <th scope="col">Status</th>
            <th scope="col">Confidence</th>
            <th scope="col">Pages</th>
            <th scope="col">Problem</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {files.map((f) => (
            <tr key={f.id} data-problem-file={f.id}>
              {showAircraft ? <td>{f.aircraft_name}</td> : null}
              <td>
                <Link to={filesHref(f.aircraft_id, { dir: f.dir, fileid: f.id })}>{f.name}</Link>
                <div className={s.small}>{f.dir}</div>
              </td>
              <td>
                <StatusBadge status={f.status} />
              </td>
              <td>{f.confidence == null ? "—" : `${Math.round(f.confidence)}%`}</td>
              <td>{f.pages ?? "—"}</td>
              <td>{f.status === "failed" ? (f.error ?? "Extraction failed.") : `Low OCR confidence (below ${LOW_CONFIDENCE}%)`}</td>
              <td>{canRerunFile(f.aircraft_id) ? <RerunButton aircraftId={f.aircraft_id} fileId={f.id} label="Re-run" /> : null}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function PendingFolders({ folders, aircraftId }: { folders: { path: string; files: number }[]; aircraftId: number }) {
  if (!folders.length) return <p className={ui.muted}>Every file has been processed.</p>;
  return (
    <div className={ui.tableWrap}>
      <table className={ui.table} aria-label="Folders with files still to process">
        <thead>
          <tr>
            <th scope="col">Folder</th>
            <th scope="col">Files to process</th>
          </tr>
        </thead>
        <tbody>
          {folders.map((f) => (
            <tr key={f.path}>
              <td>
                <Link to={filesHref(aircraftId, { dir: f.path })}>{f.path}</Link>
              </td>
              <td>{f.files.toLocaleString("en-US")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * "Refresh": a GET link to the same page (no JS needed), with the time of the figures. While jobs
 * wait or run it says so (data-jobs-busy), and the page's live widget refreshes the figures itself.
 */
export function RefreshLink({ href, generatedAt, busy }: { href: string; generatedAt: string; busy: boolean }) {
  return (
    <p className={s.small} data-jobs-busy={busy ? "" : undefined}>
      {busy ? "Text extraction is running. " : ""}Figures of {new Date(generatedAt).toISOString().slice(11, 19)} UTC.{" "}
      <Link to={href} reloadDocument={false} className={ui.linkButton} data-refresh="">
        Refresh
      </Link>
    </p>
  );
}
