// /consultant/profile/{id}/{tab}: overview, documents, projects, resume (spec 000 §2, §3).
//   - The consultant sees and edits only their own profile (another id: /errors/error-401) and is sent
//     to the page of their onboarding stage first (spec §4). Their dialogs: Send Message and Set Your
//     Availability. The resume tab is for admin viewing: a consultant manages the resume under Documents.
//   - Admins and members view any consultant (admin URLs, spec §6) with the staff controls: Approve,
//     Disapprove, Set Availability, Set Notes and Rates, like, delete projects, photo/resume uploads.
//   - Clients use the marketplace cards, not this page.
import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from "~/components/ui/form-state";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type SerializeFrom } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { z } from "zod";
import {
  ApprovalBadge,
  ApprovalButtons,
  AvailabilityBadge,
  Avatar,
  LikeToggle,
  formatRate,
} from "~/components/consultant-card/consultant-card";
import * as card from "~/components/consultant-card/consultant-card.css";
import { useMarketMarkup } from "~/components/consultant-card/market-markup";
import { ActionsHeader } from "~/components/data-table-simple/data-table-simple";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { MailIcon } from "~/components/icons/mail";
import { PhoneIcon } from "~/components/icons/phone";
import { PinIcon } from "~/components/icons/pin";
import { AvailabilityDialog, NotesAndRatesDialog, SendMessageDialog } from "~/components/modal-dialog/consultant-dialogs";
import { withoutDialog } from "~/models/consultant-dialogs";
import { Pagination } from "~/components/pagination/pagination";
import { DocumentUpload } from "~/components/profile-tabs/document-upload";
import { ProfileTabs } from "~/components/profile-tabs/profile-tabs";
import * as pt from "~/components/profile-tabs/profile-tabs.css";
import { StarRating } from "~/components/star-rating/star-rating";
import { Field, FormError, TextareaField } from "~/components/ui/form";
import * as ui from "~/components/ui/ui.css";
import { CONSULTANT_MESSAGES, CONSULTANT_SERVICES, CONSULTANT_TYPES, PROFILE_TABS } from "~/models/consultant-rules";
import { AvailabilitySchema, SendMessageSchema } from "~/models/schemas/consultant-dialogs.server";
import { addProject, deleteProject, getProfile, getUploadLink, listProjects, sendToAdmins, updateProfile, ERROR_401 } from "~/models/consultant.server";
import { done, fieldErrorsOf, isMarketIntent, nextForStage, PROFILE_VIEWER_ROLES, requireConsultantViewer, requireIdParam, runMarketIntent } from "~/models/consultant-pages.server";
import { streamProfileUpload } from "~/models/consultant-upload.server";
import { ConsultantProfileForm, ProjectInput } from "~/models/schemas/consultant.server";
import { dayMonthYear } from "~/utils/dates";
import { redirectWithToast } from "~/utils/toast.server";
import { ConsultantProfileFormConstraints } from "~/models/form-constraints/ConsultantProfileForm";
import { ProjectInputConstraints } from "~/models/form-constraints/ProjectInput";

type Tab = (typeof PROFILE_TABS)[number];
const TAB_LABEL: Record<Tab, string> = { overview: "Overview", documents: "Documents", projects: "Projects", resume: "Resume" };
const PROJECTS_PER_PAGE = 10;



export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `${data.consultant.name || "Consultant"} · ${TAB_LABEL[data.tab]}` : "Consultant profile"} · AeroRecords` },
];

function parseTab(tab: string | undefined): Tab {
  if (!tab || !(PROFILE_TABS as readonly string[]).includes(tab)) throw redirect("/page/page-404");
  return tab as Tab;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = requireIdParam(params.id);
  const tab = parseTab(params.tab);
  // Clients browse the marketplace's profiles too (spec 000 §1); the API answers their "market" view.
  const viewer = await requireConsultantViewer(request, context, { id, roles: PROFILE_VIEWER_ROLES });
  const self = viewer.own !== null;
  // The resume tab is for admin viewing; the consultant manages their resume under Documents.
  if (self && tab === "resume") throw redirect(`/consultant/profile/${id}/documents`);
  if (!self && !viewer.staff && tab === "resume") throw redirect(`/consultant/profile/${id}/overview`);
  const url = new URL(request.url);
  const page = Math.max(1, Math.min(100_000, Number(url.searchParams.get("page")) || 1));
  const [consultant, projects] = await Promise.all([
    viewer.own ? viewer.own.consultant : getProfile(viewer.api, id),
    tab === "projects" ? listProjects(viewer.api, id, page, PROJECTS_PER_PAGE) : null,
  ]);
  const requested = url.searchParams.get("dialog");
  const dialog =
    (self && (requested === "message" || requested === "availability")) || (viewer.staff && (requested === "availability" || requested === "notes")) ? requested : null;
  return json({ consultant, tab, self, staff: viewer.staff, projects, dialog });
}

type LoaderData = SerializeFrom<typeof loader>;
type Consultant = LoaderData["consultant"];
type ActionData = { intent?: string; result?: SubmissionResult<string[]>; error?: string; ok?: boolean };

export async function action({ request, context, params }: ActionFunctionArgs) {
  const id = requireIdParam(params.id);
  const tab = parseTab(params.tab);
  const viewer = await requireConsultantViewer(request, context, { id, onboarding: false, roles: PROFILE_VIEWER_ROLES });
  const self = viewer.own !== null;
  const here = `/consultant/profile/${id}/${tab}`;
  const url = new URL(request.url);

  // The no-JS upload: a multipart form, streamed into the blob store (never read whole).
  if ((request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    const r = await streamProfileUpload(request, context, viewer.api, Number(id));
    const to = `/consultant/profile/${id}/documents`;
    return r.ok ? redirectWithToast(to, { type: "success", description: r.message }) : redirectWithToast(to, { type: "error", description: r.error });
  }

  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");

  // Staff: the marketplace controls (approve, disapprove, availability, notes and rates, like).
  if (!self && isMarketIntent(intent)) {
    return runMarketIntent(viewer, form, { fallback: here, dialogFallback: withoutDialog(url) });
  }

  switch (intent) {
    case "save_profile": {
      if (!self) throw redirect(ERROR_401);
      const submission = parseWithZod(form, { schema: ConsultantProfileForm });
      if (submission.status !== "success") return json({ intent, result: submission.reply() }, { status: 400 });
      const saved = await updateProfile(viewer.api, id, submission.value);
      if (!saved.ok) return json({ intent, result: submission.reply({ formErrors: [saved.error], fieldErrors: fieldErrorsOf(saved.errors) }) }, { status: 400 });
      const c = saved.data.data.consultant;
      return redirectWithToast(nextForStage(c, here), { type: "success", description: saved.message ?? CONSULTANT_MESSAGES.profileSaved });
    }
    case "message": {
      if (!self) throw redirect(ERROR_401);
      const submission = parseWithZod(form, { schema: SendMessageSchema });
      if (submission.status !== "success") return json({ intent, result: submission.reply() }, { status: 400 });
      const sent = await sendToAdmins(viewer.api, id, submission.value.message_to_admin);
      if (!sent.ok) return json({ intent, result: submission.reply({ formErrors: [sent.error] }) }, { status: 400 });
      return redirectWithToast(withoutDialog(url), { type: "success", description: sent.message ?? CONSULTANT_MESSAGES.messageToAdminSent });
    }
    case "availability": {
      // The consultant's own dates (the available / not available status is the administrators').
      if (!self) throw redirect(ERROR_401);
      const submission = parseWithZod(form, { schema: AvailabilitySchema });
      if (submission.status !== "success") return json({ intent, result: submission.reply() }, { status: 400 });
      const saved = await updateProfile(viewer.api, id, submission.value);
      if (!saved.ok) return json({ intent, result: submission.reply({ formErrors: [saved.error], fieldErrors: fieldErrorsOf(saved.errors) }) }, { status: 400 });
      return redirectWithToast(withoutDialog(url), { type: "success", description: saved.message ?? CONSULTANT_MESSAGES.profileSaved });
    }
    case "upload_link": {
      // Asked for by the upload island (JSON); the consultant or staff.
      const kind = form.get("kind");
      if (kind !== "photo" && kind !== "resume") return json({ error: "Choose what to upload." }, { status: 422 });
      const link = await getUploadLink(viewer.api, id, kind);
      if (!link.ok) return json({ error: link.error }, { status: 422 });
      return json(link.data, { headers: { "Cache-Control": "no-store" } });
    }
    case "save_upload": {
      const kind = form.get("kind");
      const key = String(form.get("key") ?? "");
      if ((kind !== "photo" && kind !== "resume") || !key) return json({ intent, ok: false, error: "Upload a file first." }, { status: 400 });
      const saved = await updateProfile(viewer.api, id, kind === "photo" ? { photo_key: key } : { resume_key: key });
      if (!saved.ok) return json({ intent, ok: false, error: saved.error }, { status: 400 });
      return done(form, `/consultant/profile/${id}/documents`, { type: "success", description: saved.message ?? CONSULTANT_MESSAGES.profileSaved });
    }
    case "add_project": {
      if (!self) throw redirect(ERROR_401);
      const submission = parseWithZod(form, { schema: ProjectInput });
      if (submission.status !== "success") return json({ intent, result: submission.reply() }, { status: 400 });
      const added = await addProject(viewer.api, id, submission.value);
      if (!added.ok) return json({ intent, result: submission.reply({ formErrors: [added.error], fieldErrors: fieldErrorsOf(added.errors) }) }, { status: 400 });
      return redirectWithToast(`/consultant/profile/${id}/projects`, { type: "success", description: added.message ?? CONSULTANT_MESSAGES.projectAdded });
    }
    case "delete_project": {
      const pid = Number(form.get("pid"));
      if (!Number.isSafeInteger(pid) || pid <= 0) return json({ intent, ok: false, error: "Choose a project." }, { status: 400 });
      const deleted = await deleteProject(viewer.api, id, pid);
      const back = `/consultant/profile/${id}/projects${url.search}`;
      return deleted.ok
        ? done(form, back, { type: "success", description: deleted.message ?? CONSULTANT_MESSAGES.projectDeleted })
        : done(form, back, { type: "error", description: deleted.error });
    }
    default:
      if (self && isMarketIntent(intent)) throw redirect(ERROR_401);
      return json({ intent, ok: false, error: "Unknown action." }, { status: 400 });
  }
}

// ---------------------------------------------------------------------------------------------

export default function ConsultantProfilePage() {
  useMarketMarkup(); // the like toggle, the resume alert, the availability's end (market-markup.ts)
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const location = useLocation();
  const { consultant: c, tab, self, staff, dialog } = data;
  const here = `${location.pathname}${location.search}`;
  const closeHref = withoutDialog(here);
  const dialogHref = (name: string) => {
    const q = new URLSearchParams(location.search);
    q.set("dialog", name);
    return `${location.pathname}?${q}`;
  };
  const tabs = (staff ? PROFILE_TABS : (["overview", "documents", "projects"] as const)).map((t) => ({
    key: t,
    label: TAB_LABEL[t],
    to: `/consultant/profile/${c.id}/${t}`,
  }));
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);

  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          {staff ? (
            <p className={`${ui.small} ${ui.muted}`} style={{ margin: 0 }}>
              <Link to="/client/dashboard">Contractor Dashboard</Link> › Consultant profile
            </p>
          ) : null}
          <h1 className={ui.pageTitle}>{self ? "My profile" : c.name || "Consultant profile"}</h1>
          <p className={ui.pageLead}>{self ? "What clients and administrators see about you." : "The consultant's profile, documents and projects."}</p>
        </div>
        <div className={ui.row}>
          {self ? (
            <>
              <Link to={dialogHref("availability")} className={ui.button.secondary} preventScrollReset data-keep-scroll="">
                Set Your Availability
              </Link>
              <Link to={dialogHref("message")} className={ui.button.primary} preventScrollReset data-keep-scroll="">
                Send Message
              </Link>
            </>
          ) : null}
        </div>
      </div>

      <ProfileSummary c={c} staff={staff} here={here} dialogHref={dialogHref} />

      <ProfileTabs label="Profile sections" tabs={tabs} current={tab} />

      {tab === "overview" ? self ? <ProfileForm c={c} lastResult={resultFor("save_profile")} /> : <ProfileDetails c={c} /> : null}
      {tab === "documents" ? <Documents c={c} here={here} /> : null}
      {tab === "projects" && data.projects ? <Projects data={data.projects} self={self} staff={staff} consultantId={c.id} lastResult={resultFor("add_project")} /> : null}
      {tab === "resume" ? <Resume c={c} /> : null}

      {dialog === "message" ? (
        <SendMessageDialog action={here} closeHref={closeHref} consultant={{ id: c.id, name: c.name }} actionResult={resultFor("message")} />
      ) : null}
      {dialog === "availability" ? (
        <AvailabilityDialog
          action={here}
          closeHref={closeHref}
          consultant={{ id: c.id, name: c.name }}
          actionResult={resultFor("availability")}
          staff={staff}
          defaults={{ available_start_date: c.available_start_date, available_end_date: c.available_end_date, availability_status: c.availability_status }}
        />
      ) : null}
      {dialog === "notes" ? (
        <NotesAndRatesDialog
          action={here}
          closeHref={closeHref}
          consultant={{ id: c.id, name: c.name }}
          actionResult={resultFor("notes")}
          defaults={{ comment_by_admin: c.comment_by_admin ?? "", daily_rate_onsite: c.daily_rate_onsite ?? null, daily_rate_offsite: c.daily_rate_offsite ?? null }}
        />
      ) : null}
    </>
  );
}

function ProfileSummary({ c, staff, here, dialogHref }: { c: Consultant; staff: boolean; here: string; dialogHref: (n: string) => string }) {
  const place = [c.city, c.country].filter(Boolean).join(", ");
  return (
    <section className={ui.card} aria-label="Profile summary" style={{ marginBottom: 24 }}>
      <div className={card.head}>
        <Avatar name={c.name} url={c.photo.url} size={72} />
        <div className={card.who}>
          <h2 className={card.name}>{c.name || "Name not set"}</h2>
          <p className={card.place}>
            <PinIcon size={14} /> {place || "Location not set"}
          </p>
          <StarRating rating={c.average_rating} count={c.rating_count} />
          <div className={card.badges} style={{ marginTop: 6 }}>
            <ApprovalBadge status={c.approval_status} />
            <AvailabilityBadge status={c.availability_status} start={c.available_start_date} end={c.available_end_date} />
          </div>
        </div>
      </div>
      <dl className={ui.dl} style={{ marginTop: 16 }}>
        {c.email ? (
          <>
            <dt>
              <MailIcon size={14} /> E-mail
            </dt>
            <dd>{c.email}</dd>
          </>
        ) : null}
        <dt>
          <PhoneIcon size={14} /> Phone
        </dt>
        <dd>
          {c.phone_number_with_country_code || <span className={ui.muted}>Not set</span>}{" "}
          {c.phone_number_with_country_code ? (
            <span className={`${ui.badge} ${ui.badgeTone[c.phone_verified ? "success" : "warning"]}`}>{c.phone_verified ? "Verified" : "Not verified"}</span>
          ) : null}
        </dd>
        {!staff && c.availability_status === null && (c.available_start_date || c.available_end_date) ? (
          <>
            <dt>Your dates</dt>
            <dd>
              {dayMonthYear(c.available_start_date) || "—"} – {dayMonthYear(c.available_end_date) || "open"}
            </dd>
          </>
        ) : null}
      </dl>
      {staff ? (
        <>
          <div className={card.notes} style={{ marginTop: 16 }} data-notes="">
            <span className={card.notesTitle}>Notes and rates</span>
            {c.comment_by_admin || "No notes yet."}
            <dl className={card.facts} style={{ marginTop: 4 }}>
              <dt>Onsite</dt>
              <dd data-rate="onsite">{formatRate(c.daily_rate_onsite)}</dd>
              <dt>Offsite</dt>
              <dd data-rate="offsite">{formatRate(c.daily_rate_offsite)}</dd>
            </dl>
          </div>
          {c.message_to_admin ? (
            <div className={ui.alert.info} style={{ marginTop: 16, marginBottom: 0 }}>
              <span>
                <strong>Message to the administrators:</strong> {c.message_to_admin}
              </span>
            </div>
          ) : null}
          <div className={card.staffActions} role="group" aria-label={`Manage ${c.name}`} style={{ marginTop: 16 }}>
            <ApprovalButtons id={c.id} name={c.name} status={c.approval_status} action={here} redirectTo={here} />
            <Link to={dialogHref("availability")} className={`${ui.button.ghost} ${ui.buttonSmall}`} preventScrollReset data-keep-scroll="">
              Set availability
            </Link>
            <Link to={dialogHref("notes")} className={`${ui.button.ghost} ${ui.buttonSmall}`} preventScrollReset data-keep-scroll="">
              Set notes and rates
            </Link>
            {c.stage === "account_locked" ? (
              <Link to={`/consultant/settings/${c.id}/activate`} className={`${ui.button.ghost} ${ui.buttonSmall}`}>
                Unlock…
              </Link>
            ) : (
              <Link to={`/consultant/settings/${c.id}/${c.active ? "deactivate" : "activate"}`} className={`${ui.button.ghost} ${ui.buttonSmall}`}>
                {c.active ? "Deactivate…" : "Activate…"}
              </Link>
            )}
            <span className={card.spacer} />
            <LikeToggle id={c.id} name={c.name} liked={c.liked} action={here} redirectTo={here} />
          </div>
        </>
      ) : null}
    </section>
  );
}

function ProfileDetails({ c }: { c: Consultant }) {
  return (
    <section className={ui.card} aria-labelledby="details-title">
      <h2 id="details-title" className={ui.cardTitle}>
        Profile
      </h2>
      <dl className={ui.dl}>
        <dt>Summary</dt>
        <dd style={{ whiteSpace: "pre-line" }}>{c.summary || <span className={ui.muted}>Not written yet</span>}</dd>
        {CONSULTANT_TYPES.map((t) => (
          <div key={t.type} style={{ display: "contents" }}>
            <dt>{t.label}</dt>
            <dd>{c[t.type] === "1" ? c[t.subType] || "Yes (no types listed)" : <span className={ui.muted}>No</span>}</dd>
          </div>
        ))}
        <dt>Services</dt>
        <dd>{c.services.length ? c.services.join(", ") : <span className={ui.muted}>None chosen</span>}</dd>
        <dt>Stage</dt>
        <dd>{c.stage.replace(/_/g, " ")}</dd>
        <dt>Profile</dt>
        <dd>{c.active ? "Active (listed in the marketplace)" : "Deactivated (hidden from clients)"}</dd>
      </dl>
    </section>
  );
}

function ProfileForm({ c, lastResult }: { c: Consultant; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: "profile",
    constraint: ConsultantProfileFormConstraints,
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    defaultValue: {
      name: c.name,
      city: c.city,
      country: c.country,
      summary: c.summary,
      aircraft_type: c.aircraft_type === "1" ? "1" : undefined,
      aircraft_sub_type: c.aircraft_sub_type,
      helicopter_type: c.helicopter_type === "1" ? "1" : undefined,
      helicopter_sub_type: c.helicopter_sub_type,
      power_plant_type: c.power_plant_type === "1" ? "1" : undefined,
      power_plant_sub_type: c.power_plant_sub_type,
      services: c.services,
    },
  });
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "save_profile";
  const chosenServices = new Set(
    ([] as unknown[]).concat(fields.services.value ?? []).filter((v): v is string => typeof v === "string"),
  );
  return (
    <section className={ui.card} aria-labelledby="edit-title">
      <h2 id="edit-title" className={ui.cardTitle}>
        Your profile
      </h2>
      <Form method="post" {...getFormProps(form)} preventScrollReset data-keep-scroll="">
        <input type="hidden" name="intent" value="save_profile" />
        <FormError id={form.errorId} errors={form.errors} />
        <div className={ui.grid} style={{ gap: "0 16px" }}>
          <Field label="Name" meta={fields.name} autoComplete="name" />
          <Field label="City" meta={fields.city} autoComplete="address-level2" />
          <Field label="Country" meta={fields.country} autoComplete="country-name" />
        </div>
        <TextareaField label="Summary" meta={fields.summary} rows={5} hint="Your experience in a few lines: clients read this first." />
        <fieldset className={ui.field} style={{ border: 0, padding: 0, margin: "0 0 16px" }}>
          <legend className={ui.label} style={{ marginBottom: 8 }}>
            Experience
          </legend>
          {CONSULTANT_TYPES.map((t) => {
            const typeField = fields[t.type];
            const checked = typeField.value === "1";
            const sub = fields[t.subType];
            return (
              <div key={t.type} style={{ marginBottom: 12 }}>
                <label className={ui.row} style={{ gap: 8, fontWeight: 600 }}>
                  <input type="checkbox" name={typeField.name} value="1" defaultChecked={typeField.initialValue === "1"} />
                  {t.label}
                </label>
                {/* Shown only when the type applies ("1"); without JS always shown, and the server clears it when the type is off. */}
                <div hidden={hydrated && !checked} style={{ marginTop: 8 }}>
                  <Field label={`${t.label} types`} meta={sub} hint="Comma-separated, e.g. A320 Family, B737NG." />
                </div>
              </div>
            );
          })}
        </fieldset>
        <fieldset style={{ border: 0, padding: 0, margin: "0 0 16px" }}>
          <legend className={ui.label} style={{ marginBottom: 8 }}>
            Services
          </legend>
          <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(190px, 1fr))", gap: 8 }}>
            {CONSULTANT_SERVICES.map((sv) => (
              <label key={sv} className={ui.choice} style={{ padding: "8px 12px" }}>
                <input type="checkbox" name={fields.services.name} value={sv} defaultChecked={chosenServices.has(sv)} />
                <span>{sv}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <p className={`${ui.small} ${ui.muted}`}>
          Your phone number is changed and verified under <Link to={`/consultant/settings/${c.id}/phone`}>Settings → Phone</Link>.
        </p>
        <button type="submit" className={ui.button.primary} disabled={busy}>
          {busy ? "Saving…" : "Save profile"}
        </button>
      </Form>
    </section>
  );
}

function Documents({ c, here }: { c: Consultant; here: string }) {
  return (
    <div className={ui.grid}>
      <section className={pt.uploadBox} aria-labelledby="photo-title">
        <h2 id="photo-title" className={ui.cardTitle} style={{ margin: 0 }}>
          Photo
        </h2>
        {c.photo.url ? <img src={c.photo.url} alt={`Photo of ${c.name}`} className={pt.preview} width={120} height={120} /> : <p className={ui.muted}>No photo yet.</p>}
        <DocumentUpload
          kind="photo"
          label="Photo"
          action={here}
        />
      </section>
      <section className={pt.uploadBox} aria-labelledby="resume-title">
        <h2 id="resume-title" className={ui.cardTitle} style={{ margin: 0 }}>
          Resume
        </h2>
        {c.resume_edited.url ? (
          <p style={{ margin: 0 }}>
            <a href={c.resume_edited.url} className={ui.button.secondary} download>
              Download resume
            </a>
          </p>
        ) : (
          <div role="alert" className={ui.alert.warning} style={{ marginBottom: 0 }}>
            {CONSULTANT_MESSAGES.resumeMissing}
          </div>
        )}
        <DocumentUpload
          kind="resume"
          label="Resume"
          action={here}
        />
      </section>
    </div>
  );
}

function DeleteProject({ pid, title }: { pid: number; title: string }) {
  const fetcher = useFetcher({ key: `delete-project-${pid}` });
  const hydrated = useHydrated();
  return (
    <fetcher.Form method="post" preventScrollReset data-keep-scroll="">
      <input type="hidden" name="intent" value="delete_project" />
      <input type="hidden" name="pid" value={pid} />
      {hydrated ? <input type="hidden" name="_js" value="1" /> : null}
      <button type="submit" className={`${ui.button.ghost} ${ui.buttonSmall}`} aria-label={`Delete project ${title}`} disabled={fetcher.state !== "idle"}>
        {fetcher.state !== "idle" ? "Deleting…" : "Delete"}
      </button>
    </fetcher.Form>
  );
}

function Projects({
  data,
  self,
  staff,
  consultantId,
  lastResult,
}: {
  data: NonNullable<LoaderData["projects"]>;
  self: boolean;
  staff: boolean;
  consultantId: number;
  lastResult?: SubmissionResult<string[]>;
}) {
  const canDelete = self || staff;
  return (
    <div className={ui.stack}>
      <section className={ui.tableWrap} aria-labelledby="projects-title">
        <h2 id="projects-title" className={ui.cardTitle} style={{ padding: "16px 16px 0" }}>
          Projects
        </h2>
        {data.projects.length === 0 ? (
          <p className={ui.empty}>There's nothing here...</p>
        ) : (
          <table className={ui.table}>
            <thead>
              <tr>
                <th scope="col">Project</th>
                <th scope="col">Client</th>
                <th scope="col">Service</th>
                <th scope="col">Dates</th>
                {canDelete ? (
                  <ActionsHeader />
                ) : null}
              </tr>
            </thead>
            <tbody>
              {data.projects.map((p) => (
                <tr key={p.id}>
                  <td>
                    <strong>{p.title}</strong>
                    {p.aircraft ? <div className={`${ui.small} ${ui.muted}`}>{p.aircraft}</div> : null}
                    {p.description ? <div className={ui.small}>{p.description}</div> : null}
                  </td>
                  <td>{p.client_name}</td>
                  <td>{p.service}</td>
                  <td className={ui.muted} style={{ whiteSpace: "nowrap" }}>
                    {dayMonthYear(p.start_date)} – {p.end_date ? dayMonthYear(p.end_date) : "ongoing"}
                  </td>
                  {canDelete ? (
                    <td>
                      <DeleteProject pid={p.id} title={p.title} />
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <div style={{ padding: "0 16px 16px" }}>
          <Pagination
            page={data.page}
            total={data.total}
            perPage={data.per_page}
            noun="projects"
            hrefFor={(p) => `/consultant/profile/${consultantId}/projects?page=${p}`}
          />
        </div>
      </section>
      {self ? <AddProject lastResult={lastResult} /> : null}
    </div>
  );
}

function AddProject({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "add-project",
    constraint: ProjectInputConstraints,
    lastResult: navigation.state === "idle" ? lastResult : undefined,
  });
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "add_project";
  return (
    <section className={ui.card} aria-labelledby="add-project-title">
      <h2 id="add-project-title" className={ui.cardTitle}>
        Add a project
      </h2>
      <Form method="post" {...getFormProps(form)} preventScrollReset data-keep-scroll="">
        <input type="hidden" name="intent" value="add_project" />
        <FormError id={form.errorId} errors={form.errors} />
        <div className={ui.grid} style={{ gap: "0 16px" }}>
          <Field label="Title" meta={fields.title} />
          <Field label="Client" meta={fields.client_name} />
          <Field label="Aircraft" meta={fields.aircraft} />
          <Field label="Service" meta={fields.service} list="project-services" />
          <Field label="Start date" meta={fields.start_date} type="date" />
          <Field label="End date" meta={fields.end_date as FieldMetadata<string | null | undefined>} type="date" hint="Empty while it is ongoing." />
        </div>
        <datalist id="project-services">
          {CONSULTANT_SERVICES.map((sv) => (
            <option key={sv} value={sv} />
          ))}
        </datalist>
        <TextareaField label="Description" meta={fields.description} rows={3} />
        <button type="submit" className={ui.button.primary} disabled={busy}>
          {busy ? "Adding…" : "Add project"}
        </button>
      </Form>
    </section>
  );
}

function Resume({ c }: { c: Consultant }) {
  return (
    <section className={ui.card} aria-labelledby="resume-view-title">
      <h2 id="resume-view-title" className={ui.cardTitle}>
        Resume
      </h2>
      {c.resume_edited.url ? (
        <>
          <p>The resume of {c.name}, as the consultant uploaded it.</p>
          <a href={c.resume_edited.url} className={ui.button.primary} download>
            Download resume
          </a>
        </>
      ) : (
        <div role="alert" className={ui.alert.warning} style={{ marginBottom: 0 }}>
          {CONSULTANT_MESSAGES.resumeMissing}
        </div>
      )}
    </section>
  );
}

export const ErrorBoundary = PageErrorBoundary;
