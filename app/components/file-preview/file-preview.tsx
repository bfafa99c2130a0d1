// A file's preview page (ADR 041): the viewer for its kind (a PDF in the browser's own viewer through
// a signed inline link, an image scaled to the width, text and CSV as escaped text, anything else its
// download), next / previous in the listing's order, download, and the file's path, size and dates.
// Plain links only: it works the same without JavaScript.
import type { SerializeFrom } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { Breadcrumbs } from "~/components/breadcrumbs/breadcrumbs";
import { DownloadIcon } from "~/components/icons/download";
import * as ui from "~/components/ui/ui.css";
import { formatBytes } from "~/models/size";
import { downloadHref, filesHref, previewHref, type FileSort, type SortOrder } from "~/models/storage-links";
import type { previewLoader } from "~/models/storage-preview.server";
import { mediumDateTimeUtc } from "~/utils/dates";
import * as s from "./file-preview.css";

export type PreviewData = SerializeFrom<typeof previewLoader>;

export function FilePreview({ data }: { data: PreviewData }) {
  const f = data.file;
  const a = data.aircraft;
  const keep = { organization: data.organization, sort: data.sort as FileSort, order: data.order as SortOrder, family: data.family };
  const back = filesHref(a.id, { ...keep, dir: data.folder.path, fileid: f.id });
  const crumbs = data.breadcrumb.map((c) => ({ name: c.name, href: filesHref(a.id, { ...keep, dir: c.path }) }));
  return (
    <div className={s.layout}>
      <header className={ui.pageHeader}>
        <div className={s.facts}>
          <h1 className={ui.pageTitle}>{f.name}</h1>
          <p className={ui.pageLead}>
            {a.name} · MSN {a.msn}
          </p>
        </div>
        <div className={s.nav} role="toolbar" aria-label="File">
          <Link to={back} className={ui.button.secondary}>
            Back to the folder
          </Link>
          <a href={downloadHref(a.id, f.id, data.family)} className={ui.button.primary} download data-action="download">
            <DownloadIcon size={16} /> Download
          </a>
        </div>
      </header>
      <Breadcrumbs items={crumbs} />
      <nav className={s.nav} aria-label="Files in this folder">
        {data.prev ? (
          <Link to={previewHref(a.id, data.prev.id, keep)} className={ui.button.secondary} rel="prev" title={data.prev.name}>
            ← Previous
          </Link>
        ) : (
          <span className={`${ui.button.secondary}`} aria-disabled="true">
            ← Previous
          </span>
        )}
        {data.next ? (
          <Link to={previewHref(a.id, data.next.id, keep)} className={ui.button.secondary} rel="next" title={data.next.name}>
            Next →
          </Link>
        ) : (
          <span className={`${ui.button.secondary}`} aria-disabled="true">
            Next →
          </span>
        )}
        {data.position.index >= 0 ? (
          <span className={s.position}>
            File {data.position.index + 1} of {data.position.count}
          </span>
        ) : null}
      </nav>
      <section className={s.viewer} aria-label="Preview" data-kind={f.kind}>
        <Viewer data={data} />
      </section>
      <dl className={`${ui.dl} ${s.facts}`} aria-label="File details">
        <dt>Path</dt>
        <dd className={ui.mono}>{f.path}</dd>
        <dt>Size</dt>
        <dd data-size={f.size}>{formatBytes(f.size)}</dd>
        <dt>Type</dt>
        <dd>{f.content_type}</dd>
        <dt>Uploaded</dt>
        <dd>
          <time dateTime={f.created_at}>{mediumDateTimeUtc(f.created_at)}</time>
        </dd>
        <dt>Modified</dt>
        <dd>
          <time dateTime={f.updated_at}>{mediumDateTimeUtc(f.updated_at)}</time>
        </dd>
        {data.linked ? (
          <>
            <dt>Linked records</dt>
            <dd data-linked-records={data.linked.targets.length}>
              {data.linked.targets.length ? (
                <ul className={s.linkedList}>
                  {data.linked.targets.map((t) => (
                    <li key={t.id}>{t.href ? <Link to={t.href}>{t.label}</Link> : t.label}</li>
                  ))}
                </ul>
              ) : (
                <span className={ui.muted}>None yet. </span>
              )}
              <Link to={data.linked.href}>
                {data.linked.suggested ? `${data.linked.suggested} suggested · ` : ""}
                {data.canWrite ? "Link to a row or work order" : "Open in Linked Documents"}
              </Link>
            </dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}

export function Viewer({ data }: { data: PreviewData }) {
  const f = data.file;
  switch (f.kind) {
    case "pdf":
      // The browser's own PDF viewer; a browser without one shows the fallback link inside the frame's place.
      return <iframe className={s.frame} src={f.url} title={`${f.name} (PDF)`} referrerPolicy="no-referrer" />;
    case "image":
      return (
        <div className={s.imageWrap}>
          <img className={s.image} src={f.url} alt={f.name} referrerPolicy="no-referrer" />
        </div>
      );
    case "text":
      return (
        <>
          {f.truncated ? (
            <p className={ui.alert.info} role="note">
              The first 200 KB of {formatBytes(f.size)} are shown. Download the file to see all of it.
            </p>
          ) : null}
          {/* React escapes the text: it is never HTML. */}
          <pre className={s.text} tabIndex={0} aria-label={`Contents of ${f.name}`}>
            {f.text}
          </pre>
        </>
      );
    default:
      return (
        <div className={s.other}>
          <p>This kind of file has no preview here. Download it to open it in its application.</p>
          <a href={downloadHref(data.aircraft.id, f.id, data.family)} className={ui.button.primary} download>
            <DownloadIcon size={16} /> Download {f.name}
          </a>
        </div>
      );
  }
}
