// /client/Aeroops/updateworkorder/{aircraft|engine|component}_wo{id} (spec 001 §2; issue 14): a work
// order at a version. Every save makes a new version; the history lists who saved each and when;
// `?version=N` shows an older one (read-only), `?version=N&compare=M` two side by side; PDF and
// Excel export the version shown; deleting asks first (`?confirm=delete`, rendered by the server).
// Readers see it read-only; the ops API refuses their posts and the page says why. Its signatures
// (ADR 088) show above the form; who the organization's policy allows signs the latest version in a
// server-rendered dialog (`?sign={id}`), or reads why they may not.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { ModalBody, ModalDialog, ModalFooter } from "~/components/modal-dialog/modal-dialog";
import { opsHandle, withActions } from "~/components/ops-tab-bar/ops-top-bar";
import * as ui from "~/components/ui/ui.css";
import { statusLabel, WORK_ORDER_STATUS_LABEL } from "~/models/status-labels";
import * as ops from "~/models/ops.server";
import { contextQuery, requireOpsUser } from "~/models/ops-pages.server";
import { ACCESS_LABEL, canWrite } from "~/models/roles";
import * as wo from "~/models/workorders.server";
import { dateTimeUtc as dateTime, dayMonthYear } from "~/utils/dates";
import { redirectWithToast } from "~/utils/toast.server";
import { ExportButton, ScreenActions } from "~/components/export-actions/export-actions";
import { SignatureList, SignDialog, SignLink, SignRefused } from "~/components/signatures/signatures";
import * as signatures from "~/models/signatures.server";
import { OtherDetails, TaskTable, WorkOrderFormView, WorkOrderReadOnly, labelOf, valueText, type TaskView } from "./__workorder-parts";
import { documentCountForWorkOrder, linkedDocumentsHref } from "~/models/links.server";

/** The top bar: MSN, registration, OPS issue date, and the screen's exports (ADR 051). */
export const handle = withActions<WorkOrderData>(opsHandle, (d) => <WorkOrderActions d={d} />);

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data ? `WO ${data.wo.number} v${data.shown.version}` : "Work order"} · AeroOPS · AeroRecords` }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, url, w } = await loadWorkOrder(request, context, params.woRef);
  const ctxUrl = new URL(url);
  ctxUrl.searchParams.set("org_msn_id", String(w.org_msn_id));
  const ctx = contextQuery(ctxUrl);
  const known = new Set(w.versions.map((v) => v.version));
  const wanted = versionParam(url.searchParams.get("version"));
  const compareWanted = url.searchParams.get("compare") === "latest" ? w.version : versionParam(url.searchParams.get("compare"));
  const missing = [wanted, compareWanted].filter((v): v is number => v !== null && !known.has(v));
  const versionNo = wanted !== null && known.has(wanted) ? wanted : w.version;
  const compareNo = compareWanted !== null && known.has(compareWanted) && compareWanted !== versionNo ? compareWanted : null;
  const [header, shown, other, docCount] = await Promise.all([
    ops.header(api, { org_msn_id: w.org_msn_id }),
    versionNo === w.version ? Promise.resolve(latest(w)) : wo.get(api, w.work_order_id, versionNo),
    compareNo === null ? Promise.resolve(null) : compareNo === w.version ? Promise.resolve(latest(w)) : wo.get(api, w.work_order_id, compareNo),
    documentCountForWorkOrder(api, w.org_msn_id, w.work_order_id),
  ]);
  if (!header.ok) throw new Response(header.error, { status: header.status });
  if (!shown.ok) throw new Response(shown.error, { status: shown.status });
  if (other && !other.ok) throw new Response(other.error, { status: other.status });
  const view = (x: typeof w) => ({ version: x.version, form: wo.formOf(x), extra: wo.extraOf(x.data), total: wo.totalHours(wo.dataOf(x.data)) });
  const canEdit = canWrite(header.data.access_type);
  const here = `${wo.updatePath(w.kind, w.work_order_id)}${ctx}`;
  const onLatest = versionNo === w.version && compareNo === null;
  return {
    header: header.data,
    wo: { id: w.work_order_id, kind: w.kind, number: w.number, title: w.title, status: w.status, latest: w.version, created_at: w.created_at, updated_at: w.updated_at },
    kindLabel: wo.KIND_SCREEN[w.kind].label,
    versions: w.versions,
    shown: view(shown.data.work_order),
    compare: other && other.ok ? view(other.data.work_order) : null,
    missing,
    canEdit,
    editing: canEdit && onLatest,
    // Every signature of every version; signing signs the latest, so it is offered there.
    signatures: w.signatures,
    canSign: w.can_sign,
    signing: onLatest && w.can_sign.allowed && url.searchParams.get("sign") === String(w.work_order_id),
    confirmDelete: canEdit && url.searchParams.get("confirm") === "delete",
    ctx,
    here,
    list: `/client/Aeroops/workorder/${wo.KIND_SCREEN[w.kind].path}${ctx}`,
    aircraft: { org_msn_id: String(w.org_msn_id) },
    // Its linked documents (null when the user may not read the aircraft's records).
    documents: docCount === null ? null : { count: docCount, href: linkedDocumentsHref(w.org_msn_id, { wo: w.work_order_id }) },
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api, url, w } = await loadWorkOrder(request, context, params.woRef);
  const form = await request.formData();
  const ctxUrl = new URL(url);
  ctxUrl.searchParams.set("org_msn_id", String(w.org_msn_id));
  const ctx = contextQuery(ctxUrl);
  const rev = String(Date.now());
  const none: Record<string, string[]> = {};
  if (form.get("intent") === "sign") {
    const here = `${wo.updatePath(w.kind, w.work_order_id)}${ctx}`;
    const read = signatures.readSignForm(form, w.can_sign.meanings);
    if (!read.ok) return data({ form: wo.formOf(w), errors: none, formError: null, rev, sign: read.refusal }, { status: 422 });
    const res = await signatures.sign(api, request, { entity: "work_order", entity_id: w.work_order_id, meaning: read.meaning, ...read.secret });
    if (!res.ok) return data({ form: wo.formOf(w), errors: none, formError: null, rev, sign: signatures.refusalOf(res, read.meaning) }, { status: 422 });
    return redirectWithToast(here, { type: "success", description: res.data.message });
  }
  if (form.get("intent") === "delete") {
    const res = await wo.remove(api, w.work_order_id);
    if (!res.ok) return data({ form: wo.formOf(w), errors: none, formError: res.error, rev }, { status: 422 });
    return redirectWithToast(`/client/Aeroops/workorder/${wo.KIND_SCREEN[w.kind].path}${ctx}`, { type: "success", description: res.data.message });
  }
  const post = wo.readPost(form, { creating: false });
  if (post.step === "edit") return { form: post.form, errors: none, formError: null as string | null, rev };
  if (!post.check.ok) return data({ form: post.form, errors: post.check.errors, formError: "Check the fields marked below.", rev }, { status: 422 });
  const f = post.form;
  const res = await wo.update(api, w.work_order_id, { number: f.number.trim(), title: f.title.trim(), status: f.status.trim(), data: wo.mergeData(w.data, post.check.data) as never });
  if (!res.ok) return data({ form: f, errors: res.errors ?? none, formError: res.error, rev }, { status: 422 });
  const saved = res.data.work_order;
  return redirectWithToast(`${wo.updatePath(saved.kind, saved.work_order_id)}${ctx}`, { type: "success", description: `${res.data.message} Saved as version ${saved.version}.` });
}

const versionParam = (v: string | null) => (v && /^\d{1,6}$/.test(v) ? Number(v) : null);

async function loadWorkOrder(request: Request, context: Parameters<typeof requireOpsUser>[1], woRef: string | undefined) {
  const { api, user } = await requireOpsUser(request, context);
  const url = new URL(request.url);
  const ref = wo.parseWoRef(woRef);
  if (!ref) throw redirect(`/client/Aeroops/workorder${contextQuery(url)}`);
  const latest = await wo.get(api, ref.id);
  if (!latest.ok) throw new Response(latest.error, { status: latest.status });
  const w = latest.data.work_order;
  // The kind in the URL is the work order's own (a hand-typed engine_wo of an aircraft WO is corrected).
  if (w.kind !== ref.kind) throw redirect(`${wo.updatePath(w.kind, w.work_order_id)}${url.search}`);
  return { api, user, url, w };
}

const latest = (w: Awaited<ReturnType<typeof loadWorkOrder>>["w"]) => ({ ok: true as const, status: 200, data: { work_order: w }, message: null });

type VersionView = { version: number; form: { number: string; title: string; status: string; station: string; remarks: string; tasks: TaskView[] }; extra: Record<string, unknown>; total: number };

/** Two versions side by side; what differs is marked. */
function Comparison({ a, b, closeHref }: { a: VersionView; b: VersionView; closeHref: string }) {
  const [older, newer] = a.version < b.version ? [a, b] : [b, a];
  // Every field a version saves: the work order's number, title and status, then its data.
  const fields: [string, string, string][] = [
    ["Number", older.form.number, newer.form.number],
    ["Title", older.form.title, newer.form.title],
    ["Status", statusLabel(WORK_ORDER_STATUS_LABEL, older.form.status), statusLabel(WORK_ORDER_STATUS_LABEL, newer.form.status)],
    ["Station", older.form.station || "—", newer.form.station || "—"],
    ["Remarks", older.form.remarks || "—", newer.form.remarks || "—"],
    ["Tasks", String(older.form.tasks.length), String(newer.form.tasks.length)],
    ["Total man-hours", `${older.total} h`, `${newer.total} h`],
    ...[...new Set([...Object.keys(older.extra), ...Object.keys(newer.extra)])].map((k): [string, string, string] => [labelOf(k), valueText(older.extra[k]), valueText(newer.extra[k])]),
  ];
  const taskKey = (t: TaskView) => JSON.stringify([t.ref, t.description, t.status, t.man_hours]);
  const changedIn = (x: VersionView, y: VersionView) => new Set(x.form.tasks.map((t, i) => (y.form.tasks[i] && taskKey(y.form.tasks[i]!) === taskKey(t) ? -1 : i)).filter((i) => i >= 0));
  return (
    <section aria-labelledby="wo-compare" className={ui.stack}>
      <div className={ui.row} style={{ justifyContent: "space-between" }}>
        <h2 id="wo-compare" style={{ margin: 0 }}>
          Version {older.version} and version {newer.version}
        </h2>
        <Link to={closeHref} className={ui.button.ghost}>
          Close the comparison
        </Link>
      </div>
      <div className={ui.tableWrap}>
        <table className={ui.table} aria-label="Differences">
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Version {older.version}</th>
              <th scope="col">Version {newer.version}</th>
            </tr>
          </thead>
          <tbody>
            {fields.map(([label, x, y]) => (
              <tr key={label} data-changed={x !== y ? "" : undefined} style={x !== y ? { background: "#fff6d6" } : undefined}>
                <th scope="row">{label}</th>
                <td style={{ whiteSpace: "pre-wrap" }}>{x}</td>
                <td style={{ whiteSpace: "pre-wrap" }}>{y}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div style={{ display: "grid", gap: 16, gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 460px), 1fr))" }}>
        <div>
          <h3>Tasks in version {older.version}</h3>
          <TaskTable tasks={older.form.tasks} label={`Tasks in version ${older.version}`} changed={changedIn(older, newer)} />
        </div>
        <div>
          <h3>Tasks in version {newer.version}</h3>
          <TaskTable tasks={newer.form.tasks} label={`Tasks in version ${newer.version}`} changed={changedIn(newer, older)} />
        </div>
      </div>
      {Object.keys(newer.extra).length ? <OtherDetails extra={newer.extra} /> : null}
    </section>
  );
}

type WorkOrderData = ReturnType<typeof useLoaderData<typeof loader>>;

/** The work order's PDF and Excel of the version shown (spec 001 §2 "Top bar"), in the top bar. */
function WorkOrderActions({ d }: { d: WorkOrderData }) {
  return (
    <ScreenActions fields={{ ...d.aircraft, work_order_id: String(d.wo.id), version: String(d.shown.version) }} back={d.here}>
      <ExportButton kind="wo-pdf">PDF (version {d.shown.version})</ExportButton>
      <ExportButton kind="wo-excel">Excel (version {d.shown.version})</ExportButton>
    </ScreenActions>
  );
}

export default function UpdateWorkOrder() {
  const d = useLoaderData<typeof loader>();
  const a = useActionData<typeof action>();
  // The shell knows whether the user signs in with an authenticator code: the dialog asks for one then.
  const totp = useRouteLoaderData<{ shell: { user: { totp: boolean } } }>("routes/_shell+/_layout")?.shell.user.totp === true;
  const refusal = a && "sign" in a ? (a.sign ?? null) : null;
  const versionHref = (v: number, compare?: number) => `${d.here}&version=${v}${compare ? `&compare=${compare}` : ""}`;
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>
            {d.kindLabel} {d.wo.number}
          </h1>
          <p className={ui.pageLead}>
            {d.wo.title} · {statusLabel(WORK_ORDER_STATUS_LABEL, d.wo.status)} · version {d.shown.version} of {d.wo.latest} · MSN {d.header.msn}
            {d.header.registration ? ` · ${d.header.registration}` : ""} · {ACCESS_LABEL[d.header.access_type]}
          </p>
        </div>
        <div className={ui.row}>
          <Link to={d.list} className={ui.button.ghost}>
            Work orders
          </Link>
          {d.documents ? (
            <Link to={d.documents.href} className={ui.button.ghost} data-wo-docs={d.documents.count}>
              {d.documents.count === 1 ? "1 linked document" : `${d.documents.count} linked documents`}
            </Link>
          ) : null}
          {d.canEdit && !d.confirmDelete ? (
            <Link to={`${d.here}&confirm=delete`} className={ui.button.ghost} preventScrollReset>
              Delete…
            </Link>
          ) : null}
        </div>
      </div>


      {d.missing.length ? (
        <p className={ui.alert.warning} role="alert" style={{ marginTop: 12 }}>
          This work order has no version {d.missing.join(" or ")}: showing version {d.shown.version}.
        </p>
      ) : null}
      {d.shown.version !== d.wo.latest && !d.compare ? (
        <p className={ui.alert.info} style={{ marginTop: 12 }}>
          You are looking at version {d.shown.version}. <Link to={d.here}>Go to the latest (version {d.wo.latest})</Link> to change the work order.
        </p>
      ) : null}

      <Signatures d={d} />

      <div style={{ marginTop: 16 }}>
        {d.compare ? (
          <Comparison a={d.shown} b={d.compare} closeHref={d.here} />
        ) : d.editing ? (
          <WorkOrderFormView
            formKey={a?.rev ?? `v${d.shown.version}`}
            form={a?.form ?? d.shown.form}
            errors={a?.errors}
            formError={d.confirmDelete ? null : a?.formError}
            creating={false}
            submitLabel={`Save as version ${d.wo.latest + 1}`}
            extra={d.shown.extra}
          />
        ) : (
          <>
            {a?.formError && !d.confirmDelete ? (
              <p className={ui.alert.error} role="alert">
                {a.formError}
              </p>
            ) : null}
            <WorkOrderReadOnly form={d.shown.form} extra={d.shown.extra} />
          </>
        )}
      </div>

      <section className={ui.card} style={{ marginTop: 24 }} aria-labelledby="wo-history">
        <h2 id="wo-history" className={ui.cardTitle}>
          Version history
        </h2>
        <div className={ui.tableWrap}>
          <table className={ui.table} aria-label="Versions">
            <thead>
              <tr>
                <th scope="col">Version</th>
                <th scope="col">Saved</th>
                <th scope="col">By</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {d.versions.map((v) => (
                <tr key={v.version} aria-current={v.version === d.shown.version ? "true" : undefined}>
                  <td>
                    v{v.version}
                    {v.version === d.wo.latest ? " (latest)" : ""}
                  </td>
                  <td className={ui.nowrap}>{dateTime(v.created_at)}</td>
                  <td>{v.created_by ?? "—"}</td>
                  <td className={ui.row}>
                    <Link to={versionHref(v.version)} className={`${ui.button.ghost} ${ui.buttonSmall}`} aria-label={`View version ${v.version}`}>
                      View
                    </Link>
                    {v.version !== d.wo.latest ? (
                      <Link to={versionHref(v.version, d.wo.latest)} className={`${ui.button.ghost} ${ui.buttonSmall}`} aria-label={`Compare version ${v.version} with the latest`}>
                        Compare with latest
                      </Link>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {d.versions.length > 1 ? (
          <Form method="get" className={ui.filterBar} style={{ marginTop: 12 }}>
            {[...new URLSearchParams(d.here.split("?")[1] ?? "")].map(([k, v]) => (
              <input key={k} type="hidden" name={k} value={v} />
            ))}
            <div className={ui.field}>
              <label className={ui.label} htmlFor="cmp-a">
                Compare version
              </label>
              <select id="cmp-a" name="version" defaultValue={String(d.compare ? d.shown.version : (d.versions[1]?.version ?? d.wo.latest))} className={ui.input}>
                {d.versions.map((v) => (
                  <option key={v.version} value={v.version}>
                    v{v.version}
                  </option>
                ))}
              </select>
            </div>
            <div className={ui.field}>
              <label className={ui.label} htmlFor="cmp-b">
                with version
              </label>
              <select id="cmp-b" name="compare" defaultValue={String(d.compare ? d.compare.version : d.wo.latest)} className={ui.input}>
                {d.versions.map((v) => (
                  <option key={v.version} value={v.version}>
                    v{v.version}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className={ui.button.secondary}>
              Compare
            </button>
          </Form>
        ) : null}
        <p className={ui.small} style={{ marginBottom: 0 }}>
          Created {dayMonthYear(d.wo.created_at)}; every save adds a version, none is ever overwritten.
        </p>
      </section>

      {d.confirmDelete ? (
        <ModalDialog title={`Delete work order ${d.wo.number}?`} subtitle={`Its ${d.wo.latest} ${d.wo.latest === 1 ? "version goes" : "versions go"} with it; this cannot be undone.`} closeHref={d.here}>
          <Form method="post">
            <input type="hidden" name="intent" value="delete" />
            <ModalBody>
              {a?.formError ? (
                <p className={ui.alert.error} role="alert">
                  {a.formError}
                </p>
              ) : (
                <p>
                  {d.kindLabel} {d.wo.number}, “{d.wo.title}”, is removed from MSN {d.header.msn} for everyone.
                </p>
              )}
            </ModalBody>
            <ModalFooter>
              <Link to={d.here} className={ui.button.ghost}>
                Cancel
              </Link>
              <button type="submit" className={ui.button.danger}>
                Delete work order
              </button>
            </ModalFooter>
          </Form>
        </ModalDialog>
      ) : null}

      {d.signing ? (
        <SignDialog
          title={`Sign work order ${d.wo.number}`}
          subtitle={`${d.kindLabel} · version ${d.wo.latest} · MSN ${d.header.msn}`}
          closeHref={d.here}
          meanings={d.canSign.meanings}
          totp={totp}
          refusal={refusal}
          statement={
            <>
              By signing you certify that the meaning you chose applies to version {d.wo.latest} of work order {d.wo.number} as it stands now. Your name,
              role and authorisation number, the time and the SHA-256 of version {d.wo.latest} are recorded with your signature; a later change to the work
              order shows as “changed since”.
            </>
          }
        />
      ) : null}
    </>
  );
}

/** The work order's signatures, and the Sign button (or why the user may not sign) on the latest version. */
function Signatures({ d }: { d: WorkOrderData }) {
  const onLatest = d.shown.version === d.wo.latest && !d.compare;
  if (d.signatures.length === 0 && !onLatest) return null;
  return (
    <section className={ui.card} aria-labelledby="wo-signatures" style={{ marginTop: 16 }}>
      <div className={ui.row} style={{ justifyContent: "space-between", marginBottom: d.signatures.length ? 12 : 0 }}>
        <h2 id="wo-signatures" className={ui.cardTitle} style={{ margin: 0 }}>
          Signatures
        </h2>
        {!onLatest ? null : d.canSign.allowed ? (
          <SignLink href={`${d.here}&sign=${d.wo.id}`} label={`Sign version ${d.wo.latest}`} />
        ) : d.canSign.reason ? (
          <SignRefused reason={d.canSign.reason} />
        ) : null}
      </div>
      {d.signatures.length ? (
        <SignatureList signatures={d.signatures} label="Signatures of this work order" />
      ) : (
        <p className={`${ui.small} ${ui.muted}`} style={{ margin: "8px 0 0" }}>
          Not signed yet.
        </p>
      )}
    </section>
  );
}

export const ErrorBoundary = PageErrorBoundary;

