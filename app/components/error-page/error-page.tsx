// A full-page error screen (the error routes and the error boundaries use it).
import { Link } from "@remix-run/react";
import { Logo } from "~/components/brand/logo";
import * as ui from "~/components/ui/ui.css";
import * as s from "./error-page.css";

export function ErrorScreen({
  code,
  title,
  message,
  children,
}: {
  code: string;
  title: string;
  message: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <main className={s.page}>
      <div className={s.box}>
        <Link to="/" aria-label="AeroRecords home" style={{ color: "inherit", textDecoration: "none" }}>
          <Logo />
        </Link>
        {code ? (
          <p className={s.code} aria-hidden="true">
            {code}
          </p>
        ) : (
          <div style={{ height: 24 }} />
        )}
        <h1 className={s.title}>{title}</h1>
        <p className={s.text}>{message}</p>
        <div className={s.actions}>{children}</div>
      </div>
    </main>
  );
}

export function HomeButton({ to, label = "Go to your home page" }: { to: string; label?: string }) {
  return (
    <Link to={to} className={ui.button.primary}>
      {label}
    </Link>
  );
}
