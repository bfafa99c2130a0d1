// Electronic signatures on a record's page (ADR 088): the signatures it carries ("Signed by {name}",
// the meaning, the time, a link to the public verification page, and "signed version N; changed
// since" when the record changed after), why the user may not sign it, and the signing dialog: the
// portal's one modal (`?sign=<id>`, rendered by the server, so it works without JavaScript; its focus
// rules and Escape are the page script's), a meaning, the password or authenticator code again, the
// statement, "Sign" / "Cancel".
import { Form, Link } from "@remix-run/react";
import { ModalBody, ModalDialog, ModalFooter } from "~/components/modal-dialog/modal-dialog";
import * as ui from "~/components/ui/ui.css";
import type { Signature, SignRefusal } from "~/models/signature-rules";
import { dateTimeUtc } from "~/utils/dates";
import * as s from "./signatures.css";

/** The signatures of a record, oldest first. */
export function SignatureList({ signatures, label }: { signatures: Signature[]; label: string }) {
  if (signatures.length === 0) return null;
  return (
    <ul className={s.list} aria-label={label}>
      {signatures.map((sig) => (
        <li key={sig.code} className={s.item} data-signature={sig.code}>
          <span className={s.signer}>Signed by {sig.signer_name}</span>
          <span className={s.meta}>
            {sig.signer_role}
            {sig.signer_authorisation ? `, authorisation ${sig.signer_authorisation}` : ""}
          </span>
          <span>{sig.meaning}</span>
          <time dateTime={sig.signed_at} className={s.meta}>
            {dateTimeUtc(sig.signed_at)}
          </time>
          {sig.changed_since ? <span className={s.changed}>signed version {sig.version}; changed since</span> : <span className={s.meta}>version {sig.version}</span>}
          <a href={sig.verify_path} aria-label={`Verify the signature of ${sig.signer_name} (${sig.meaning})`}>
            Verify
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Why the signed-in user may not sign (the ops API's reason), where the Sign button would be. */
export function SignRefused({ reason }: { reason: string }) {
  return (
    <p className={s.refused} data-sign-refused="">
      Signing: {reason}
    </p>
  );
}

/** The Sign button: a link to the page with its dialog open. */
export function SignLink({ href, label, small = false }: { href: string; label?: string; small?: boolean }) {
  return (
    <Link to={href} preventScrollReset className={small ? `${ui.button.secondary} ${ui.buttonSmall}` : ui.button.primary} aria-label={label}>
      Sign
    </Link>
  );
}

/**
 * The signing dialog. `secret` is what identifies the signer again: the password, or the current
 * authenticator code when two-factor authentication is on. A refusal comes back with the meaning as
 * chosen and the field it concerns marked.
 */
export function SignDialog({
  title,
  subtitle,
  closeHref,
  meanings,
  totp,
  statement,
  refusal,
  fields,
}: {
  title: string;
  subtitle: string;
  closeHref: string;
  meanings: string[];
  totp: boolean;
  statement: React.ReactNode;
  refusal: SignRefusal | null;
  /** Hidden fields that say what is signed (the logbook page's id). */
  fields?: Record<string, string>;
}) {
  const errors = refusal?.errors ?? {};
  const secret = totp
    ? { name: "totp_code", label: "Authenticator code", type: "text", autoComplete: "one-time-code", inputMode: "numeric" as const, maxLength: 7, hint: "The 6-digit code your authenticator app shows now." }
    : { name: "password", label: "Password", type: "password", autoComplete: "current-password", inputMode: undefined, maxLength: 200, hint: "Your sign-in password, entered again to sign." };
  return (
    <ModalDialog title={title} subtitle={subtitle} closeHref={closeHref}>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="sign" />
        {Object.entries(fields ?? {}).map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <ModalBody>
          {refusal?.formError ? (
            <p className={ui.alert.error} role="alert">
              {refusal.formError}
            </p>
          ) : null}
          <fieldset className={s.meanings} aria-describedby={errors.meaning ? "sign-meaning-error" : undefined}>
            <legend className={s.legend}>Meaning of your signature</legend>
            {meanings.map((m, i) => (
              <label key={m} className={s.meaning}>
                <input type="radio" name="meaning" value={m} id={i === 0 ? "sign-meaning" : undefined} defaultChecked={refusal?.meaning === m} required aria-invalid={errors.meaning ? true : undefined} />
                {m}
              </label>
            ))}
            {errors.meaning ? (
              <p id="sign-meaning-error" className={ui.errorText}>
                {errors.meaning}
              </p>
            ) : null}
          </fieldset>
          <div className={ui.field}>
            <label className={ui.label} htmlFor="sign-secret">
              {secret.label}
            </label>
            <input
              id="sign-secret"
              name={secret.name}
              type={secret.type}
              autoComplete={secret.autoComplete}
              inputMode={secret.inputMode}
              maxLength={secret.maxLength}
              required
              className={ui.input}
              aria-invalid={errors.secret ? true : undefined}
              aria-describedby={errors.secret ? "sign-secret-error" : "sign-secret-hint"}
            />
            {errors.secret ? (
              <p id="sign-secret-error" className={ui.errorText} role="alert">
                {errors.secret}
              </p>
            ) : (
              <span id="sign-secret-hint" className={ui.hint}>
                {secret.hint}
              </span>
            )}
          </div>
          <p className={s.statement} data-sign-statement="">
            {statement}
          </p>
        </ModalBody>
        <ModalFooter>
          <Link to={closeHref} className={ui.button.ghost} preventScrollReset>
            Cancel
          </Link>
          <button type="submit" className={ui.button.primary}>
            Sign
          </button>
        </ModalFooter>
      </Form>
    </ModalDialog>
  );
}
