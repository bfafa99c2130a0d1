// /client/Aeroops/createtechlogbook (spec 001 §2; issue 14): a new technical logbook of the aircraft in
// the URL (a title, unique per aircraft); then its pages open. Edit Access is needed.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { opsHandle } from "~/components/ops-tab-bar/ops-top-bar";
import * as ui from "~/components/ui/ui.css";
import * as logbooks from "~/models/logbooks.server";
import * as ops from "~/models/ops.server";
import { contextQuery, requireAircraftRef, requireOpsUser } from "~/models/ops-pages.server";
import { canWrite } from "~/models/roles";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = opsHandle;

export const meta: MetaFunction = () => [{ title: "Create technical logbook · AeroOPS · AeroRecords" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireOpsUser(request, context);
  const url = new URL(request.url);
  const ref = requireAircraftRef(url);
  const header = await ops.header(api, ref);
  if (!header.ok) throw new Response(header.error, { status: header.status });
  const ctx = contextQuery(url);
  if (!canWrite(header.data.access_type)) {
    throw await redirectWithToast(`/client/Aeroops/logbooks${ctx}`, { type: "error", description: "You have Read Access to this aircraft. Edit Access is needed to create logbooks." });
  }
  return { header: header.data, ctx, suggested: `Technical Logbook ${header.data.registration || header.data.msn} ${new Date().getUTCFullYear()}` };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireOpsUser(request, context);
  const url = new URL(request.url);
  const ref = requireAircraftRef(url);
  const title = String((await request.formData()).get("title") ?? "").trim();
  if (!title) return data({ error: "Enter the logbook's title.", title }, { status: 422 });
  if (title.length > 200) return data({ error: "A title has at most 200 characters.", title }, { status: 422 });
  const res = await logbooks.create(api, ref, title);
  if (!res.ok) return data({ error: res.error, title }, { status: 422 });
  return redirectWithToast(`${logbooks.pagesPath(res.data.logbook.log_book_id)}${contextQuery(url)}`, { type: "success", description: res.data.message });
}

export default function CreateLogbook() {
  const d = useLoaderData<typeof loader>();
  const a = useActionData<typeof action>();
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Create technical logbook</h1>
          <p className={ui.pageLead}>
            MSN {d.header.msn}
            {d.header.registration ? ` · ${d.header.registration}` : ""}
          </p>
        </div>
        <Link to={`/client/Aeroops/logbooks${d.ctx}`} className={ui.button.ghost}>
          Logbooks
        </Link>
      </div>
      <Form method="post" className={ui.card} style={{ maxWidth: 640 }}>
        {a?.error ? (
          <p className={ui.alert.error} role="alert">
            {a.error}
          </p>
        ) : null}
        <div className={ui.field}>
          <label className={ui.label} htmlFor="lb-title">
            Title
          </label>
          <input id="lb-title" name="title" defaultValue={a?.title ?? d.suggested} required maxLength={200} className={ui.input} />
          <span className={ui.hint}>Unique for this aircraft, e.g. the registration and the year.</span>
        </div>
        <button type="submit" className={ui.button.primary}>
          Create logbook
        </button>
      </Form>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;

