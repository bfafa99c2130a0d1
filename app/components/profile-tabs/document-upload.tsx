// Photo and resume upload of the documents tab (an island). Its server-rendered HTML is a plain
// multipart form that posts the file to the page's action, which streams it into the blob store (no
// JS needed: app/models/consultant-upload.server.ts). With JS the storage upload engine does the work
// (components/upload-dialog/upload-engine.ts, single-file variant): /resources/consultant-upload/{id}
// gives a signed upload link (upload_link.json), the file goes straight to the blob store with
// progress (the bytes never pass through the portal), then the same route saves the object's key with
// profile_update and the page's data is reloaded. The engine and its transport load on first use.
import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { UploadEngine, UploadSnapshot } from "~/components/upload-dialog/upload-engine";
import * as ui from "~/components/ui/ui.css";
import { DOCUMENT_NAMING, UPLOAD_RULES, uploadProblem, type UploadKind } from "~/models/consultant-rules";
import * as s from "./profile-tabs.css";

const loadModules = () => Promise.all([import("~/components/upload-dialog/upload-engine"), import("~/components/upload-dialog/upload-transport")]);

export function DocumentUpload({
  kind,
  label,
  action,
  consultantId,
}: {
  kind: UploadKind;
  label: string;
  /** The page's URL (its action takes the no-JS multipart post). */
  action: string;
  consultantId: number;
}) {
  const rule = UPLOAD_RULES[kind];
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const input = useRef<HTMLInputElement>(null);
  const engineRef = useRef<UploadEngine<File> | null>(null);
  const [snap, setSnap] = useState<UploadSnapshot | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inputId = `upload-${kind}`;
  const lc = label.toLowerCase();

  useEffect(() => () => engineRef.current?.cancel(), []);

  const running = !!snap && (snap.phase === "uploading" || snap.phase === "preprocessing" || snap.phase === "validating");
  const file = snap?.files[0];
  // The bytes are in the store: the key is being saved on the profile, then the page reloads its data.
  const saving = (running && file?.status === "uploaded") || revalidator.state !== "idle";
  const uploading = running && !saving;
  const busy = running || saving;

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    setError(null);
    setSnap(null);
    const chosen = input.current?.files?.[0];
    if (!chosen) return setError(`Choose a ${lc} file.`);
    const problem = uploadProblem(kind, chosen.name, chosen.size);
    if (problem) return setError(problem);
    const [{ UploadEngine }, { createProfileDocumentTransport }] = await loadModules();
    const engine = new UploadEngine<File>({
      transport: createProfileDocumentTransport({ consultantId, kind }),
      variant: "single",
      naming: DOCUMENT_NAMING,
      onChange: setSnap,
    });
    engineRef.current = engine;
    const picked = engine.select([{ file: chosen, relativePath: chosen.name, size: chosen.size }]);
    if (!picked.files.length) return setError(picked.message ?? "The file name is not accepted.");
    const end = await engine.start();
    if (end.phase === "cancelled") return;
    const failed = end.phase === "failed" ? end.message : end.files[0]?.status === "indexed" ? null : (end.files[0]?.error ?? end.errors[0] ?? "The upload failed.");
    if (failed) return setError(failed);
    if (input.current) input.current.value = "";
    setSnap(null);
    // The saved key shows on the page, and the toast the save sent, once the page's data is reloaded.
    revalidator.revalidate();
  }

  return (
    <form method="post" action={action} encType="multipart/form-data" onSubmit={hydrated ? onSubmit : undefined} aria-label={`Upload ${lc}`}>
      <input type="hidden" name="intent" value="upload" />
      <input type="hidden" name="kind" value={kind} />
      <div className={s.uploadRow}>
        <label htmlFor={inputId} className={ui.label}>
          {label} file
        </label>
        <input ref={input} id={inputId} type="file" name="file" accept={rule.extensions.map((e) => `.${e}`).join(",")} required className={s.fileInput} />
        <button type="submit" className={ui.button.primary} disabled={busy}>
          {uploading ? `Uploading… ${snap?.percent ?? 0}%` : saving ? "Saving…" : `Upload ${lc}`}
        </button>
      </div>
      <p className={`${ui.hint}`}>
        {rule.extensions.join(", ").toUpperCase()}, at most {rule.maxBytes / 1024 / 1024} MB.
      </p>
      {uploading ? <progress className={s.progress} max={100} value={snap?.percent ?? 0} aria-label="Upload progress" /> : null}
      {uploading && snap?.offline ? (
        <p role="status" className={ui.alert.warning}>
          You are offline. Retrying in 5 seconds…
        </p>
      ) : null}
      {error ? (
        <div role="alert" className={ui.alert.error}>
          {error}
        </div>
      ) : null}
    </form>
  );
}
