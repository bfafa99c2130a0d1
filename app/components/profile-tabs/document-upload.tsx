// Photo and resume upload of the documents tab (an island). Its server-rendered HTML is a plain
// multipart form that posts the file to the page's action, which streams it into the blob store (no
// JS needed). With JS the browser does what the spec's upload widget did: it asks the page for a
// signed upload link (upload_link.json), POSTs the file straight to the blob store (the bytes never
// pass through the portal), then saves the object's key with profile_update through a fetcher.
import { useFetcher, useMatches } from "@remix-run/react";
import { useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import * as ui from "~/components/ui/ui.css";
import * as s from "./profile-tabs.css";

type Kind = "photo" | "resume";
type Link = { url: string; url_fields: Record<string, string>; key_prefix: string; max_bytes: number };

/** Blob-key-safe file name keeping its extension (the same rule as the server's fallback). */
function safeName(name: string) {
  const m = /^(.*?)(?:\.([A-Za-z0-9]{1,8}))?$/.exec(name);
  const stem = (m?.[1] ?? "").normalize("NFKD").replace(/[^\w-]+/g, "_").replace(/^_+|_+$/g, "").slice(0, 80) || "file";
  return m?.[2] ? `${stem}.${m[2].toLowerCase()}` : stem;
}

function postToStore(link: Link, key: string, file: File, onProgress: (pct: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(link.url_fields)) if (k !== "key") body.append(k, v);
    body.append("key", key);
    body.append("file", file, key.split("/").pop());
    const xhr = new XMLHttpRequest();
    xhr.open("POST", link.url);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      let msg = `The store answered ${xhr.status}.`;
      try {
        msg = (JSON.parse(xhr.responseText) as { error?: string }).error ?? msg;
      } catch {
        /* not JSON */
      }
      reject(new Error(msg));
    };
    xhr.onerror = () => reject(new Error("The connection was lost during the upload. Please try again."));
    xhr.send(body);
  });
}

export function DocumentUpload({
  kind,
  label,
  accept,
  extensions,
  maxBytes,
  action,
}: {
  kind: Kind;
  label: string;
  accept: string;
  extensions: readonly string[];
  maxBytes: number;
  /** The page's URL (its action handles upload_link, save_upload and the no-JS multipart post). */
  action: string;
}) {
  const hydrated = useHydrated();
  const matches = useMatches();
  const routeId = matches[matches.length - 1]?.id ?? "";
  const fetcher = useFetcher<{ ok?: boolean; error?: string }>({ key: `upload-${kind}` });
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inputId = `upload-${kind}`;
  const busy = progress !== null || fetcher.state !== "idle";
  const serverError = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(null);
    const file = input.current?.files?.[0];
    if (!file) return setError(`Choose a ${label.toLowerCase()} file.`);
    const ext = (/\.([A-Za-z0-9]{1,8})$/.exec(file.name)?.[1] ?? "").toLowerCase();
    if (!extensions.includes(ext)) return setError(`The ${label.toLowerCase()} must be a ${extensions.join(", ")} file.`);
    if (file.size === 0) return setError(`The ${label.toLowerCase()} is empty.`);
    if (file.size > maxBytes) return setError(`The ${label.toLowerCase()} is larger than ${maxBytes / 1024 / 1024} MB.`);
    setProgress(0);
    try {
      const url = new URL(action, window.location.href);
      url.searchParams.set("_data", routeId);
      const res = await fetch(url, { method: "POST", body: new URLSearchParams({ intent: "upload_link", kind }) });
      const redirectTo = res.headers.get("X-Remix-Redirect");
      if (redirectTo) {
        window.location.assign(redirectTo);
        return;
      }
      const answer = (await res.json().catch(() => null)) as (Link & { error?: string }) | null;
      if (!res.ok || !answer?.url) throw new Error(answer?.error ?? "The upload link could not be fetched.");
      const key = `${answer.key_prefix}${safeName(file.name)}`;
      await postToStore(answer, key, file, setProgress);
      fetcher.submit({ intent: "save_upload", kind, key, _js: "1" }, { method: "post", action, preventScrollReset: true });
      if (input.current) input.current.value = "";
    } catch (err) {
      setError(err instanceof Error ? err.message : "The upload failed.");
    } finally {
      setProgress(null);
    }
  }

  return (
    <form method="post" action={action} encType="multipart/form-data" onSubmit={hydrated ? onSubmit : undefined} aria-label={`Upload ${label.toLowerCase()}`}>
      <input type="hidden" name="intent" value="upload" />
      <input type="hidden" name="kind" value={kind} />
      <div className={s.uploadRow}>
        <label htmlFor={inputId} className={ui.label}>
          {label} file
        </label>
        <input ref={input} id={inputId} type="file" name="file" accept={accept} required className={s.fileInput} />
        <button type="submit" className={ui.button.primary} disabled={busy}>
          {progress !== null ? `Uploading… ${progress}%` : fetcher.state !== "idle" ? "Saving…" : `Upload ${label.toLowerCase()}`}
        </button>
      </div>
      <p className={`${ui.hint}`}>
        {extensions.join(", ").toUpperCase()}, at most {maxBytes / 1024 / 1024} MB.
      </p>
      {progress !== null ? <progress className={s.progress} max={100} value={progress} aria-label="Upload progress" /> : null}
      {error || serverError ? (
        <div role="alert" className={ui.alert.error}>
          {error ?? serverError}
        </div>
      ) : null}
    </form>
  );
}
