// /storage/aircraft/{aircraftId}/trash[?page=&restore=<entryId>]
// The aircraft's trash (issue 19 item 2, ADR 042): deleted files and folders with who deleted them
// and when, until the trash job empties them after the retention period (TRASH_RETENTION_DAYS). An
// Edit Access user restores one to its place (a confirmation the server renders from ?restore=); a
// reader is told the trash needs Edit Access. Shared code: app/models/records-pages.server.ts.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ActionsHeader } from "~/components/data-table-simple/data-table-simple";
import { FileIcon } from "~/components/icons/file";
import { FolderIcon } from "~/components/icons/folder";
import { ModalBody, ModalDialog, ModalFooter } from "~/components/modal-dialog/modal-dialog";
import { Pagination } from "~/components/pagination/pagination";
import type { ShellHandle } from "~/components/shell/handle";
import * as ui from "~/components/ui/ui.css";
import { parentOf } from "~/models/paths";
import { trashAction, trashLoader } from "~/models/records-pages.server";
import { ACCESS_LABEL } from "~/models/roles";
import { formatBytes } from "~/models/size";
import { trashHref } from "~/models/storage-links";
import { mediumDateTimeUtc } from "~/utils/dates";

export const handle: ShellHandle = {
  topBar: ({ data }) => {
    const d = data as { aircraft: { msn: string; registration: string } } | undefined;
    return d ? { msn: d.aircraft.msn, registration: d.aircraft.registration } : null;
  },
};

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Trash · ${data.aircraft.name} · Records · AeroRecords` : "Trash · Records · AeroRecords" }];

export async function loader(args: LoaderFunctionArgs) {
  return trashLoader(args);
}

export async function action(args: ActionFunctionArgs) {
  return trashAction(args);
}

const plural = (n: number, one: string) => `${n.toLocaleString("en-US")} ${one}${n === 1 ? "" : "s"}`;

export default function AircraftTrashRoute() {
  const d = useLoaderData<typeof loader>();
  const a = d.aircraft;
  const here = trashHref(a.id);
  const pageHref = (p: number) => (p > 1 ? `${here}?page=${p}` : here);
  return (
    <section>
      <header className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Trash</h1>
          <p className={ui.pageLead}>
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
        ) : (
          <>
            <p className={`${ui.small} ${ui.muted}`}>
              Deleted files and folders stay here for {plural(d.retentionDays, "day")}, then they are removed for good. Restoring puts an item back where it was
              (a folder with its files); if an item of that name is there now, the restored one comes back beside it as “name (restored)”.
            </p>
            {d.legalHold ? (
              <p className={ui.alert.warning} role="status" data-legal-hold="">
                This aircraft is under a legal hold ({d.legalHold.reason}) since {mediumDateTimeUtc(d.legalHold.placed_at)}: nothing is deleted or emptied from
                the trash until an admin releases it.
              </p>
            ) : null}
            {d.entries.length === 0 ? (
              <div className={ui.card}>
                <p className={ui.empty}>The trash is empty.</p>
              </div>
            ) : (
              <div className={ui.tableWrap}>
                <table className={ui.table} aria-label="Deleted files and folders">
                  <thead>
                    <tr>
                      <th scope="col">Name</th>
                      <th scope="col" className={ui.hideSmall}>
                        Contents
                      </th>
                      <th scope="col" className={ui.hideSmall}>
                        Deleted by
                      </th>
                      <th scope="col">Deleted</th>
                      <th scope="col" className={ui.hideSmall}>
                        Removed for good
                      </th>
                      <ActionsHeader />
                    </tr>
                  </thead>
                  <tbody>
                    {d.entries.map((e) => {
                      const folder = e.resourcetype === "collection";
                      return (
                        <tr key={e.id} data-entry-id={e.id} data-kind={folder ? "folder" : "file"}>
                          <td>
                            <div className={ui.row} style={{ flexWrap: "nowrap", alignItems: "flex-start" }}>
                              {folder ? <FolderIcon size={18} /> : <FileIcon size={18} />}
                              <div>
                                <strong>{e.name}</strong>
                                <div className={`${ui.small} ${ui.muted}`}>in {parentOf(e.path) ?? "/"}</div>
                              </div>
                            </div>
                          </td>
                          <td className={`${ui.hideSmall} ${ui.small}`}>
                            {folder ? (e.files ? `${plural(e.files, "file")}, ${formatBytes(e.bytes)}` : "Empty folder") : formatBytes(e.bytes)}
                          </td>
                          <td className={ui.hideSmall}>{e.deleted_by ?? "—"}</td>
                          <td>
                            <time dateTime={e.deleted_at}>{mediumDateTimeUtc(e.deleted_at)}</time>
                          </td>
                          <td className={`${ui.hideSmall} ${ui.small}`}>
                            {e.kept_reason ? (
                              <span data-kept="">
                                <span className={`${ui.badge} ${ui.badgeTone.warning}`}>Kept</span> {e.kept_reason}
                              </span>
                            ) : (
                              <>after {mediumDateTimeUtc(e.expires_at)}</>
                            )}
                          </td>
                          <td>
                            <Link className={`${ui.button.secondary} ${ui.buttonSmall}`} to={`${here}?${new URLSearchParams({ ...(d.page > 1 ? { page: String(d.page) } : {}), restore: String(e.id) })}`} aria-label={`Restore ${e.name}`} preventScrollReset>
                              Restore
                            </Link>
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            )}
            <Pagination page={d.page} total={d.total} perPage={d.perPage} hrefFor={pageHref} noun={d.total === 1 ? "item" : "items"} />
          </>
        )}
        {d.confirm ? (
          <ModalDialog title={`Restore “${d.confirm.name}”?`} subtitle={`Deleted ${mediumDateTimeUtc(d.confirm.deleted_at)}${d.confirm.deleted_by ? ` by ${d.confirm.deleted_by}` : ""}`} closeHref={pageHref(d.page)}>
            <Form method="post" action={here}>
              <input type="hidden" name="entry_id" value={d.confirm.id} />
              <ModalBody>
                <p>
                  {d.confirm.resourcetype === "collection" ? (d.confirm.files ? `The folder and its ${plural(d.confirm.files, "file")} go back to ` : "The folder goes back to ") : "The file goes back to "}
                  {parentOf(d.confirm.path) ?? "/"}. Missing folders on the way are created again; if an item named “{d.confirm.name}” is there now, it keeps its name
                  and the restored one is named “… (restored)”.
                </p>
              </ModalBody>
              <ModalFooter>
                <Link to={pageHref(d.page)} className={ui.button.ghost}>
                  Cancel
                </Link>
                <button type="submit" className={ui.button.primary}>
                  Restore
                </button>
              </ModalFooter>
            </Form>
          </ModalDialog>
        ) : null}
      </div>
    </section>
  );
}
