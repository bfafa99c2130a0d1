// The public layout's parts (app/routes/_public+/_layout.tsx): the header with the log-in and register
// links, the "About AeroRecords" aside and the footer.
import { Link, NavLink } from "@remix-run/react";
import { Logo, Mark } from "~/components/brand/logo";
import { CheckIcon } from "~/components/icons/check";
import * as ui from "~/components/ui/ui.css";
import * as s from "./auth.css";

export function PublicHeader() {
  return (
    <header className={s.header}>
      <Link className={s.homeLink} aria-label="AeroRecords home" to="/">
        <Logo />
      </Link>
      <nav className={s.headerNav} aria-label="Account">
        <NavLink to="/auth/login" className={`${ui.button.ghost} ${ui.buttonSmall}`} data-nav="">
          Log in
        </NavLink>
        <NavLink to="/auth/register" className={`${ui.button.primary} ${ui.buttonSmall}`} data-nav="">
          Register
        </NavLink>
      </nav>
    </header>
  );
}

export function PublicAside() {
  return (
    <section className={s.aside} aria-label="About AeroRecords">
      <h2 className={s.asideTitle}>Every record of your fleet, in one place.</h2>
      <p className={s.asideText}>
        Lessors, operators and technical consultants work on the same aircraft and helicopter records: storage,
        operations and oil analysis, with access set per aircraft.
      </p>
      <ul className={s.asideList}>
        <li>
          <CheckIcon /> Records per MSN, searchable in seconds
        </li>
        <li>
          <CheckIcon /> AeroOPS and AeroOIL modules for the same aircraft
        </li>
        <li>
          <CheckIcon /> Works on thin links, and without JavaScript
        </li>
      </ul>
      <div className={s.asideArt}>
        <Mark size={360} />
      </div>
    </section>
  );
}

export function PublicFooter() {
  return (
    <footer className={s.footer}>
      <span>© {new Date().getFullYear()} AeroRecords</span>
      <span>Best viewed in Google Chrome</span>
    </footer>
  );
}
