// /client/Aeroops/logbookpages/logbook_id={logbookId} (spec 001 §2; issue 14): a technical logbook's
// pages by number (date, flight, sector, block hours, cycles, defect, action, certifying staff) with
// the total block hours; users with Edit Access add a page (?edit=new), change one (?edit=<id>) or
// delete one after a confirmation (?confirm=<id>), all server-rendered dialogs. The all-pages PDF is
// the screen's export. Readers see the pages; the ops API refuses their posts and the page says why.
// Each page shows its signatures (ADR 088); who the organization's policy allows signs a page's
// latest version in a server-rendered dialog (?sign=<id>), or reads why they may not.
import { Fragment } from "react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { ListTable } from "~/components/data-table-simple/data-table-simple";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { ModalBody, ModalDialog, ModalFooter } from "~/components/modal-dialog/modal-dialog";
import { opsHandle, withActions } from "~/components/ops-tab-bar/ops-top-bar";
import { Pagination } from "~/components/pagination/pagination";
import * as ui from "~/components/ui/ui.css";
import * as logbooks from "~/models/logbooks.server";
import * as ops from "~/models/ops.server";
import { contextQuery, requireOpsUser } from "~/models/ops-pages.server";
import { ACCESS_LABEL, canWrite } from "~/models/roles";
import { dayMonthYear } from "~/utils/dates";
import { redirectWithToast } from "~/utils/toast.server";
import { ExportButton, ScreenActions } from "~/components/export-actions/export-actions";
import { useHrefWith } from "~/utils/use-href-with";
import { SignatureList, SignDialog, SignLink, SignRefused } from "~/components/signatures/signatures";
import * as sig from "~/components/signatures/signatures.css";
import * as signatures from "~/models/signatures.server";

/** The top bar: MSN, registration, OPS issue date, and the screen's exports (ADR 051). */
export const handle = withActions<LogbookData>(opsHandle, (d) => <LogbookActions d={d} />);

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.logbook.title ?? "Logbook"} · AeroOPS · AeroRecords` }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, url, id, all, ctx } = await open(request, context, params.logbookRef);
  const header = await ops.header(api, { org_msn_id: all.logbook.org_msn_id });
  if (!header.ok) throw new Response(header.error, { status: header.status });
  const page = Math.max(1, Math.min(1000, Number(url.searchParams.get("page")) || 1));
  const canEdit = canWrite(header.data.access_type);
  const editParam = url.searchParams.get("edit");
  const editing = !canEdit || !editParam ? null : editParam === "new" ? { page: null } : { page: all.pages.find((p) => String(p.id) === editParam) ?? null };
  const confirmId = Number(url.searchParams.get("confirm"));
  const signId = Number(url.searchParams.get("sign"));
  const next = all.pages.reduce((m, p) => Math.max(m, p.page_no), 0) + 1;
  return {
    header: header.data,
    logbook: all.logbook,
    pages: all.pages.slice((page - 1) * PER_PAGE, page * PER_PAGE),
    total: all.pages.length,
    page,
    totalBlockHours: logbooks.totalBlockHours(all.pages),
    canEdit,
    editing: editing && (editing.page || editParam === "new") ? { form: editing.page ? logbooks.pageFormOf(editing.page) : { ...emptyForm(), page_no: String(next) }, id: editing.page?.id ?? null } : null,
    confirming: canEdit ? (all.pages.find((p) => p.id === confirmId) ?? null) : null,
    canSign: all.can_sign,
    signing: all.can_sign.allowed ? (all.pages.find((p) => p.id === signId) ?? null) : null,
    here: `${logbooks.pagesPath(id)}${ctx}`,
    list: `/client/Aeroops/logbooks${ctx}`,
    aircraft: { org_msn_id: String(all.logbook.org_msn_id) },
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api, id, ctx, all } = await open(request, context, params.logbookRef);
  const form = await request.formData();
  const here = `${logbooks.pagesPath(id)}${ctx}`;
  const none: Record<string, string[]> = {};
  const pageId = Number(form.get("page_id")) || null;
  if (form.get("intent") === "sign") {
    const page = all.pages.find((p) => p.id === pageId);
    if (!page) return data({ error: "Choose a page.", errors: none, form: null }, { status: 422 });
    const read = signatures.readSignForm(form, all.can_sign.meanings);
    if (!read.ok) return data({ error: null, errors: none, form: null, sign: read.refusal }, { status: 422 });
    const res = await signatures.sign(api, request, { entity: "logbook_page", entity_id: page.id, meaning: read.meaning, ...read.secret });
    if (!res.ok) return data({ error: null, errors: none, form: null, sign: signatures.refusalOf(res, read.meaning) }, { status: 422 });
    return redirectWithToast(here, { type: "success", description: res.data.message });
  }
  if (form.get("intent") === "delete") {
    if (!pageId) return data({ error: "Choose a page.", errors: none, form: null }, { status: 422 });
    const res = await logbooks.removePage(api, pageId);
    if (!res.ok) return data({ error: res.error, errors: none, form: null }, { status: 422 });
    return redirectWithToast(here, { type: "success", description: res.data.message });
  }
  const f = logbooks.readPageForm(form);
  const check = logbooks.checkPage(f);
  if (!check.ok) return data({ error: "Check the fields marked below.", errors: check.errors, form: f }, { status: 422 });
  const res = pageId
    ? await logbooks.updatePage(api, pageId, { ...(check.page_no ? { page_no: check.page_no } : {}), date: f.date, data: { ...check.data } })
    : await logbooks.addPage(api, id, { ...(check.page_no ? { page_no: check.page_no } : {}), date: f.date, data: check.data });
  if (!res.ok) return data({ error: res.error, errors: res.errors ?? none, form: f }, { status: 422 });
  return redirectWithToast(here, { type: "success", description: `${res.data.message} (page ${res.data.page.page_no})` });
}

const PER_PAGE = 50;

const FIELDS = [
  ["flight_no", "Flight number"],
  ["sector", "Sector"],
  ["block_hours", "Block hours"],
  ["cycles", "Cycles"],
  ["defect", "Defect"],
  ["action", "Action taken"],
  ["certifying_staff", "Certifying staff"],
] as const;

async function open(request: Request, context: Parameters<typeof requireOpsUser>[1], refParam: string | undefined) {
  const { api } = await requireOpsUser(request, context);
  const url = new URL(request.url);
  const id = logbooks.parseLogbookRef(refParam);
  if (!id) throw redirect(`/client/Aeroops/logbooks${contextQuery(url)}`);
  const all = await logbooks.allPages(api, id);
  if (!all.ok) throw new Response(all.error, { status: all.status });
  const ctxUrl = new URL(url);
  ctxUrl.searchParams.set("org_msn_id", String(all.data.logbook.org_msn_id));
  return { api, url, id, all: all.data, ctx: contextQuery(ctxUrl, { page: null, edit: null, confirm: null }) };
}

const emptyForm = (): logbooks.PageForm => ({ page_no: "", date: new Date().toISOString().slice(0, 10), flight_no: "", sector: "", block_hours: "", cycles: "1", defect: "NIL", action: "", certifying_staff: "" });

const cell = (v: unknown) => (v === null || v === undefined || v === "" ? "—" : String(v));

type LogbookData = ReturnType<typeof useLoaderData<typeof loader>>;

/** The logbook's PDF (spec 001 §2 "Top bar": logbook pages offer a PDF export), in the top bar. */
function LogbookActions({ d }: { d: LogbookData }) {
  return (
    <ScreenActions fields={{ ...d.aircraft, log_book_id: String(d.logbook.log_book_id) }} back={d.here}>
      <ExportButton kind="logbook-pdf">PDF (all pages)</ExportButton>
    </ScreenActions>
  );
}

export default function LogbookPages() {
  const d = useLoaderData<typeof loader>();
  const a = useActionData<typeof action>();
  const hrefWith = useHrefWith();
  const close = hrefWith({ edit: null, confirm: null, sign: null });
  // The shell knows whether the user signs in with an authenticator code: the dialog asks for one then.
  const totp = useRouteLoaderData<{ shell: { user: { totp: boolean } } }>("routes/_shell+/_layout")?.shell.user.totp === true;
  const refusal = a && "sign" in a ? (a.sign ?? null) : null;
  const actions = d.canEdit || d.canSign.allowed;
  const form = a?.form ?? d.editing?.form ?? null;
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>{d.logbook.title}</h1>
          <p className={ui.pageLead}>
            MSN {d.header.msn}
            {d.header.registration ? ` · ${d.header.registration}` : ""} · {d.total} {d.total === 1 ? "page" : "pages"} · {d.totalBlockHours} block hours · {ACCESS_LABEL[d.header.access_type]}
          </p>
        </div>
        <div className={ui.row}>
          <Link to={d.list} className={ui.button.ghost}>
            Logbooks
          </Link>
          {d.canEdit ? (
            <Link to={hrefWith({ edit: "new" })} preventScrollReset className={ui.button.primary}>
              Add page
            </Link>
          ) : null}
        </div>
      </div>
      {!d.canSign.allowed && d.canSign.reason && d.total > 0 ? <SignRefused reason={d.canSign.reason} /> : null}
      {a?.error && !d.editing && !d.confirming ? (
        <p className={ui.alert.error} role="alert" style={{ marginTop: 12 }}>
          {a.error}
        </p>
      ) : null}
      <div style={{ marginTop: 16 }}>
        <ListTable empty={d.pages.length === 0} emptyText="This logbook has no pages yet." label="Logbook pages">
          <thead>
            <tr>
              <th scope="col">Page</th>
              <th scope="col">Date</th>
              <th scope="col">Flight</th>
              <th scope="col">Sector</th>
              <th scope="col" style={{ textAlign: "right" }}>
                Block h
              </th>
              <th scope="col">Defect</th>
              <th scope="col" className={ui.hideSmall}>
                Action
              </th>
              <th scope="col" className={ui.hideSmall}>
                Certifying staff
              </th>
              {actions ? (
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {d.pages.map((p) => (
              <Fragment key={p.id}>
                <tr className={p.signatures.length ? sig.signedRow : undefined}>
                  <td>{p.page_no}</td>
                  <td className={ui.nowrap}>{dayMonthYear(p.date)}</td>
                  <td className={ui.nowrap}>{cell(p.data.flight_no)}</td>
                  <td className={ui.nowrap}>{cell(p.data.sector)}</td>
                  <td style={{ textAlign: "right" }}>{cell(p.data.block_hours)}</td>
                  <td>{cell(p.data.defect)}</td>
                  <td className={ui.hideSmall}>{cell(p.data.action)}</td>
                  <td className={ui.hideSmall}>{cell(p.data.certifying_staff)}</td>
                  {actions ? (
                    <td>
                      {/* One above the other, as Edit and Delete were: the table keeps its width. */}
                      <div style={{ display: "grid", gap: 4, justifyItems: "start" }}>
                        {d.canSign.allowed ? <SignLink href={hrefWith({ sign: String(p.id) })} label={`Sign page ${p.page_no}`} small /> : null}
                        {d.canEdit ? (
                          <>
                            <Link to={hrefWith({ edit: String(p.id) })} preventScrollReset className={`${ui.button.ghost} ${ui.buttonSmall}`} aria-label={`Edit page ${p.page_no}`}>
                              Edit
                            </Link>
                            <Link to={hrefWith({ confirm: String(p.id) })} preventScrollReset className={`${ui.button.ghost} ${ui.buttonSmall}`} aria-label={`Delete page ${p.page_no}`}>
                              Delete…
                            </Link>
                          </>
                        ) : null}
                      </div>
                    </td>
                  ) : null}
                </tr>
                {p.signatures.length ? (
                  <tr className={sig.signatureRow}>
                    <td colSpan={actions ? 9 : 8}>
                      <SignatureList signatures={p.signatures} label={`Signatures of page ${p.page_no}`} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={4}>
                <strong>Total of {d.total} pages</strong>
              </td>
              <td style={{ textAlign: "right" }}>
                <strong>{d.totalBlockHours}</strong>
              </td>
              <td colSpan={actions ? 4 : 3} />
            </tr>
          </tfoot>
        </ListTable>
      </div>
      <Pagination page={d.page} total={d.total} perPage={PER_PAGE} hrefFor={(p) => hrefWith({ page: String(p) })} noun="pages" />

      {d.editing && form ? (
        <ModalDialog title={d.editing.id ? `Edit page ${d.editing.form.page_no}` : "Add a page"} closeHref={close}>
          <Form method="post" preventScrollReset>
            {d.editing.id ? <input type="hidden" name="page_id" value={d.editing.id} /> : null}
            <ModalBody>
              {a?.error ? (
                <p className={ui.alert.error} role="alert">
                  {a.error}
                </p>
              ) : null}
              <div className={ui.grid}>
                <div className={ui.field}>
                  <label className={ui.label} htmlFor="lp-page_no">
                    Page number
                  </label>
                  <input id="lp-page_no" name="page_no" defaultValue={form.page_no} inputMode="numeric" maxLength={6} className={ui.input} />
                  {a?.errors?.page_no ? <p className={ui.errorText}>{a.errors.page_no.join(" ")}</p> : null}
                </div>
                <div className={ui.field}>
                  <label className={ui.label} htmlFor="lp-date">
                    Date
                  </label>
                  <input id="lp-date" name="date" type="date" defaultValue={form.date} required className={ui.input} />
                  {a?.errors?.date ? <p className={ui.errorText}>{a.errors.date.join(" ")}</p> : null}
                </div>
              </div>
              {FIELDS.map(([k, label]) => (
                <div key={k} className={ui.field}>
                  <label className={ui.label} htmlFor={`lp-${k}`}>
                    {label}
                  </label>
                  {k === "defect" || k === "action" ? (
                    <textarea id={`lp-${k}`} name={k} defaultValue={form[k]} maxLength={2000} className={ui.textarea} style={{ minHeight: 70 }} />
                  ) : (
                    <input id={`lp-${k}`} name={k} defaultValue={form[k]} inputMode={k === "block_hours" || k === "cycles" ? "decimal" : undefined} maxLength={100} className={ui.input} />
                  )}
                  {a?.errors?.[k] ? <p className={ui.errorText}>{a.errors[k]!.join(" ")}</p> : null}
                </div>
              ))}
            </ModalBody>
            <ModalFooter>
              <Link to={close} className={ui.button.ghost}>
                Cancel
              </Link>
              <button type="submit" className={ui.button.primary}>
                {d.editing.id ? "Save page" : "Add page"}
              </button>
            </ModalFooter>
          </Form>
        </ModalDialog>
      ) : null}
      {d.confirming ? (
        <ModalDialog title={`Delete page ${d.confirming.page_no}?`} subtitle="This cannot be undone." closeHref={close}>
          <Form method="post">
            <input type="hidden" name="page_id" value={d.confirming.id} />
            <input type="hidden" name="intent" value="delete" />
            <ModalBody>
              {a?.error ? (
                <p className={ui.alert.error} role="alert">
                  {a.error}
                </p>
              ) : (
                <p>
                  Page {d.confirming.page_no} of {dayMonthYear(d.confirming.date)} ({cell(d.confirming.data.flight_no)}) is removed from the logbook.
                </p>
              )}
            </ModalBody>
            <ModalFooter>
              <Link to={close} className={ui.button.ghost}>
                Cancel
              </Link>
              <button type="submit" className={ui.button.danger}>
                Delete page
              </button>
            </ModalFooter>
          </Form>
        </ModalDialog>
      ) : null}
      {d.signing ? (
        <SignDialog
          title={`Sign page ${d.signing.page_no}`}
          subtitle={`${d.logbook.title} · version ${d.signing.version} · ${dayMonthYear(d.signing.date)}`}
          closeHref={close}
          meanings={d.canSign.meanings}
          totp={totp}
          refusal={refusal}
          fields={{ page_id: String(d.signing.id) }}
          statement={
            <>
              By signing you certify that the meaning you chose applies to version {d.signing.version} of page {d.signing.page_no} of {d.logbook.title} as it
              stands now. Your name, role and authorisation number, the time and the SHA-256 of version {d.signing.version} are recorded with your signature; a
              later change to the page shows as “changed since”.
            </>
          }
        />
      ) : null}
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;

