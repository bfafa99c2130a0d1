// A consultant's profile page (spec 000 §2, §3): its header and summary, the tabs, each tab's content
// and the consultant dialogs. The page of /consultant/profile/{id}/{tab} and of its documents tab
// (profile.$id.documents.tsx, with the upload island).
import { formFields, getFormProps, type SubmissionResult } from "~/components/ui/form-fields";
import type { SerializeFrom } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import {
  ApprovalBadge,
  ApprovalButtons,
  AvailabilityBadge,
  Avatar,
  LikeToggle,
  formatRate,
} from "~/components/consultant-card/consultant-card";
import * as card from "~/components/consultant-card/consultant-card.css";
import { ActionsHeader } from "~/components/data-table-simple/data-table-simple";
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
import { dayMonthYear } from "~/utils/dates";
import { ConsultantProfileFormConstraints } from "~/models/form-constraints/ConsultantProfileForm";
import { ProjectInputConstraints } from "~/models/form-constraints/ProjectInput";

import type { act, load } from "./__profile-data.server";
import { TAB_LABEL } from "./__profile-tabs";

type LoaderData = SerializeFrom<typeof load>;
type Consultant = LoaderData["consultant"];
type ActionData = { intent?: string; result?: SubmissionResult<string[]>; error?: string; ok?: boolean };

export function ProfilePage() {
  const data = useLoaderData<typeof load>();
  const actionData = useActionData<typeof act>() as ActionData | undefined;
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
    // With a script: the like toggle, the resume alert, the availability's end (app/plain/widgets/market.ts).
    <div data-plain="market">
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
              <Link to={dialogHref("availability")} className={ui.button.secondary} preventScrollReset>
                Set Your Availability
              </Link>
              <Link to={dialogHref("message")} className={ui.button.primary} preventScrollReset>
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
    </div>
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
            <Link to={dialogHref("availability")} className={`${ui.button.ghost} ${ui.buttonSmall}`} preventScrollReset>
              Set availability
            </Link>
            <Link to={dialogHref("notes")} className={`${ui.button.ghost} ${ui.buttonSmall}`} preventScrollReset>
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
  const [form, fields] = formFields({
    id: "profile",
    constraint: ConsultantProfileFormConstraints,
    lastResult,
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
  const chosenServices = new Set(
    ([] as unknown[]).concat(fields.services.initialValue ?? []).filter((v): v is string => typeof v === "string"),
  );
  return (
    <section className={ui.card} aria-labelledby="edit-title">
      <h2 id="edit-title" className={ui.cardTitle}>
        Your profile
      </h2>
      <Form method="post" {...getFormProps(form)} preventScrollReset>
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
            const sub = fields[t.subType];
            return (
              <div key={t.type} style={{ marginBottom: 12 }}>
                <label className={ui.row} style={{ gap: 8, fontWeight: 600 }}>
                  <input type="checkbox" name={typeField.name} value="1" defaultChecked={typeField.initialValue === "1"} />
                  {t.label}
                </label>
                {/* Shown only when the type applies ("1", CSS once the page has hydrated: profile-tabs.css);
                    without JS always shown, and the server clears it when the type is off. */}
                <div className={pt.subType} style={{ marginTop: 8 }}>
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
        <button type="submit" className={ui.button.primary}>
          Save profile
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
        <DocumentUpload kind="photo" label="Photo" action={here} consultantId={c.id} />
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
        <DocumentUpload kind="resume" label="Resume" action={here} consultantId={c.id} />
      </section>
    </div>
  );
}

/** Delete a project: a plain post; the action redirects back. */
function DeleteProject({ pid, title }: { pid: number; title: string }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="delete_project" />
      <input type="hidden" name="pid" value={pid} />
      <button type="submit" className={`${ui.button.ghost} ${ui.buttonSmall}`} aria-label={`Delete project ${title}`}>
        Delete
      </button>
    </Form>
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
  const [form, fields] = formFields({
    id: "add-project",
    constraint: ProjectInputConstraints,
    lastResult,
  });
  return (
    <section className={ui.card} aria-labelledby="add-project-title">
      <h2 id="add-project-title" className={ui.cardTitle}>
        Add a project
      </h2>
      <Form method="post" {...getFormProps(form)} preventScrollReset>
        <input type="hidden" name="intent" value="add_project" />
        <FormError id={form.errorId} errors={form.errors} />
        <div className={ui.grid} style={{ gap: "0 16px" }}>
          <Field label="Title" meta={fields.title} />
          <Field label="Client" meta={fields.client_name} />
          <Field label="Aircraft" meta={fields.aircraft} />
          <Field label="Service" meta={fields.service} list="project-services" />
          <Field label="Start date" meta={fields.start_date} type="date" />
          <Field label="End date" meta={fields.end_date} type="date" hint="Empty while it is ongoing." />
        </div>
        <datalist id="project-services">
          {CONSULTANT_SERVICES.map((sv) => (
            <option key={sv} value={sv} />
          ))}
        </datalist>
        <TextareaField label="Description" meta={fields.description} rows={3} />
        <button type="submit" className={ui.button.primary}>
          Add project
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

