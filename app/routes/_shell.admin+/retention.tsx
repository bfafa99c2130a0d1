// /admin/retention[?release=<aircraftId>] (issue 19 item 3, ADR 042): the minimum retention of each
// record folder class of the standard records index (no rule, the life of the aircraft, or N years)
// and the aircraft under a legal hold. Admins change them (one small form per class; placing a hold
// needs a reason; releasing one is a confirmation the server renders from ?release=); members read
// them. The upstream refuses everyone else. Shared code: app/models/records-pages.server.ts.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ActionsHeader } from "~/components/data-table-simple/data-table-simple";
import { ModalBody, ModalDialog, ModalFooter } from "~/components/modal-dialog/modal-dialog";
import * as ui from "~/components/ui/ui.css";
import { retentionAction, retentionLoader } from "~/models/records-pages.server";
import { mediumDateTimeUtc } from "~/utils/dates";

export const meta: MetaFunction = () => [{ title: "Records retention · Admin · AeroRecords" }];

export async function loader(args: LoaderFunctionArgs) {
  return retentionLoader(args);
}

export async function action(args: ActionFunctionArgs) {
  return retentionAction(args);
}

const KEEP_LABEL = { none: "No rule", life: "Life of the aircraft", years: "Years" } as const;

function ruleText(c: { keep: "none" | "life" | "years"; years: number | null }) {
  return c.keep === "none" ? "No rule" : c.keep === "life" ? "For the life of the aircraft" : `At least ${c.years} year${c.years === 1 ? "" : "s"}`;
}

export default function RetentionRoute() {
  const d = useLoaderData<typeof loader>();
  return (
    <section>
      <header className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Records retention</h1>
          <p className={ui.pageLead}>
            How long the records of each folder class must be kept, and the aircraft under a legal hold. A delete that would break a rule is refused, and so
            is emptying the trash of such records.
          </p>
        </div>
      </header>
      <div className={ui.stack}>

      <div className={ui.card}>
        <h2 className={ui.cardTitle}>Minimum retention per record folder class</h2>
        <p className={`${ui.small} ${ui.muted}`}>
          A file belongs to a class by its top-level folder (“01 Certificates” is Certificates). A number of years counts from when the file's current content
          was filed. Deleted items stay in the trash for {d.trashRetentionDays} days before they are removed (TRASH_RETENTION_DAYS).
          {d.isAdmin ? null : " Only an admin can change these rules."}
        </p>
        <div className={ui.tableWrap} style={{ boxShadow: "none" }}>
          <table className={ui.table} aria-label="Retention rules">
            <thead>
              <tr>
                <th scope="col">Class</th>
                <th scope="col">Keep</th>
                <th scope="col" className={ui.hideSmall}>
                  Last changed
                </th>
                {d.isAdmin ? <ActionsHeader label="Change" /> : null}
              </tr>
            </thead>
            <tbody>
              {d.classes.map((c) => (
                <tr key={c.key} data-class={c.key} data-keep={c.keep}>
                  <td>
                    <strong>{c.label}</strong>
                  </td>
                  <td>{c.keep === "none" ? <span className={ui.muted}>No rule</span> : <strong>{ruleText(c)}</strong>}</td>
                  <td className={`${ui.hideSmall} ${ui.small}`}>{c.updated_at ? `${mediumDateTimeUtc(c.updated_at)}${c.updated_by ? ` by ${c.updated_by}` : ""}` : "—"}</td>
                  {d.isAdmin ? (
                    <td>
                      <Form method="post" className={ui.row} style={{ flexWrap: "nowrap" }} aria-label={`Retention of ${c.label}`} preventScrollReset>
                        <input type="hidden" name="intent" value="rule" />
                        <input type="hidden" name="class_key" value={c.key} />
                        <select name="keep" defaultValue={c.keep} className={ui.input} aria-label={`Keep ${c.label} records`} style={{ width: "auto" }}>
                          {(["none", "life", "years"] as const).map((k) => (
                            <option key={k} value={k}>
                              {KEEP_LABEL[k]}
                            </option>
                          ))}
                        </select>
                        <input
                          type="number"
                          name="years"
                          min={1}
                          max={d.limits.yearsMax}
                          defaultValue={c.years ?? ""}
                          className={ui.input}
                          aria-label={`Years to keep ${c.label} records`}
                          placeholder="years"
                          style={{ width: 90 }}
                        />
                        <button type="submit" className={`${ui.button.secondary} ${ui.buttonSmall}`}>
                          Save
                        </button>
                      </Form>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>

      <div className={ui.card}>
        <h2 className={ui.cardTitle}>Legal holds</h2>
        <p className={`${ui.small} ${ui.muted}`}>Nothing of an aircraft under a legal hold can be deleted, and its trash is not emptied, until the hold is released.</p>
        {d.holds.length === 0 ? (
          <p className={ui.empty}>No aircraft is under a legal hold.</p>
        ) : (
          <div className={ui.tableWrap} style={{ boxShadow: "none" }}>
            <table className={ui.table} aria-label="Legal holds">
              <thead>
                <tr>
                  <th scope="col">Aircraft</th>
                  <th scope="col">Reason</th>
                  <th scope="col" className={ui.hideSmall}>
                    Placed
                  </th>
                  {d.isAdmin ? <ActionsHeader /> : null}
                </tr>
              </thead>
              <tbody>
                {d.holds.map((h) => (
                  <tr key={h.aircraft_id} data-hold={h.aircraft_id}>
                    <td>
                      <strong>
                        {h.aircraft_name} · MSN {h.msn}
                      </strong>
                      <div className={`${ui.small} ${ui.muted}`}>{h.organization}</div>
                    </td>
                    <td>{h.reason}</td>
                    <td className={`${ui.hideSmall} ${ui.small}`}>
                      {mediumDateTimeUtc(h.placed_at)}
                      {h.placed_by ? ` by ${h.placed_by}` : ""}
                    </td>
                    {d.isAdmin ? (
                      <td>
                        <Link to={`?release=${h.aircraft_id}`} className={`${ui.button.secondary} ${ui.buttonSmall}`} aria-label={`Release the hold on ${h.aircraft_name}`} preventScrollReset>
                          Release
                        </Link>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {d.isAdmin ? (
          <Form method="post" className={ui.filterBar} style={{ marginTop: 16, marginBottom: 0 }} aria-label="Place a legal hold">
            <input type="hidden" name="intent" value="hold" />
            <div className={ui.field} style={{ flex: "1 1 260px", marginBottom: 0 }}>
              <label className={ui.label} htmlFor="hold-aircraft">
                Aircraft
              </label>
              <select id="hold-aircraft" name="aircraft_id" className={ui.input} required defaultValue="">
                <option value="" disabled>
                  Choose an aircraft
                </option>
                {d.aircraft.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.label}
                  </option>
                ))}
              </select>
            </div>
            <div className={ui.field} style={{ flex: "2 1 260px", marginBottom: 0 }}>
              <label className={ui.label} htmlFor="hold-reason">
                Reason
              </label>
              <input id="hold-reason" name="reason" className={ui.input} required maxLength={d.limits.reasonMax} placeholder="e.g. Litigation 2026-17" autoComplete="off" />
            </div>
            <button type="submit" className={ui.button.primary}>
              Place legal hold
            </button>
          </Form>
        ) : null}
      </div>

      {d.release ? (
        <ModalDialog title={`Release the legal hold on ${d.release.aircraft_name}?`} subtitle={`MSN ${d.release.msn} · ${d.release.reason}`} closeHref="/admin/retention">
          <Form method="post" action="/admin/retention">
            <input type="hidden" name="intent" value="release" />
            <input type="hidden" name="aircraft_id" value={d.release.aircraft_id} />
            <ModalBody>
              <p>Its records can then be deleted again (within the retention rules), and its trash is emptied as usual.</p>
            </ModalBody>
            <ModalFooter>
              <Link to="/admin/retention" className={ui.button.ghost}>
                Cancel
              </Link>
              <button type="submit" className={ui.button.danger}>
                Release the hold
              </button>
            </ModalFooter>
          </Form>
        </ModalDialog>
      ) : null}
      </div>
    </section>
  );
}
