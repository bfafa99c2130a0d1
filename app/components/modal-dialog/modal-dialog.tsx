// THE modal of the portal (the folder actions and the upload dialog of the files pages, the consultant
// dialogs): a <dialog open> the server renders when the page's URL asks for it (?dialog=…), so it
// opens and works without JavaScript; 700 wide (spec §9). It closes by going to `closeHref`, the page
// without the dialog's search parameters, in every way a user expects: the close button and a click
// on the backdrop (both links, so without JavaScript too) and, with JavaScript, Escape. Its focus
// rules (focus in when it opens, Tab kept inside, focus back on the opener) and Escape are the page
// script's (app/plain/dialog.ts, dialog-focus.ts), on data-dialog and data-close, hydrated or not.
import { Link } from "@remix-run/react";
import { useId } from "react";
import { CloseIcon } from "~/components/icons/close";
import * as s from "./modal-dialog.css";

export function ModalDialog({
  title,
  subtitle,
  closeHref,
  replace = false,
  asPage = false,
  wide = false,
  children,
}: {
  title: string;
  subtitle?: React.ReactNode;
  closeHref: string;
  /** Closing replaces the dialog's history entry instead of adding one (the consultant dialogs). */
  replace?: boolean;
  /** Render as a plain panel (the standalone /storage/create… pages) instead of a modal. */
  asPage?: boolean;
  /** Wider than the spec's 700 (the file preview). */
  wide?: boolean;
  /** ModalBody and ModalFooter, usually inside one form. */
  children: React.ReactNode;
}) {
  const id = useId();
  const titleId = `${id}-title`;
  const content = (
    <>
      <div className={s.header}>
        <div>
          <h2 id={titleId} className={s.title}>
            {title}
          </h2>
          {subtitle ? <p className={s.subtitle}>{subtitle}</p> : null}
        </div>
        <Link to={closeHref} className={s.close} aria-label="Close" preventScrollReset replace={replace}>
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
      <Link to={closeHref} className={s.backdrop} aria-hidden="true" tabIndex={-1} preventScrollReset replace={replace} />
      <dialog open className={wide ? `${s.dialog} ${s.dialogWide}` : s.dialog} aria-modal="true" aria-labelledby={titleId} data-dialog="" data-close={closeHref} data-replace={replace ? "" : undefined} tabIndex={-1}>
        {content}
      </dialog>
    </>
  );
}

export const ModalBody = ({ children }: { children: React.ReactNode }) => <div className={s.body}>{children}</div>;
export const ModalFooter = ({ children }: { children: React.ReactNode }) => <div className={s.footer}>{children}</div>;
