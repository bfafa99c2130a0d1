// /storage/aircraft/{aircraftId}/versions?fileid=[&restore=<versionId>]
// A file's versions (issue 19 item 1, ADR 042): the current content and every earlier one (who filed
// it, when, its size), each downloadable; restoring one (a confirmation the server renders from
// ?restore=) makes its bytes the current version again. Edit Access only: a reader is told so and
// sees nothing to restore. Shared code: app/models/records-pages.server.ts.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ActionsHeader } from "~/components/data-table-simple/data-table-simple";
import { DownloadIcon } from "~/components/icons/download";
import { ModalBody, ModalDialog, ModalFooter } from "~/components/modal-dialog/modal-dialog";
import type { ShellHandle } from "~/components/shell/handle";
import * as ui from "~/components/ui/ui.css";
import { versionsAction, versionsLoader } from "~/models/records-pages.server";
import { ACCESS_LABEL } from "~/models/roles";
import { formatBytes } from "~/models/size";
import { downloadHref, versionDownloadHref, versionsHref } from "~/models/storage-links";
import { mediumDateTimeUtc } from "~/utils/dates";

export const handle: ShellHandle = {
  topBar: ({ data }) => {
    const d = data as { aircraft: { msn: string; registration: string } } | undefined;
    return d ? { msn: d.aircraft.msn, registration: d.aircraft.registration } : null;
  },
};

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.file ? `Versions of ${data.file.name} · Records · AeroRecords` : "Versions · Records · AeroRecords" }];

export async function loader(args: LoaderFunctionArgs) {
  return versionsLoader(args);
}

export async function action(args: ActionFunctionArgs) {
  return versionsAction(args);
}

export default function FileVersionsRoute() {
  const d = useLoaderData<typeof loader>();
  const a = d.aircraft;
  const file = d.file;
  return (
    <section>
      <header className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>{file ? `Versions of ${file.name}` : "File versions"}</h1>
          <p className={ui.pageLead}>
            {file ? `${file.path} · ` : ""}
            {a.name} · MSN {a.msn} · {ACCESS_LABEL[d.access]}
          </p>
        </div>
        <div className={ui.row}>
          <Link to={d.filesHref} className={ui.button.secondary}>
            Back to the records
          </Link>
        </div>
      </header>
      <div className={ui.stack}>
        {d.refusal ? (
          <p className={ui.alert.info} role="status" data-refusal="">
            {d.refusal}
          </p>
        ) : file ? (
          <>
            <p className={`${ui.small} ${ui.muted}`}>
              Uploading a file of the same name keeps the earlier content here. Restoring a version copies its content into a new current version; nothing is
              lost. Search, text extraction and the reports use the current version.
            </p>
            <div className={ui.tableWrap}>
              <table className={ui.table} aria-label={`Versions of ${file.name}`}>
                <thead>
                  <tr>
                    <th scope="col">Version</th>
                    <th scope="col" className={ui.hideSmall}>
                      Size
                    </th>
                    <th scope="col" className={ui.hideSmall}>
                      Filed by
                    </th>
                    <th scope="col">Filed</th>
                    <th scope="col" className={ui.hideSmall}>
                      Replaced
                    </th>
                    <ActionsHeader />
                  </tr>
                </thead>
                <tbody>
                  {d.versions.map((v) => (
                    <tr key={v.id ?? "current"} data-version={v.number} data-current={v.current ? "" : undefined}>
                      <td>
                        <strong className={ui.nowrap}>Version {v.number}</strong>{" "}
                        {v.current ? <span className={`${ui.badge} ${ui.badgeTone.success}`}>Current</span> : null}
                        <span className={`${ui.onlySmall} ${ui.small} ${ui.muted}`}>{formatBytes(v.size)}</span>
                      </td>
                      <td className={`${ui.nowrap} ${ui.hideSmall}`} data-size={v.size}>
                        {formatBytes(v.size)}
                      </td>
                      <td className={ui.hideSmall}>{v.filed_by ?? "—"}</td>
                      <td>
                        <time dateTime={v.filed_at}>{mediumDateTimeUtc(v.filed_at)}</time>
                      </td>
                      <td className={`${ui.hideSmall} ${ui.small}`}>{v.replaced_at ? `${mediumDateTimeUtc(v.replaced_at)}${v.replaced_by ? ` by ${v.replaced_by}` : ""}` : "—"}</td>
                      <td>
                        <div className={ui.row} style={{ gap: 8 }}>
                          <a
                            className={`${ui.button.secondary} ${ui.buttonSmall}`}
                            href={v.id == null ? downloadHref(a.id, file.id) : versionDownloadHref(a.id, file.id, v.id)}
                            download
                            aria-label={`Download version ${v.number}`}
                          >
                            <DownloadIcon size={16} /> <span className={ui.hideSmall}>Download</span>
                          </a>
                          {v.id != null ? (
                            <Link className={`${ui.button.secondary} ${ui.buttonSmall}`} to={`${versionsHref(a.id, file.id)}&restore=${v.id}`} aria-label={`Restore version ${v.number}`} preventScrollReset>
                              Restore
                            </Link>
                          ) : null}
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {d.versions.length === 1 ? <p className={`${ui.small} ${ui.muted}`}>This file has no earlier versions yet.</p> : null}
          </>
        ) : null}
        {file && d.confirm && d.confirm.id != null ? (
          <ModalDialog title={`Restore version ${d.confirm.number}?`} subtitle={file.name} closeHref={versionsHref(a.id, file.id)}>
            <Form method="post" action={versionsHref(a.id, file.id)}>
              <input type="hidden" name="file_id" value={file.id} />
              <input type="hidden" name="version_id" value={d.confirm.id} />
              <ModalBody>
                <p>
                  Its content ({formatBytes(d.confirm.size)}, filed {mediumDateTimeUtc(d.confirm.filed_at)}
                  {d.confirm.filed_by ? ` by ${d.confirm.filed_by}` : ""}) becomes the current version. The current content is kept as version {d.versions[0]!.number}.
                </p>
              </ModalBody>
              <ModalFooter>
                <Link to={versionsHref(a.id, file.id)} className={ui.button.ghost}>
                  Cancel
                </Link>
                <button type="submit" className={ui.button.primary}>
                  Restore version {d.confirm.number}
                </button>
              </ModalFooter>
            </Form>
          </ModalDialog>
        ) : null}
      </div>
    </section>
  );
}
