// A consultant card of the marketplace (spec §2): approval status, availability, star rating out of 5,
// resume download ("Resume not uploaded" when there is none), like toggle. Every non-consultant
// viewer (client, admin, member; spec 000 §5) also gets Approve / Disapprove and the availability and
// notes-and-rates dialogs. Every control is a real form or link; with a script the market pages' widget
// (app/plain/widgets/market.ts) flips the like toggle at once and shows "Resume not uploaded" in place.
import { Form, Link } from "@remix-run/react";
import { DownloadIcon } from "~/components/icons/download";
import { PinIcon } from "~/components/icons/pin";
import { StarRating } from "~/components/star-rating/star-rating";
import * as ui from "~/components/ui/ui.css";
import { APPROVAL_LABEL, availabilityLabel, type ApprovalStatus } from "~/models/consultant-rules";
import { dayMonthYear } from "~/utils/dates";
import * as s from "./consultant-card.css";

export { ALERT_HIDE_MS } from "./alert-hide";

export interface CardData {
  id: number;
  name: string;
  city: string;
  country: string;
  photo: { url: string | null };
  average_rating: number | null;
  rating_count: number;
  approval_status: ApprovalStatus;
  availability_status: boolean | null;
  available_start_date: string | null;
  available_end_date: string | null;
  services: string[];
  aircraft_sub_type: string;
  helicopter_sub_type: string;
  power_plant_sub_type: string;
  has_resume: boolean;
  liked: boolean;
  comment_by_admin: string;
  daily_rate_onsite: number | null;
  daily_rate_offsite: number | null;
}

export const formatRate = (n: number | null | undefined) => (n == null ? "—" : `${n.toLocaleString("en-US", { maximumFractionDigits: 2 })} / day`);

export function availabilityPeriod(start: string | null, end: string | null): string {
  if (start && end) return `${dayMonthYear(start)} – ${dayMonthYear(end)}`;
  if (start) return `from ${dayMonthYear(start)}`;
  if (end) return `until ${dayMonthYear(end)}`;
  return "";
}

export function ApprovalBadge({ status }: { status: ApprovalStatus }) {
  const tone = status === "verified" ? "success" : status === "disapproved" ? "danger" : "neutral";
  return (
    <span className={`${ui.badge} ${ui.badgeTone[tone]}`} data-approval={status}>
      {APPROVAL_LABEL[status]}
    </span>
  );
}

export function AvailabilityBadge({ status, start, end }: { status: boolean | null; start: string | null; end: string | null }) {
  const tone = status === true ? "success" : status === false ? "warning" : "neutral";
  const period = status === null ? "" : availabilityPeriod(start, end);
  return (
    <span className={s.availability} data-availability={status === null ? "unset" : String(status)}>
      <span className={`${ui.badge} ${ui.badgeTone[tone]}`}>{availabilityLabel(status)}</span>
      {period ? <span className={s.dates}>{period}</span> : null}
    </span>
  );
}

export function Avatar({ name, url, size = 56 }: { name: string; url: string | null; size?: number }) {
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join("") || "?";
  const style = { width: size, height: size, flexBasis: size };
  return url ? (
    <img className={s.avatar} style={style} src={url} alt="" width={size} height={size} loading="lazy" decoding="async" />
  ) : (
    <span className={s.avatar} style={style} aria-hidden="true">
      {initials}
    </span>
  );
}

/** The fields every small form of a card carries. */
function Common({ id, redirectTo }: { id: number; redirectTo: string }) {
  return (
    <>
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
    </>
  );
}

function HeartIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth={1.8}>
      <path d="M12 20s-7-4.4-7-10a4 4 0 017-2.6A4 4 0 0119 10c0 5.6-7 10-7 10z" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The like toggle: update_like_info / update_unlike_info. With JS the local flag flips at once
 * (data-toggle: aria-pressed, which the heart and the label follow), then the server's answer sets it.
 */
export function LikeToggle({ id, name, liked: on, action, redirectTo }: { id: number; name: string; liked: boolean; action: string; redirectTo: string }) {
  return (
    <Form method="post" action={action} className={s.inlineForm} preventScrollReset>
      <Common id={id} redirectTo={redirectTo} />
      <button
        type="submit"
        name="intent"
        value={on ? "unlike" : "like"}
        className={`${ui.button.secondary} ${ui.buttonSmall} ${s.like}`}
        aria-pressed={on}
        aria-label={on ? `Liked ${name}` : `Like ${name}`}
        title={on ? "Remove from your saved consultants" : "Save to your list"}
        data-toggle=""
      >
        <HeartIcon />
        <span data-on="">Liked</span>
        <span data-off="">Like</span>
      </button>
    </Form>
  );
}

/** Approve / Disapprove. With JS both wait while the answer comes (the pending idiom, app/plain/page.ts). */
export function ApprovalButtons({ id, name, status: shown, action, redirectTo }: { id: number; name: string; status: ApprovalStatus; action: string; redirectTo: string }) {
  return (
    <Form method="post" action={action} className={s.inlineForm} preventScrollReset>
      <Common id={id} redirectTo={redirectTo} />
      <button
        type="submit"
        name="intent"
        value="approve"
        className={`${ui.button.secondary} ${ui.buttonSmall}`}
        aria-label={`Approve ${name}`}
        aria-pressed={shown === "verified"}
        disabled={shown === "verified"}
      >
        Approve
      </button>
      <button
        type="submit"
        name="intent"
        value="disapprove"
        className={`${ui.button.secondary} ${ui.buttonSmall}`}
        aria-label={`Disapprove ${name}`}
        aria-pressed={shown === "disapproved"}
        disabled={shown === "disapproved"}
      >
        Disapprove
      </button>
    </Form>
  );
}

/**
 * The resume download. Without a resume the spec shows the alert "Resume not uploaded" (hidden after
 * 6000 ms): the link's route comes back to the page with it, as the portal's alert snackbar (with
 * and without JavaScript: one small page instead of script on every marketplace page).
 */
export function ResumeLink({ name, hasResume, href }: { name: string; hasResume: boolean; href: string }) {
  return (
    <>
      <a href={href} className={`${ui.button.ghost} ${ui.buttonSmall}`} aria-label={`Download the resume of ${name}`} {...(hasResume ? { download: "" } : {})}>
        <DownloadIcon />
        Resume
      </a>
    </>
  );
}

export interface CardLinks {
  /** Where the card's forms post (the page's URL). */
  action: string;
  /** Where a no-JS post comes back to (the page's URL with its filters and page). */
  redirectTo: string;
  /** The page's URL with ?dialog=…&consultant=id. */
  dialogHref: (dialog: "availability" | "notes", id: number) => string;
  resumeHref: (id: number) => string;
}

export function ConsultantCard({ card, manage, links }: { card: CardData; manage: boolean; links: CardLinks }) {
  const types = [
    ["Aircraft", card.aircraft_sub_type],
    ["Helicopter", card.helicopter_sub_type],
    ["Power plant", card.power_plant_sub_type],
  ].filter(([, v]) => v);
  const headingId = `consultant-${card.id}-name`;
  return (
    <article className={s.card} aria-labelledby={headingId} data-consultant-card={card.id}>
      <div className={s.head}>
        <Avatar name={card.name} url={card.photo.url} />
        <div className={s.who}>
          <h3 className={s.name} id={headingId}>
            <Link to={`/consultant/profile/${card.id}/overview`}>{card.name}</Link>
          </h3>
          <p className={s.place}>
            <PinIcon size={14} />
            {[card.city, card.country].filter(Boolean).join(", ") || "Location not given"}
          </p>
          <StarRating rating={card.average_rating} count={card.rating_count} />
        </div>
      </div>
      <div className={s.badges}>
        <ApprovalBadge status={card.approval_status} />
        <AvailabilityBadge status={card.availability_status} start={card.available_start_date} end={card.available_end_date} />
      </div>
      {card.services.length ? (
        <ul className={s.chips} aria-label="Services">
          {card.services.map((sv) => (
            <li key={sv} className={s.chip}>
              {sv}
            </li>
          ))}
        </ul>
      ) : null}
      {types.length ? (
        <dl className={s.facts}>
          {types.map(([label, value]) => (
            <div key={label} style={{ display: "contents" }}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <div className={s.notes} data-notes="">
        <span className={s.notesTitle}>Notes and rates</span>
        {card.comment_by_admin || "No notes yet."}
        <dl className={s.facts} style={{ marginTop: 4 }}>
          <dt>Onsite</dt>
          <dd data-rate="onsite">{formatRate(card.daily_rate_onsite)}</dd>
          <dt>Offsite</dt>
          <dd data-rate="offsite">{formatRate(card.daily_rate_offsite)}</dd>
        </dl>
      </div>
      <div className={s.spacer} />
      <div className={s.actions}>
        <ResumeLink name={card.name} hasResume={card.has_resume} href={links.resumeHref(card.id)} />
        <Link to={`/client/message?to=${card.id}`} className={`${ui.button.ghost} ${ui.buttonSmall}`} aria-label={`Message ${card.name}`}>
          Message
        </Link>
        <span className={s.spacer} />
        <LikeToggle id={card.id} name={card.name} liked={card.liked} action={links.action} redirectTo={links.redirectTo} />
      </div>
      {manage ? (
        <div className={s.staffActions} aria-label={`Manage ${card.name}`} role="group">
          <ApprovalButtons id={card.id} name={card.name} status={card.approval_status} action={links.action} redirectTo={links.redirectTo} />
          <Link to={links.dialogHref("availability", card.id)} className={`${ui.button.ghost} ${ui.buttonSmall}`} preventScrollReset aria-label={`Set availability of ${card.name}`}>
            Availability
          </Link>
          <Link to={links.dialogHref("notes", card.id)} className={`${ui.button.ghost} ${ui.buttonSmall}`} preventScrollReset aria-label={`Set notes and rates of ${card.name}`}>
            Notes and rates
          </Link>
        </div>
      ) : null}
    </article>
  );
}
