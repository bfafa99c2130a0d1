// The public layout's server markup (issue 12, ADR 031): the header with the log-in and register
// links, the "About AeroRecords" aside and the footer need no script, so the browser keeps the
// server's HTML and never downloads these components (app/routes/_public+/_layout.tsx).
import type { AppLoadContext } from "@remix-run/node";
import { Logo, Mark } from "~/components/brand/logo";
import { CheckIcon } from "~/components/icons/icons";
import { isNavActive } from "~/components/server-markup/server-markup";
import * as ui from "~/components/ui/ui.css";
import { pageMarkup } from "~/utils/markup.server";
import * as s from "./auth.css";

/** A header link as <NavLink> renders it for the page at `pathname`. */
function HeaderLink({ to, pathname, className, children }: { to: string; pathname: string; className: string; children: React.ReactNode }) {
  const active = isNavActive(pathname, to);
  return (
    <a aria-current={active ? "page" : undefined} className={active ? `${className} active` : className} href={to} data-discover="true" data-nav="">
      {children}
    </a>
  );
}

export function PublicHeader({ pathname }: { pathname: string }) {
  return (
    <header className={s.header}>
      <a className={s.homeLink} aria-label="AeroRecords home" href="/" data-discover="true">
        <Logo />
      </a>
      <nav className={s.headerNav} aria-label="Account">
        <HeaderLink to="/auth/login" pathname={pathname} className={`${ui.button.ghost} ${ui.buttonSmall}`}>
          Log in
        </HeaderLink>
        <HeaderLink to="/auth/register" pathname={pathname} className={`${ui.button.primary} ${ui.buttonSmall}`}>
          Register
        </HeaderLink>
      </nav>
    </header>
  );
}

function Aside() {
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

function Footer() {
  return (
    <footer className={s.footer}>
      <span>© {new Date().getFullYear()} AeroRecords</span>
      <span>Best viewed in Google Chrome</span>
    </footer>
  );
}

export function publicMarkup(context: AppLoadContext | undefined, url: URL) {
  return pageMarkup(context, {
    "public-header": <PublicHeader pathname={url.pathname} />,
    "public-aside": <Aside />,
    "public-footer": <Footer />,
  });
}
