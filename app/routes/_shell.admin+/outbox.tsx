// /admin/outbox: the demo's mailbox (GET /admin/mail_outbox.json). Every mail the portal sends
// (confirmations, resets, notices) is kept here, so a new user can finish registration and resets
// on a fresh machine. Admins see the links; members see links of their own mails only (the
// upstream redacts the rest).
import * as admin from "~/models/admin.server";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { ListPagination } from "~/components/admin/list-parts";
import { MailIcon } from "~/components/icons/mail";
import { SearchIcon } from "~/components/icons/search";
import { dateTimeUtc } from "~/utils/dates";
import { Linkified } from "~/components/ui/linkified";
import * as ui from "~/components/ui/ui.css";
import { requireUser, STAFF } from "~/utils/auth.server";

export const meta: MetaFunction = () => [{ title: "Mail outbox · AeroRecords" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STAFF });
  const url = new URL(request.url);
  const to = (url.searchParams.get("to") ?? "").trim().slice(0, 254);
  const page = Math.max(1, Math.min(100_000, Number(url.searchParams.get("page")) || 1));
  const data = await admin.listOutbox(api, { to, page, per_page: PER_PAGE });
  return { to, ...data };
}

const PER_PAGE = 20;

export default function Outbox() {
  const { to, mails, total, page, per_page } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Mail outbox</h1>
          <p className={ui.pageLead}>Every mail the portal sent, newest first. In the demo this is where confirmation and reset links arrive.</p>
        </div>
      </div>
      <Form method="get" className={ui.filterBar} role="search">
        <div className={ui.field} style={{ flex: "1 1 280px" }}>
          <label className={ui.label} htmlFor="outbox-to">
            Recipient
          </label>
          <input id="outbox-to" name="to" type="search" defaultValue={to} className={ui.input} placeholder="name@example.com" maxLength={254} />
        </div>
        <button type="submit" className={ui.button.secondary}>
          <SearchIcon /> Filter
        </button>
        {to ? (
          <Link to={location.pathname} className={ui.button.ghost}>
            Clear
          </Link>
        ) : null}
      </Form>
      {mails.length === 0 ? (
        <div className={ui.card}>
          <p className={ui.empty}>{to ? `No mail to "${to}".` : "No mail yet."}</p>
        </div>
      ) : (
        <ol className={ui.stack} style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label="Mails">
          {mails.map((m) => (
            <li key={m.id} className={ui.card} style={{ padding: 20 }} data-mail-id={m.id} data-mail-to={m.to_address}>
              <div className={ui.row} style={{ justifyContent: "space-between", marginBottom: 8 }}>
                <strong style={{ display: "inline-flex", gap: 8, alignItems: "center" }}>
                  <MailIcon /> {m.subject}
                </strong>
                <span className={`${ui.small} ${ui.muted}`}>{dateTimeUtc(m.created_at)}</span>
              </div>
              <div className={`${ui.small} ${ui.muted}`} style={{ marginBottom: 12 }}>
                To {m.to_address} ·{" "}
                {m.error ? (
                  <span className={`${ui.badge} ${ui.badgeTone.danger}`} title={m.error}>
                    Not delivered
                  </span>
                ) : m.sent_at ? (
                  <span className={`${ui.badge} ${ui.badgeTone.success}`}>Sent</span>
                ) : (
                  <span className={`${ui.badge} ${ui.badgeTone.neutral}`}>Kept in the outbox</span>
                )}
              </div>
              <div style={{ whiteSpace: "pre-wrap", wordBreak: "break-word", maxHeight: 320, overflowY: "auto" }} data-mail-body="">
                <Linkified text={m.text} />
              </div>
            </li>
          ))}
        </ol>
      )}
      {total > 0 ? <ListPagination page={page} total={total} perPage={per_page} noun="mails" /> : null}
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
