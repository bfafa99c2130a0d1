// /client/Aeroops/logbooks (spec 001 §2; issue 14): the aircraft's technical logbooks with their page
// counts, each opening its pages; users with Edit Access create one, rename one (?rename=<id>) or
// delete one after a server-rendered confirmation (?confirm=<id>). The ops API checks every write.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ListTable } from "~/components/data-table-simple/data-table-simple";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { ModalBody, ModalDialog, ModalFooter } from "~/components/modal-dialog/modal-dialog";
import { opsHandle } from "~/components/ops-tab-bar/ops-top-bar";
import { Pagination } from "~/components/pagination/pagination";
import * as ui from "~/components/ui/ui.css";
import * as logbooks from "~/models/logbooks.server";
import * as ops from "~/models/ops.server";
import { contextQuery, requireAircraftRef, requireOpsUser } from "~/models/ops-pages.server";
import { ACCESS_LABEL, canWrite } from "~/models/roles";
import { dayMonthYear } from "~/utils/dates";
import { redirectWithToast } from "~/utils/toast.server";
import { useHrefWith } from "~/utils/use-href-with";

export const handle = opsHandle;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Technical logbooks${data ? ` · MSN ${data.header.msn}` : ""} · AeroOPS · AeroRecords` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireOpsUser(request, context);
  const url = new URL(request.url);
  const ref = requireAircraftRef(url);
  const page = Math.max(1, Math.min(10_000, Number(url.searchParams.get("page")) || 1));
  const [header, list] = await Promise.all([ops.header(api, ref), logbooks.list(api, ref, { page, per_page: PER_PAGE })]);
  if (!header.ok) throw new Response(header.error, { status: header.status });
  if (!list.ok) throw new Response(list.error, { status: list.status });
  const ctx = contextQuery(url, { page: null, rename: null, confirm: null });
  const canEdit = canWrite(header.data.access_type);
  const pick = (k: string) => {
    const id = Number(url.searchParams.get(k));
    return canEdit ? (list.data.logbooks.find((l) => l.log_book_id === id) ?? null) : null;
  };
  return {
    header: header.data,
    list: list.data,
    rows: list.data.logbooks.map((l) => ({ ...l, href: `${logbooks.pagesPath(l.log_book_id)}${ctx}` })),
    canEdit,
    renaming: pick("rename"),
    confirming: pick("confirm"),
    ctx,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireOpsUser(request, context);
  const url = new URL(request.url);
  requireAircraftRef(url);
  const form = await request.formData();
  const id = Number(form.get("log_book_id"));
  const back = `/client/Aeroops/logbooks${contextQuery(url, { rename: null, confirm: null })}`;
  if (!Number.isInteger(id) || id <= 0) return data({ error: "Choose a logbook." }, { status: 422 });
  if (form.get("intent") === "delete") {
    const res = await logbooks.remove(api, id);
    if (!res.ok) return data({ error: res.error }, { status: 422 });
    return redirectWithToast(back, { type: "success", description: res.data.message });
  }
  const title = String(form.get("title") ?? "").trim();
  if (!title) return data({ error: "Enter the logbook's title." }, { status: 422 });
  const res = await logbooks.rename(api, id, title.slice(0, 200));
  if (!res.ok) return data({ error: res.error }, { status: 422 });
  return redirectWithToast(back, { type: "success", description: res.data.message });
}

const PER_PAGE = 25;

export default function Logbooks() {
  const d = useLoaderData<typeof loader>();
  const a = useActionData<typeof action>();
  const hrefWith = useHrefWith();
  const close = hrefWith({ rename: null, confirm: null });
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Technical logbooks</h1>
          <p className={ui.pageLead}>
            MSN {d.header.msn}
            {d.header.registration ? ` · ${d.header.registration}` : ""} · {ACCESS_LABEL[d.header.access_type]}
          </p>
        </div>
        <div className={ui.row}>
          <Link to={`/client/Aeroops/aeroplane${d.ctx}`} className={ui.button.ghost}>
            Aircraft
          </Link>
          {d.canEdit ? (
            <Link to={`/client/Aeroops/createtechlogbook${d.ctx}`} className={ui.button.primary}>
              Create logbook
            </Link>
          ) : null}
        </div>
      </div>
      {a?.error && !d.renaming && !d.confirming ? (
        <p className={ui.alert.error} role="alert">
          {a.error}
        </p>
      ) : null}
      <ListTable empty={d.rows.length === 0} emptyText="No technical logbooks yet." label="Technical logbooks">
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Pages</th>
            <th scope="col" className={ui.hideSmall}>
              Created
            </th>
            {d.canEdit ? (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {d.rows.map((l) => (
            <tr key={l.log_book_id}>
              <td>
                <Link to={l.href}>
                  <strong>{l.title}</strong>
                </Link>
              </td>
              <td>{l.page_count}</td>
              <td className={`${ui.hideSmall} ${ui.nowrap}`}>{dayMonthYear(l.created_at)}</td>
              {d.canEdit ? (
                <td className={ui.row}>
                  <Link to={hrefWith({ rename: String(l.log_book_id) })} preventScrollReset className={`${ui.button.ghost} ${ui.buttonSmall}`} aria-label={`Rename ${l.title}`}>
                    Rename
                  </Link>
                  <Link to={hrefWith({ confirm: String(l.log_book_id) })} preventScrollReset className={`${ui.button.ghost} ${ui.buttonSmall}`} aria-label={`Delete ${l.title}`}>
                    Delete…
                  </Link>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </ListTable>
      <Pagination page={d.list.page} total={d.list.total} perPage={d.list.per_page} hrefFor={(p) => hrefWith({ page: String(p) })} noun="logbooks" />

      {d.renaming ? (
        <ModalDialog title="Rename the logbook" closeHref={close}>
          <Form method="post">
            <input type="hidden" name="log_book_id" value={d.renaming.log_book_id} />
            <ModalBody>
              {a?.error ? (
                <p className={ui.alert.error} role="alert">
                  {a.error}
                </p>
              ) : null}
              <div className={ui.field}>
                <label className={ui.label} htmlFor="lb-title">
                  Title
                </label>
                <input id="lb-title" name="title" defaultValue={d.renaming.title} required maxLength={200} className={ui.input} />
              </div>
            </ModalBody>
            <ModalFooter>
              <Link to={close} className={ui.button.ghost}>
                Cancel
              </Link>
              <button type="submit" className={ui.button.primary}>
                Save
              </button>
            </ModalFooter>
          </Form>
        </ModalDialog>
      ) : null}
      {d.confirming ? (
        <ModalDialog title={`Delete ${d.confirming.title}?`} subtitle={`Its ${d.confirming.page_count} pages go with it; this cannot be undone.`} closeHref={close}>
          <Form method="post">
            <input type="hidden" name="log_book_id" value={d.confirming.log_book_id} />
            <input type="hidden" name="intent" value="delete" />
            <ModalBody>
              {a?.error ? (
                <p className={ui.alert.error} role="alert">
                  {a.error}
                </p>
              ) : (
                <p>The logbook and all its pages are removed from MSN {d.header.msn} for everyone.</p>
              )}
            </ModalBody>
            <ModalFooter>
              <Link to={close} className={ui.button.ghost}>
                Cancel
              </Link>
              <button type="submit" className={ui.button.danger}>
                Delete logbook
              </button>
            </ModalFooter>
          </Form>
        </ModalDialog>
      ) : null}
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;

