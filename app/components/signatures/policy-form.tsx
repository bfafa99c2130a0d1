// An organization's signing policy (ADR 088): which roles may sign, the least access on the aircraft,
// whether an authorisation number is required. A plain form for those who may change it (site
// admins, the organization's manager: the ops API says so in `can_edit`), the same facts as text for
// the others. Used by the admin organization page and the user's settings.
import { Form } from "@remix-run/react";
import * as ui from "~/components/ui/ui.css";
import { ACCESS_LABEL } from "~/models/roles";
import { ROLE_LABEL } from "~/models/shell";
import type { SigningPolicyView } from "~/models/signature-rules";
import * as s from "./signatures.css";

const roleLabel = (role: string) => ROLE_LABEL[role as keyof typeof ROLE_LABEL] ?? role;
const accessLabel = (a: string) => ACCESS_LABEL[a as keyof typeof ACCESS_LABEL] ?? a;

export function SigningPolicySection({ view, error, titleId = "signing-title" }: { view: SigningPolicyView; error?: string | null; titleId?: string }) {
  const p = view.policy;
  return (
    <section className={ui.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={ui.cardTitle}>
        Signing
      </h2>
      <p className={`${ui.small} ${ui.muted}`}>
        Who may sign work orders and logbook pages of {view.organization_name} electronically{view.is_default ? " (the default policy)" : ""}. The records service
        checks it at every signature.
      </p>
      {error ? (
        <p className={ui.alert.error} role="alert">
          {error}
        </p>
      ) : null}
      {view.can_edit ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="signing" />
          <fieldset className={s.meanings}>
            <legend className={s.legend}>Roles that may sign</legend>
            <div className={ui.choiceRow}>
              {view.choices.roles.map((r) => (
                <label key={r} className={s.meaning}>
                  <input type="checkbox" name="roles" value={r} defaultChecked={p.roles.includes(r as never)} />
                  {roleLabel(r)}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className={s.meanings}>
            <legend className={s.legend}>Minimum access on the aircraft</legend>
            <div className={ui.choiceRow}>
              {view.choices.access.map((a) => (
                <label key={a} className={s.meaning}>
                  <input type="radio" name="access" value={a} defaultChecked={p.access === a} required />
                  {accessLabel(a)}
                </label>
              ))}
            </div>
          </fieldset>
          <label className={s.meaning} style={{ marginBottom: 16, width: "fit-content" }}>
            <input type="checkbox" name="require_authorisation" value="true" defaultChecked={p.require_authorisation} />
            Require an authorisation number
          </label>
          <button type="submit" className={ui.button.primary}>
            Save signing policy
          </button>
        </Form>
      ) : (
        <dl className={ui.dl}>
          <dt>Roles that may sign</dt>
          <dd>{p.roles.length ? p.roles.map(roleLabel).join(", ") : "None"}</dd>
          <dt>Minimum access</dt>
          <dd>{accessLabel(p.access)}</dd>
          <dt>Authorisation number</dt>
          <dd>{p.require_authorisation ? "Required" : "Not required"}</dd>
        </dl>
      )}
    </section>
  );
}
