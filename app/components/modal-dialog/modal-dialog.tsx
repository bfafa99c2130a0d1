// The modal of the consultant pages: a <dialog open> rendered by the server when the page's URL asks
// for it (e.g. ?dialog=availability), so it opens and works without JavaScript; 700 wide (spec §9).
// It closes with a link back to the page without the dialog's search parameters; with JavaScript,
// Escape closes it too and its form (a fetcher) saves without a full page reload.
import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useId } from "react";
import { CloseIcon } from "~/components/icons/close";
import * as s from "./modal-dialog.css";

export function ModalDialog({
  title,
  subtitle,
  closeHref,
  children,
}: {
  title: string;
  subtitle?: React.ReactNode;
  closeHref: string;
  /** ModalBody and ModalFooter, usually inside one form. */
  children: React.ReactNode;
}) {
  const id = useId();
  const titleId = `${id}-title`;
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") navigate(closeHref, { preventScrollReset: true, replace: true });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [closeHref, navigate]);

  return (
    <>
      <Link to={closeHref} className={s.backdrop} aria-hidden="true" tabIndex={-1} preventScrollReset replace />
      <dialog open className={s.dialog} aria-modal="true" aria-labelledby={titleId} data-dialog="">
        <div className={s.header}>
          <div>
            <h2 id={titleId} className={s.title}>
              {title}
            </h2>
            {subtitle ? <p className={s.subtitle}>{subtitle}</p> : null}
          </div>
          <Link to={closeHref} className={s.close} aria-label="Close" preventScrollReset replace>
            <CloseIcon />
          </Link>
        </div>
        {children}
      </dialog>
    </>
  );
}

export const ModalBody = ({ children }: { children: React.ReactNode }) => <div className={s.body}>{children}</div>;
export const ModalFooter = ({ children }: { children: React.ReactNode }) => <div className={s.footer}>{children}</div>;
