// The shell of every storage dialog: a <dialog open> rendered by the server (so it works without JS),
// 700 wide (spec §9), closed by a link back to the page without the dialog's search param. With JS,
// Escape closes it too.
import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useId } from "react";
import { CloseIcon } from "~/components/icons/close";
import * as s from "./folder-actions.css";

export function Modal({
  title,
  closeHref,
  children,
  asPage = false,
  labelledBy,
}: {
  title: string;
  closeHref: string;
  /** ModalBody and ModalFooter, usually inside one <Form>. */
  children: React.ReactNode;
  /** Render as a plain panel (the standalone /storage/create… pages) instead of a modal. */
  asPage?: boolean;
  labelledBy?: string;
}) {
  const id = useId();
  const titleId = labelledBy ?? `${id}-title`;
  const navigate = useNavigate();
  useEffect(() => {
    if (asPage) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") navigate(closeHref, { preventScrollReset: true });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [asPage, closeHref, navigate]);

  const content = (
    <>
      <div className={s.header}>
        <h2 id={titleId} className={s.title}>
          {title}
        </h2>
        <Link to={closeHref} className={s.close} aria-label="Close" preventScrollReset>
          <CloseIcon />
        </Link>
      </div>
      {children}
    </>
  );
  if (asPage) {
    return (
      <section className={s.panel} aria-labelledby={titleId}>
        {content}
      </section>
    );
  }
  return (
    <>
      <div className={s.backdrop} aria-hidden="true" />
      <dialog open className={s.dialog} aria-modal="true" aria-labelledby={titleId}>
        {content}
      </dialog>
    </>
  );
}

export const ModalBody = ({ children }: { children: React.ReactNode }) => <div className={s.body}>{children}</div>;
export const ModalFooter = ({ children }: { children: React.ReactNode }) => <div className={s.footer}>{children}</div>;
