// The public layout (sign-in, registration, resets). A signed-in visitor is sent to "/", which
// forwards by role (spec 000 §2).
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { PublicHeader } from "~/components/auth/auth-card";
import * as s from "~/components/auth/auth.css";
import { CheckIcon } from "~/components/icons/icons";
import { Mark } from "~/components/brand/logo";
import { getUser } from "~/utils/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getUser(request)) throw redirect("/");
  return null;
}

export default function PublicLayout() {
  return (
    <div className={s.page}>
      <PublicHeader />
      <main className={s.main}>
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
        <div className={s.panel}>
          <Outlet />
        </div>
      </main>
      <footer className={s.footer}>
        <span>© {new Date().getFullYear()} AeroRecords</span>
        <span>Best viewed in Google Chrome</span>
      </footer>
    </div>
  );
}
