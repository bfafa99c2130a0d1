// The Share dialog of the module pages (AeroOPS and AeroOIL tabs, the AeroOIL status page): the
// addresses to mail a link to, the refusal shown in place. A plain form: it works without JavaScript.
import { Form, Link, useNavigation } from "@remix-run/react";
import { ModalBody, ModalDialog, ModalFooter } from "~/components/modal-dialog/modal-dialog";
import * as ui from "~/components/ui/ui.css";

/** Share: mails a link to the addresses given (by default every tab in one workbook; `title` and
 *  `subtitle` say what else is shared, e.g. the AeroOIL status page). */
export function ShareDialog({
  closeHref,
  problem,
  msn,
  productLabel = "AeroOPS",
  title,
  subtitle,
}: {
  closeHref: string;
  problem: { error: string; value: string } | null;
  msn: string;
  productLabel?: "AeroOPS" | "AeroOIL";
  title?: string;
  subtitle?: string;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <ModalDialog title={title ?? `Share the ${productLabel} data`} subtitle={subtitle ?? `Every tab of MSN ${msn} in one Excel workbook; the link sent is valid for 7 days.`} closeHref={closeHref}>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="share" />
        <ModalBody>
          {problem ? (
            <p className={ui.alert.error} role="alert">
              {problem.error}
            </p>
          ) : null}
          <div className={ui.field}>
            <label className={ui.label} htmlFor="share-emails">
              E-mail addresses
            </label>
            <textarea id="share-emails" name="emails" className={ui.textarea} defaultValue={problem?.value ?? ""} required maxLength={6000} placeholder="name@lessor.com, name@authority.gov" />
            <span className={ui.hint}>Up to 20 addresses, separated by commas, semicolons, spaces or new lines.</span>
          </div>
        </ModalBody>
        <ModalFooter>
          <Link to={closeHref} className={ui.button.ghost} preventScrollReset>
            Cancel
          </Link>
          <button type="submit" className={ui.button.primary} disabled={busy}>
            Share
          </button>
        </ModalFooter>
      </Form>
    </ModalDialog>
  );
}
