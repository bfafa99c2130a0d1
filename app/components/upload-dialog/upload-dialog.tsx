// THE UPLOAD ISLAND (spec 000 §4 "Upload dialog"; DESIGN §5). One component, two lives:
//   - Server-rendered (and without JS) it is a working form: a plain multipart POST to the files
//     route's action, which streams the files into the blob store (app/models/storage-upload.server.ts)
//     and redirects back with a toast.
//   - Hydrated, it takes the same form over: selecting files runs the naming rules and lists what will
//     be uploaded; Upload runs the engine (upload-engine.ts: each file straight to the blob store with
//     progress, index every 10 files, offline retry); Cancel aborts and closes; done closes the dialog
//     and the list refreshes. The engine and its transport are imported on first use only.
//     The pickers become buttons in a drop zone (the native inputs stay, visually hidden, so the keyboard
//     and screen readers use them as before); files dropped on the zone, or on the folder page (which
//     opens this dialog with them: initialFiles), are selected the same way.
//     Each file shows its own progress. When some files were not uploaded, the dialog stays open at the
//     end with a summary (what was uploaded, what was not and why) while the list refreshes behind it;
//     when all went well it closes as the spec says and a toast tells how many.
// Only the files pages import this module, so no other page ships its code.
import { Link, useNavigate, useRevalidator } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { ModalBody, ModalDialog, ModalFooter } from "~/components/modal-dialog/modal-dialog";
import * as ui from "~/components/ui/ui.css";
import { DROP_REASON_TEXT, SPECIAL_CHARS_WARNING } from "~/models/file-names";
import { formatBytes } from "~/models/size";
import type { Family } from "~/models/storage-links";
import type { FileProgress, Selected, UploadEngine, UploadSnapshot, UploadVariant } from "./upload-engine";
import { draggingFiles, droppedFiles } from "./drop-files";
import * as s from "./upload-dialog.css";

type EngineModule = typeof import("./upload-engine");
type TransportModule = typeof import("./upload-transport");
let modules: Promise<[EngineModule, TransportModule]> | null = null;
const loadModules = () => (modules ??= Promise.all([import("./upload-engine"), import("./upload-transport")]));

export interface UploadDialogProps {
  aircraftId: number;
  dir: string;
  fileid?: number | null;
  family: Family;
  variant: UploadVariant;
  /** Where Cancel and done go (the listing without ?dialog=upload). */
  closeHref: string;
  /** The files route URL the no-JS form posts to. */
  formAction: string;
  /** Called when every file arrived and the dialog closes (the page shows the toast: the server's message). */
  onFinished?: (message: string | null) => void;
  /** Files dropped on the folder page: selected as soon as the dialog has hydrated. */
  initialFiles?: Selected<File>[] | null;
}

const PHASE_TEXT: Record<UploadSnapshot["phase"], string> = {
  idle: "Choose files to upload.",
  selected: "Ready to upload.",
  preprocessing: "Preparing files…",
  uploading: "Uploading…",
  validating: "Checking the uploaded files…",
  done: "Upload complete.",
  cancelled: "Upload cancelled.",
  failed: "The upload failed.",
};

const STATUS_TEXT: Record<FileProgress["status"], string> = {
  queued: "Waiting",
  uploading: "Uploading",
  uploaded: "Uploaded",
  indexed: "Done",
  failed: "Failed",
  skipped: "Skipped",
};

// Names the dialog refuses before sending (exe, bat and sh are dropped silently, spec 000 §5).
const refusedNames = (snap: UploadSnapshot) => snap.dropped.filter((d) => d.reason !== "forbidden_extension");

const fileName = (f: File) => (f as File & { webkitRelativePath?: string }).webkitRelativePath || f.name;

export function UploadDialog(p: UploadDialogProps) {
  const id = useId();
  const navigate = useNavigate();
  const filesRef = useRef<HTMLInputElement>(null);
  const folderRef = useRef<HTMLInputElement>(null);
  const engineRef = useRef<UploadEngine<File> | null>(null);
  const [hydrated, setHydrated] = useState(false);
  const [snap, setSnap] = useState<UploadSnapshot | null>(null);
  const [over, setOver] = useState(false);
  const revalidator = useRevalidator();
  const running = !!snap && ["preprocessing", "uploading", "validating"].includes(snap.phase);

  useEffect(() => {
    setHydrated(true);
    void loadModules(); // warm up while the user picks files
    if (p.initialFiles?.length) void select(p.initialFiles);
    return () => engineRef.current?.cancel();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the dropped files are taken once, on opening
  }, []);

  function onSelect() {
    const picked: Selected<File>[] = [];
    for (const input of [filesRef.current, folderRef.current]) {
      for (const f of Array.from(input?.files ?? [])) picked.push({ file: f, relativePath: fileName(f), size: f.size });
    }
    void select(picked);
  }

  function onDragOver(e: React.DragEvent) {
    if (!draggingFiles(e)) return;
    e.preventDefault(); // the drop is ours, even when refused (else the browser opens the file)
    e.stopPropagation(); // not the folder page's behind
    const taking = !running && !finished;
    e.dataTransfer.dropEffect = taking ? "copy" : "none";
    setOver(taking);
  }

  function onDragLeave(e: React.DragEvent) {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
  }

  function onDrop(e: React.DragEvent) {
    setOver(false);
    if (!draggingFiles(e)) return;
    e.preventDefault();
    e.stopPropagation();
    if (running || finished) return;
    // What the pickers held is replaced by the dropped files, so a later pick does not add them back.
    for (const input of [filesRef.current, folderRef.current]) if (input) input.value = "";
    void droppedFiles(e.dataTransfer).then(select);
  }

  async function select(picked: Selected<File>[]) {
    const [{ UploadEngine }, { createBrowserTransport }] = await loadModules();
    engineRef.current?.cancel();
    const engine = new UploadEngine<File>({
      transport: createBrowserTransport({ aircraftId: p.aircraftId, dir: p.dir, fileid: p.fileid, family: p.family }),
      variant: p.variant,
      onChange: setSnap,
    });
    engineRef.current = engine;
    setSnap(engine.select(picked));
  }

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const engine = engineRef.current;
    if (!engine || running) return;
    const end = await engine.start();
    if (end.phase === "cancelled") return;
    if (end.phase !== "done") return;
    if (end.errors.length === 0 && refusedNames(end).length === 0) {
      p.onFinished?.(end.message);
      navigate(p.closeHref, { replace: true, preventScrollReset: true });
    } else {
      revalidator.revalidate(); // the list shows what did arrive; the summary stays on screen
    }
  }

  function onCancel() {
    engineRef.current?.cancel();
  }

  const multiple = p.variant !== "single";
  const files = snap?.files ?? [];
  const total = files.reduce((n, f) => n + f.size, 0);
  const invalid = snap ? refusedNames(snap) : [];
  const finished = snap?.phase === "done";
  const uploaded = files.filter((f) => f.status === "indexed");
  const notUploaded = [
    ...files.filter((f) => f.status !== "indexed").map((f) => ({ path: f.path, why: f.error ?? STATUS_TEXT[f.status] })),
    ...invalid.map((d) => ({ path: d.originalPath, why: DROP_REASON_TEXT[d.reason] })),
  ];
  const title = p.variant === "single" ? "Upload a file" : "Upload files";

  return (
    <ModalDialog title={title} closeHref={p.closeHref}>
      <form
        method="post"
        encType="multipart/form-data"
        action={p.formAction}
        onSubmit={hydrated ? onSubmit : undefined}
        aria-describedby={`${id}-warning`}
        // The whole dialog takes the drop (a file let go beside the zone would make the browser leave
        // the page to open it); the zone lights up.
        onDragOver={hydrated ? onDragOver : undefined}
        onDragLeave={hydrated ? onDragLeave : undefined}
        onDrop={hydrated ? onDrop : undefined}
      >
        <input type="hidden" name="intent" value="upload" />
        <ModalBody>
          <p id={`${id}-warning`} className={`${ui.alert.warning} ${s.warning}`}>
            {SPECIAL_CHARS_WARNING}
          </p>
          {/* Without JavaScript: two labelled native inputs. Hydrated: a drop zone whose buttons are the
              labels of the same inputs, visually hidden but focusable (the label shows their focus). */}
          <div
            hidden={finished}
            className={hydrated ? s.dropZone : s.pickers}
            data-drop-zone={hydrated ? (over ? "over" : "") : undefined}
          >
            {hydrated ? (
              <p className={s.dropText} id={`${id}-drop`}>
                {multiple ? "Drag files or a folder here, or" : "Drag a file here, or"}
              </p>
            ) : null}
            <label className={hydrated ? `${ui.button.secondary} ${s.pickButton}` : s.picker}>
              <span className={hydrated ? undefined : s.pickerLabel}>{multiple ? "Choose files" : "Choose a file"}</span>
              <input
                ref={filesRef}
                className={hydrated ? "visually-hidden" : s.fileInput}
                type="file"
                name="files"
                multiple={multiple}
                onChange={hydrated ? onSelect : undefined}
                disabled={running}
                data-testid="upload-files"
              />
            </label>
            {multiple ? (
              <label className={hydrated ? `${ui.button.secondary} ${s.pickButton}` : s.picker}>
                <span className={hydrated ? undefined : s.pickerLabel}>{hydrated ? "Choose a folder" : "Or choose a folder"}</span>
                <input
                  ref={folderRef}
                  className={hydrated ? "visually-hidden" : s.fileInput}
                  type="file"
                  name="files"
                  multiple
                  {...{ webkitdirectory: "", directory: "" }}
                  onChange={hydrated ? onSelect : undefined}
                  disabled={running}
                  data-testid="upload-folder"
                />
              </label>
            ) : null}
          </div>
          <p className={`${ui.small} ${ui.muted}`} data-upload-versions="">
            A file named like one already in the folder becomes its current version; the earlier content is kept under the file's Versions.
          </p>

          {snap ? (
            <div aria-live="polite">
              {snap.message && snap.phase !== "done" ? (
                <p role="alert" className={ui.alert.error}>
                  {snap.message}
                </p>
              ) : null}
              {snap.offline ? (
                <p role="status" className={`${ui.alert.warning} ${s.offline}`} data-upload-offline="">
                  You are offline. Retrying in 5 seconds…
                </p>
              ) : null}
              {files.length ? (
                <>
                  <div className={s.summary}>
                    <span>
                      {files.length} {files.length === 1 ? "file" : "files"}, {formatBytes(total)}
                    </span>
                    <span>{PHASE_TEXT[snap.phase]}</span>
                  </div>
                  <div className={s.overall}>
                    <div
                      className={s.bar}
                      role="progressbar"
                      aria-label="Overall progress"
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={snap.percent}
                    >
                      <div className={s.barFill} style={{ width: `${snap.percent}%` }} />
                    </div>
                    <div className={s.summary}>
                      <strong data-upload-percent={snap.percent}>{snap.percent}%</strong>
                      <span>
                        {snap.indexed} of {files.length} done
                      </span>
                    </div>
                  </div>
                  <ul className={s.list} aria-label="Files to upload">
                    {files.map((f) => {
                      const pct = f.size === 0 ? (f.status === "indexed" || f.status === "uploaded" ? 100 : 0) : Math.floor((Math.min(f.loaded, f.size) / f.size) * 100);
                      return (
                        <li key={f.path} className={s.row} data-file={f.path} data-status={f.status}>
                          <span className={s.path} title={f.path}>
                            {f.path}
                          </span>
                          <span className={s.size}>{formatBytes(f.size)}</span>
                          <span className={`${s.pct} ${s.status[f.status]}`} title={STATUS_TEXT[f.status]}>
                            {f.status === "failed" || f.status === "skipped" ? STATUS_TEXT[f.status] : `${f.status === "indexed" || f.status === "uploaded" ? 100 : pct}%`}
                          </span>
                          <span
                            className={s.rowBar}
                            role="progressbar"
                            aria-label={`${f.path} progress`}
                            aria-valuemin={0}
                            aria-valuemax={100}
                            aria-valuenow={f.status === "indexed" || f.status === "uploaded" ? 100 : pct}
                          >
                            <span className={f.status === "failed" || f.status === "skipped" ? s.rowFillFailed : s.rowFill} style={{ width: `${f.status === "indexed" || f.status === "uploaded" ? 100 : pct}%` }} />
                          </span>
                          {f.error ? <span className={s.rowError}>{f.error}</span> : null}
                        </li>
                      );
                    })}
                  </ul>
                </>
              ) : null}
              {finished ? (
                <section className={s.report} aria-labelledby={`${id}-report`} data-upload-summary="">
                  <h3 id={`${id}-report`} className={s.reportTitle}>
                    {uploaded.length} {uploaded.length === 1 ? "file" : "files"} uploaded, {notUploaded.length} not uploaded
                  </h3>
                  {notUploaded.length ? (
                    <ul className={s.reportList} aria-label="Not uploaded">
                      {notUploaded.slice(0, 50).map((n) => (
                        <li key={n.path}>
                          <strong>{n.path}</strong>: {n.why}
                        </li>
                      ))}
                      {notUploaded.length > 50 ? <li>and {notUploaded.length - 50} more</li> : null}
                    </ul>
                  ) : null}
                  {snap.errors.filter((e) => !notUploaded.some((n) => e.startsWith(`${n.path}: `))).map((e) => (
                    <p key={e} className={ui.small}>
                      {e}
                    </p>
                  ))}
                </section>
              ) : invalid.length ? (
                <div className={s.dropped}>
                  Not uploaded, the name is not accepted:
                  <ul>
                    {invalid.slice(0, 10).map((d) => (
                      <li key={d.originalPath}>{d.originalPath}</li>
                    ))}
                    {invalid.length > 10 ? <li>and {invalid.length - 10} more</li> : null}
                  </ul>
                </div>
              ) : null}
            </div>
          ) : null}
        </ModalBody>
        <ModalFooter>
          {finished ? (
            <Link to={p.closeHref} className={ui.button.primary} replace preventScrollReset>
              Done
            </Link>
          ) : (
            <>
              <Link to={p.closeHref} className={ui.button.secondary} onClick={onCancel} preventScrollReset>
                Cancel
              </Link>
              <button type="submit" className={ui.button.primary} disabled={hydrated && (running || !files.length || snap?.phase !== "selected")}>
                {running ? `Uploading… ${snap?.percent ?? 0}%` : "Upload"}
              </button>
            </>
          )}
        </ModalFooter>
      </form>
    </ModalDialog>
  );
}
