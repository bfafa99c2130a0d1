// The public layout's pieces: header with the login and register buttons, and the card every auth
// screen is built from.
import { Link, NavLink } from "@remix-run/react";
import { Logo } from "~/components/brand/logo";
import { CheckIcon, MailIcon } from "~/components/icons/icons";
import * as ui from "~/components/ui/ui.css";
import * as s from "./auth.css";

export function PublicHeader() {
  return (
    <header className={s.header}>
      <Link to="/" className={s.homeLink} aria-label="AeroRecords home">
        <Logo />
      </Link>
      <nav className={s.headerNav} aria-label="Account">
        <NavLink to="/auth/login" className={`${ui.button.ghost} ${ui.buttonSmall}`}>
          Log in
        </NavLink>
        <NavLink to="/auth/register" className={`${ui.button.primary} ${ui.buttonSmall}`}>
          Register
        </NavLink>
      </nav>
    </header>
  );
}

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
