// /consultant/home: the consultant's landing (spec 000 §2, §3): GET /consultant/landing.json, which
// answers the profile and the last five projects. Consultant calls: a 401 ends the session, any
// other failure goes to /errors/error-500 (spec 000 §8).
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { StarIcon } from "~/components/icons/star";
import * as ui from "~/components/ui/ui.css";
import { APPROVAL_LABEL, availabilityLabel, onboardingRedirect, RATING_MAX } from "~/models/consultant-rules";
import { ownLandingResult } from "~/models/consultant.server";
import { LandingAnswer } from "~/models/schemas/consultant.server";
import { requireUser } from "~/utils/auth.server";
import { dayMonthYear } from "~/utils/dates";
import { endSession } from "~/utils/sign-in.server";

export const meta: MetaFunction = () => [{ title: "Home · AeroRecords" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: ["consultant"] });
  const answer = await ownLandingResult(api);
  if (!answer.ok) {
    if (answer.status === 401 || answer.status === 403) {
      const url = new URL(request.url);
      throw await endSession(request, `/auth/login?${new URLSearchParams({ redirectTo: url.pathname })}`, { type: "error", description: answer.error });
    }
    throw redirect("/errors/error-500");
  }
  const parsed = LandingAnswer.safeParse(answer.data);
  if (!parsed.success) throw redirect("/errors/error-500");
  const { consultant, last_five_project } = parsed.data.data;
  // Onboarding not finished: the page of the stage first (spec 000 §4), as on every consultant page.
  const onboarding = onboardingRedirect(consultant);
  if (onboarding) throw redirect(onboarding);
  return { consultant, projects: last_five_project, onboarding };
}

const APPROVAL_TONE = { verified: "success", disapproved: "danger", undecided: "neutral" } as const;

export default function ConsultantHomeRoute() {
  const { consultant: c, projects, onboarding } = useLoaderData<typeof loader>();
  const location = [c.city, c.country].filter(Boolean).join(", ");
  const types = [
    c.aircraft_type === "1" ? `Aircraft${c.aircraft_sub_type ? `: ${c.aircraft_sub_type}` : ""}` : null,
    c.helicopter_type === "1" ? `Helicopter${c.helicopter_sub_type ? `: ${c.helicopter_sub_type}` : ""}` : null,
    c.power_plant_type === "1" ? `Power plant${c.power_plant_sub_type ? `: ${c.power_plant_sub_type}` : ""}` : null,
  ].filter(Boolean);
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Welcome{c.name ? `, ${c.name.split(" ")[0]}` : ""}</h1>
          <p className={ui.pageLead}>Your profile as clients see it, and your latest projects.</p>
        </div>
        <div className={ui.row}>
          <Link to={`/consultant/profile/${c.id}/overview`} className={ui.button.secondary}>
            View profile
          </Link>
          <Link to={`/consultant/settings/${c.id}/general`} className={ui.button.primary}>
            Edit settings
          </Link>
        </div>
      </div>

      {onboarding ? (
        <div className={ui.alert.info} role="status">
          <span>
            Your profile is not complete yet. <Link to={onboarding}>Continue where you left off</Link> so that clients can find you.
          </span>
        </div>
      ) : null}

      <div className={ui.split}>
        <section className={ui.card} aria-labelledby="profile-title">
          <div style={{ display: "flex", gap: 16, alignItems: "center", marginBottom: 16 }}>
            {c.photo.url ? (
              <img src={c.photo.url} alt="" width={64} height={64} style={{ borderRadius: "50%", objectFit: "cover" }} />
            ) : (
              <span
                aria-hidden="true"
                style={{ width: 64, height: 64, borderRadius: "50%", background: "#e8f1fb", color: "#0b4f8a", display: "grid", placeItems: "center", fontWeight: 700, fontSize: 22 }}
              >
                {(c.name || "?").slice(0, 1).toUpperCase()}
              </span>
            )}
            <div>
              <h2 id="profile-title" className={ui.cardTitle} style={{ margin: 0 }}>
                {c.name || "Your name is not set"}
              </h2>
              <div className={ui.muted}>{location || "Location not set"}</div>
            </div>
          </div>
          <dl className={ui.dl}>
            <dt>Approval</dt>
            <dd>
              <span className={`${ui.badge} ${ui.badgeTone[APPROVAL_TONE[c.approval_status]]}`}>{APPROVAL_LABEL[c.approval_status]}</span>
            </dd>
            <dt>Availability</dt>
            <dd>
              {availabilityLabel(c.availability_status)}
              {c.available_start_date ? ` from ${dayMonthYear(c.available_start_date)}` : ""}
              {c.available_end_date ? ` to ${dayMonthYear(c.available_end_date)}` : ""}
            </dd>
            <dt>Rating</dt>
            <dd aria-label={c.average_rating == null ? "Not rated yet" : `${c.average_rating} out of ${RATING_MAX}`}>
              {c.average_rating == null ? (
                <span className={ui.muted}>Not rated yet</span>
              ) : (
                <span style={{ display: "inline-flex", gap: 2, alignItems: "center", color: "#e8a317" }}>
                  {Array.from({ length: RATING_MAX }, (_, i) => (
                    <StarIcon key={i} size={16} fill={i < Math.round(c.average_rating ?? 0) ? "currentColor" : "none"} />
                  ))}
                  <span style={{ color: "#14202e", marginLeft: 6 }}>
                    {c.average_rating} ({c.rating_count})
                  </span>
                </span>
              )}
            </dd>
            <dt>Experience</dt>
            <dd>{types.length ? types.join(" · ") : <span className={ui.muted}>Not set</span>}</dd>
            <dt>Services</dt>
            <dd>{c.services.length ? c.services.join(", ") : <span className={ui.muted}>None chosen</span>}</dd>
          </dl>
          {c.summary ? <p style={{ marginBottom: 0 }}>{c.summary}</p> : null}
        </section>

        <section className={ui.card} aria-labelledby="projects-title" style={{ overflowX: "auto" }}>
          <h2 id="projects-title" className={ui.cardTitle}>
            Latest projects
          </h2>
          {projects.length === 0 ? (
            <p className={ui.muted}>No projects yet. Add your past work in your profile: clients look at it first.</p>
          ) : (
            <table className={ui.table}>
              <thead>
                <tr>
                  <th scope="col">Project</th>
                  <th scope="col">Client</th>
                  <th scope="col">Service</th>
                  <th scope="col">Dates</th>
                </tr>
              </thead>
              <tbody>
                {projects.map((p) => (
                  <tr key={p.id}>
                    <td>
                      <strong>{p.title}</strong>
                      {p.aircraft ? <div className={`${ui.small} ${ui.muted}`}>{p.aircraft}</div> : null}
                    </td>
                    <td>{p.client_name}</td>
                    <td>{p.service}</td>
                    <td className={ui.muted}>
                      {dayMonthYear(p.start_date)}
                      {p.end_date ? ` – ${dayMonthYear(p.end_date)}` : " – ongoing"}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p style={{ marginBottom: 0 }}>
            <Link to={`/consultant/profile/${c.id}/projects`}>All projects</Link>
          </p>
        </section>
      </div>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
