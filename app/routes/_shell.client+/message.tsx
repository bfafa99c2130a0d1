// /client/message: the messages the viewer received and sent (GET /client/messages.json), and a form
// to write to a consultant (POST /client/message.json). The consultant is the one of ?to={id} (the
// cards' Message link) or one of the viewer's saved consultants. Clients, admins and members;
// consultants write to the administrators from their profile and get /errors/error-401 here.
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { formFields, getFormProps, type SubmissionResult } from "~/components/ui/form-fields";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { dateTimeUtc } from "~/utils/dates";
import { Pagination } from "~/components/pagination/pagination";
import { ProfileTabs } from "~/components/profile-tabs/profile-tabs";
import { ErrorList, FormError, TextareaField } from "~/components/ui/form";
import * as ui from "~/components/ui/ui.css";
import { CONSULTANT_MESSAGES } from "~/models/consultant-rules";
import { getProfile, listMessages, listSaved, sendToConsultant } from "~/models/consultant.server";
import { fieldErrorsOf, MARKET_ROLES } from "~/models/consultant-pages.server";
import { ClientMessageInput } from "~/models/schemas/consultant.server";
import { requireUser } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { ClientMessageInputConstraints } from "~/models/form-constraints/ClientMessageInput";

export const meta: MetaFunction = () => [{ title: "Messages · AeroRecords" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: MARKET_ROLES });
  const url = new URL(request.url);
  const box: Box = url.searchParams.get("box") === "sent" ? "sent" : "received";
  const page = Math.max(1, Math.min(100_000, Math.floor(Number(url.searchParams.get("page"))) || 1));
  const to = url.searchParams.get("to") ?? "";
  const [messages, recipient, saved] = await Promise.all([
    listMessages(api, page, PER_PAGE),
    /^\d{1,12}$/.test(to) ? getProfile(api, to).then((c) => ({ id: c.id, name: c.name })) : null,
    listSaved(api, 1, 100),
  ]);
  return {
    box,
    page,
    messages,
    recipient,
    choices: saved.consultants.map((c) => ({ id: c.id, name: c.name, place: [c.city, c.country].filter(Boolean).join(", ") })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: MARKET_ROLES });
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: ClientMessageInput });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const sent = await sendToConsultant(api, submission.value.consultant_id, submission.value.body);
  if (!sent.ok) return data({ result: submission.reply({ formErrors: [sent.error], fieldErrors: fieldErrorsOf(sent.errors) }) }, { status: 400 });
  return redirectWithToast("/client/message?box=sent", { type: "success", description: sent.message ?? CONSULTANT_MESSAGES.messageSent });
}

const PER_PAGE = 20;

const BOXES = ["received", "sent"] as const;

type Box = (typeof BOXES)[number];

function Compose({
  recipient,
  choices,
  lastResult,
}: {
  recipient: { id: number; name: string } | null;
  choices: { id: number; name: string; place: string }[];
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = formFields({
    id: "compose",
    constraint: ClientMessageInputConstraints,
    lastResult,
    defaultValue: { consultant_id: recipient ? String(recipient.id) : "" },
  });
  const options = recipient && !choices.some((c) => c.id === recipient.id) ? [{ ...recipient, place: "" }, ...choices] : choices;
  return (
    <section className={ui.card} aria-labelledby="compose-title" style={{ alignSelf: "start" }}>
      <h2 id="compose-title" className={ui.cardTitle}>
        Write to a consultant
      </h2>
      {options.length === 0 ? (
        <p className={ui.muted}>
          Like consultants on the <Link to="/client/dashboard">Contractor Dashboard</Link>, or use the Message link of a card, to write to them here.
        </p>
      ) : (
        <Form method="post" {...getFormProps(form)}>
          <FormError id={form.errorId} errors={form.errors} />
          <div className={ui.field}>
            <label className={ui.label} htmlFor={fields.consultant_id.id}>
              Consultant
            </label>
            <select
              id={fields.consultant_id.id}
              name={fields.consultant_id.name}
              defaultValue={recipient ? String(recipient.id) : ""}
              required
              className={ui.input}
              aria-invalid={fields.consultant_id.errors ? true : undefined}
              aria-describedby={fields.consultant_id.errors ? fields.consultant_id.errorId : undefined}
            >
              <option value="">Choose a consultant…</option>
              {options.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                  {c.place ? ` (${c.place})` : ""}
                </option>
              ))}
            </select>
            <ErrorList id={fields.consultant_id.errorId} errors={fields.consultant_id.errors} />
          </div>
          <TextareaField label="Message" meta={fields.body} rows={7} autoFocus={Boolean(recipient)} />
          <button type="submit" className={ui.button.primary}>
            Send message
          </button>
        </Form>
      )}
    </section>
  );
}

export default function MessagesPage() {
  const { box, page, messages, recipient, choices } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { result?: SubmissionResult<string[]> } | undefined;
  const location = useLocation();
  const list = box === "sent" ? messages.sent : messages.received;
  const total = box === "sent" ? messages.sent_total : messages.received_total;
  const tabHref = (b: Box) => {
    const q = new URLSearchParams(location.search);
    q.set("box", b);
    q.delete("page");
    return `${location.pathname}?${q}`;
  };
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Messages</h1>
          <p className={ui.pageLead}>Your conversations with consultants.</p>
        </div>
        <Link to="/client/dashboard" className={ui.button.secondary}>
          Contractor Dashboard
        </Link>
      </div>
      <div className={ui.split}>
        <Compose recipient={recipient} choices={choices} lastResult={actionData?.result} />
        <section aria-labelledby="inbox-title">
          <h2 id="inbox-title" className="visually-hidden">
            Messages
          </h2>
          <ProfileTabs
            label="Message boxes"
            current={box}
            tabs={[
              { key: "received", label: `Received (${messages.received_total})`, to: tabHref("received") },
              { key: "sent", label: `Sent (${messages.sent_total})`, to: tabHref("sent") },
            ]}
          />
          {list.length === 0 ? (
            <div className={ui.card}>
              <p className={ui.empty}>There&apos;s nothing here...</p>
            </div>
          ) : (
            <ol className={ui.stack} style={{ listStyle: "none", margin: 0, padding: 0 }} aria-label={box === "sent" ? "Sent messages" : "Received messages"}>
              {list.map((m) => (
                <li key={m.id} className={ui.card} style={{ padding: 16 }} data-message={m.id}>
                  <div className={ui.row} style={{ justifyContent: "space-between" }}>
                    <strong>
                      {box === "sent" ? `To ${m.to ? m.to.name : "the administrators"}` : `From ${m.from.name}`}
                      {m.consultant_name && m.consultant_name !== (box === "sent" ? m.to?.name : m.from.name) ? (
                        <span className={`${ui.small} ${ui.muted}`}> · about {m.consultant_name}</span>
                      ) : null}
                    </strong>
                    <time className={`${ui.small} ${ui.muted}`} dateTime={m.created_at}>
                      {dateTimeUtc(m.created_at)}
                    </time>
                  </div>
                  <p style={{ margin: "8px 0 0", whiteSpace: "pre-line" }}>{m.body}</p>
                  {box === "received" && m.consultant_id && m.from.id !== m.to?.id ? (
                    <p style={{ margin: "8px 0 0" }}>
                      <Link to={`/client/message?to=${m.consultant_id}`} className={ui.small}>
                        Reply
                      </Link>
                    </p>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
          <Pagination
            page={page}
            total={total}
            perPage={messages.per_page}
            noun="messages"
            label="Message pages"
            hrefFor={(p) => {
              const q = new URLSearchParams(location.search);
              q.set("page", String(p));
              return `${location.pathname}?${q}`;
            }}
          />
        </section>
      </div>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;

