// The fleet as cards (overview pages): name, MSN, registration, status, the user's access level, a
// follow toggle (a form, works without JS) and the way into the aircraft's records. Plus the counts by
// status (spec 000 §3: total, grounded, operational, transitional).
import { Form, Link } from "@remix-run/react";
import * as ui from "~/components/ui/ui.css";
import { ACCESS_LABEL, type AccessLevel } from "~/models/roles";
import { dayMonthYear } from "~/utils/dates";
import * as s from "./aircraft-cards.css";
import { AIRCRAFT_STATUS_LABEL } from "~/models/status-labels";

export interface AircraftCard {
  id: number;
  name: string;
  msn: string;
  registration: string;
  kind: "aircraft" | "helicopter";
  status: "GROUNDED" | "IN OPERATION" | "IN TRANSITION";
  access: AccessLevel;
  organization: { name: string; slug: string };
  /** Module lists: the module's issue date. */
  issue_date?: string | null;
}

export interface Counts {
  total: number;
  grounded: number;
  operational: number;
  transitional: number;
}


export function StatusCounts({ counts, hrefFor }: { counts: Counts; hrefFor?: (status: string | null) => string }) {
  const items = [
    { key: null, label: "Total", value: counts.total, tone: ui.statTone.neutral },
    { key: "GROUNDED", label: "Grounded", value: counts.grounded, tone: ui.statTone.grounded },
    { key: "IN OPERATION", label: "Operational", value: counts.operational, tone: ui.statTone.operation },
    { key: "IN TRANSITION", label: "Transitional", value: counts.transitional, tone: ui.statTone.transition },
  ];
  return (
    <div className={ui.stats} role="list" aria-label="Aircraft by status">
      {items.map((it) =>
        hrefFor ? (
          <Link key={it.label} to={hrefFor(it.key)} className={`${ui.stat} ${it.tone}`} role="listitem" data-count={it.label.toLowerCase()}>
            <span className={ui.statLabel}>{it.label}</span>
            <span className={ui.statValue}>{it.value}</span>
          </Link>
        ) : (
          <div key={it.label} className={`${ui.stat} ${it.tone}`} role="listitem" data-count={it.label.toLowerCase()}>
            <span className={ui.statLabel}>{it.label}</span>
            <span className={ui.statValue}>{it.value}</span>
          </div>
        ),
      )}
    </div>
  );
}

export function FollowToggle({ aircraftId, name, following, redirectTo, action = "/aero-box/storage/following" }: { aircraftId: number; name: string; following: boolean; redirectTo: string; action?: string }) {
  return (
    <Form method="post" action={action} preventScrollReset>
      <input type="hidden" name="intent" value={following ? "unfollow" : "follow"} />
      <input type="hidden" name="aircraft_id" value={aircraftId} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button type="submit" className={following ? s.following : s.followBtn} aria-pressed={following} aria-label={following ? `Following ${name}` : `Follow ${name}`}>
        {following ? "Following" : "Follow"}
      </button>
    </Form>
  );
}

export function AircraftCards({
  aircraft,
  filesHref,
  followed,
  redirectTo,
  emptyText = "No aircraft to show.",
  openLabel = "Open records",
  issueDateLabel,
}: {
  aircraft: AircraftCard[];
  filesHref: (a: AircraftCard) => string;
  openLabel?: string;
  /** Shows the module's issue date under this label (e.g. "OPS issue date"). */
  issueDateLabel?: string;
  /** Ids the user follows; the follow toggle is shown when given. */
  followed?: Set<number>;
  redirectTo: string;
  emptyText?: string;
}) {
  if (!aircraft.length) return <p className={s.empty}>{emptyText}</p>;
  return (
    <ul className={s.grid} aria-label="Aircraft" style={{ listStyle: "none", margin: 0, padding: 0 }}>
      {aircraft.map((a) => (
        <li key={a.id} className={s.card} data-aircraft-id={a.id}>
          <div className={s.head}>
            <h3 className={s.name}>
              <Link className={s.nameLink} to={filesHref(a)}>
                {a.name}
              </Link>
            </h3>
            <span className={s.status[a.status]}>{AIRCRAFT_STATUS_LABEL[a.status]}</span>
          </div>
          <dl className={s.facts}>
            <dt className={s.factLabel}>MSN</dt>
            <dd className={s.factValue}>{a.msn}</dd>
            <dt className={s.factLabel}>Registration</dt>
            <dd className={s.factValue}>{a.registration || "—"}</dd>
            <dt className={s.factLabel}>Type</dt>
            <dd className={s.factValue}>{a.kind === "helicopter" ? "Helicopter" : "Aircraft"}</dd>
            <dt className={s.factLabel}>Organization</dt>
            <dd className={s.factValue}>{a.organization.name}</dd>
            <dt className={s.factLabel}>Your access</dt>
            <dd className={s.factValue}>
              <span className={s.access}>{ACCESS_LABEL[a.access]}</span>
            </dd>
            {issueDateLabel ? (
              <>
                <dt className={s.factLabel}>{issueDateLabel}</dt>
                <dd className={s.factValue}>{dayMonthYear(a.issue_date) || "—"}</dd>
              </>
            ) : null}
          </dl>
          <div className={s.foot}>
            <div className={s.links}>
              {followed ? <FollowToggle aircraftId={a.id} name={a.name} following={followed.has(a.id)} redirectTo={redirectTo} /> : null}
              <Link to={filesHref(a)} className={`${ui.button.secondary} ${ui.buttonSmall}`}>
                {openLabel}
              </Link>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
