// The card every auth screen is built from (the public layout around it: public-layout.tsx).
import { Link } from "@remix-run/react";
import { CheckIcon } from "~/components/icons/check";
import { MailIcon } from "~/components/icons/mail";
import * as ui from "~/components/ui/ui.css";
import * as s from "./auth.css";

export function AuthCard({ title, lead, children }: { title: string; lead?: React.ReactNode; children: React.ReactNode }) {
  return (
    <section className={s.card} aria-labelledby="auth-title">
      <h1 id="auth-title" className={s.cardTitle}>
        {title}
      </h1>
      {lead ? <p className={s.cardLead}>{lead}</p> : <div style={{ height: 16 }} />}
      {children}
    </section>
  );
}

/** "Check your inbox" after a mailed link was requested (register, password reset, 2FA reset). */
export function MailSent({ title, message, back = "/auth/login" }: { title: string; message: string; back?: string }) {
  return (
    <section className={s.card} aria-labelledby="auth-title">
      <div className={s.sentIcon}>
        <MailIcon size={28} />
      </div>
      <h1 id="auth-title" className={s.cardTitle}>
        {title}
      </h1>
      <p className={s.cardLead}>{message}</p>
      <p className={ui.small}>
        In the demo, mail is kept in the outbox: an administrator can read it under Admin → Mail outbox.
      </p>
      <Link to={back} className={`${ui.button.secondary} ${ui.buttonBlock}`}>
        <CheckIcon /> Back to sign in
      </Link>
    </section>
  );
}

export function AuthLinks({ children }: { children: React.ReactNode }) {
  return <nav className={s.links} aria-label="Other options">{children}</nav>;
}
