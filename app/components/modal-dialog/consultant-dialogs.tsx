// The three consultant dialogs of the spec (§2, §5): Send Message, Set Your Availability, Set Notes and
// Rates. The shared schemas' constraints (app/models/form-constraints.ts) write required/min/max into
// the HTML (validation without JS); the action validates with the zod schemas. The action's redirect
// closes the dialog and a refused post renders the page again with the dialog and its errors, as a new
// document or, on a hydrated page (a consultant's documents), posted by Remix without a reload.
import { formFields, getFormProps, type SubmissionResult } from "~/components/ui/form-fields";
import { Form, Link } from "@remix-run/react";
import { Field, FormError, TextareaField } from "~/components/ui/form";
import * as ui from "~/components/ui/ui.css";
import { AVAILABILITY_MIN_DATE } from "~/models/consultant-rules";
import { ModalBody, ModalDialog, ModalFooter } from "./modal-dialog";
import * as s from "./modal-dialog.css";
import { AvailabilitySchemaConstraints } from "~/models/form-constraints/AvailabilitySchema";
import { NotesAndRatesSchemaConstraints } from "~/models/form-constraints/NotesAndRatesSchema";
import { SendMessageSchemaConstraints } from "~/models/form-constraints/SendMessageSchema";
import { StaffAvailabilitySchemaConstraints } from "~/models/form-constraints/StaffAvailabilitySchema";

type Result = SubmissionResult<string[]> | undefined;

interface DialogProps {
  /** Where the form posts: the page's URL with its dialog parameters (so a failed no-JS post re-renders it open). */
  action: string;
  closeHref: string;
  consultant: { id: number; name: string };
  /** The page's action data, for the no-JS re-render after a refused post. */
  actionResult?: Result;
}

function Hidden({ intent, id, closeHref }: { intent: string; id: number; closeHref: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="closeTo" value={closeHref} />
    </>
  );
}

/** The dialog's buttons (while the answer comes, the pending idiom disables them: aria-busy, app/plain/page.ts). */
function Buttons({ closeHref, label }: { closeHref: string; label: string }) {
  return (
    <ModalFooter>
      <Link to={closeHref} className={ui.button.secondary} preventScrollReset replace>
        Cancel
      </Link>
      <button type="submit" className={ui.button.primary}>
        {label}
      </button>
    </ModalFooter>
  );
}

/** Send Message: the consultant writes to the administrators (message_to_admin, required, multiline). */
export function SendMessageDialog({ action, closeHref, consultant, actionResult, defaultMessage = "" }: DialogProps & { defaultMessage?: string }) {
  const [form, fields] = formFields({
    id: "send-message",
    constraint: SendMessageSchemaConstraints,
    lastResult: actionResult,
    defaultValue: { message_to_admin: defaultMessage },
  });
  return (
    <ModalDialog title="Send Message" subtitle="To the administrators" closeHref={closeHref} replace>
      <Form method="post" action={action} {...getFormProps(form)}>
        <Hidden intent="message" id={consultant.id} closeHref={closeHref} />
        <ModalBody>
          <FormError id={form.errorId} errors={form.errors} />
          <TextareaField label="Message" meta={fields.message_to_admin} rows={7} autoFocus />
        </ModalBody>
        <Buttons closeHref={closeHref} label="Send" />
      </Form>
    </ModalDialog>
  );
}

/**
 * Set Your Availability: start (required) and end (not before the start, or 1920-05-04 without one).
 * Staff also choose available or not available: saving calls that endpoint, then saves the dates.
 * The consultant sets the dates of their own profile (the status is the administrators').
 */
export function AvailabilityDialog({
  action,
  closeHref,
  consultant,
  actionResult,
  staff,
  defaults,
}: DialogProps & {
  staff: boolean;
  defaults: { available_start_date: string | null; available_end_date: string | null; availability_status: boolean | null };
}) {
  const [form, fields] = formFields({
    id: "availability",
    constraint: staff ? StaffAvailabilitySchemaConstraints : AvailabilitySchemaConstraints,
    lastResult: actionResult,
    defaultValue: {
      available_start_date: defaults.available_start_date ?? "",
      available_end_date: defaults.available_end_date ?? "",
      availability_status: defaults.availability_status === false ? "not_available" : "available",
    },
  });
  // The end date's minimum follows the start date as it is chosen (with JS: data-min-for, the market
  // pages' widget app/plain/widgets/market.ts); without JS its minimum is the start the page was
  // rendered with, and the server checks the pair.
  // The start shown (the stored one, or after a refused post the one the user chose) is the end's minimum.
  const chosenStart = typeof fields.available_start_date.initialValue === "string" ? fields.available_start_date.initialValue : "";
  const status = fields.availability_status;
  return (
    <ModalDialog title={staff ? "Set Availability" : "Set Your Availability"} subtitle={consultant.name} closeHref={closeHref} replace>
      <Form method="post" action={action} {...getFormProps(form)}>
        <Hidden intent="availability" id={consultant.id} closeHref={closeHref} />
        <ModalBody>
          <FormError id={form.errorId} errors={form.errors} />
          {staff ? (
            <fieldset className={s.statusRow}>
              <legend className={s.legend}>Status in this period</legend>
              {(["available", "not_available"] as const).map((v) => (
                <label key={v} className={ui.choice}>
                  <input type="radio" name={status.name} value={v} defaultChecked={(status.initialValue ?? "available") === v} />
                  <span>{v === "available" ? "Available" : "Not available"}</span>
                </label>
              ))}
            </fieldset>
          ) : (
            <p className={s.note}>The dates show clients when you can take on work; an administrator confirms your availability.</p>
          )}
          <div className={s.twoColumns}>
            <Field label="Available from" meta={fields.available_start_date} type="date" min={AVAILABILITY_MIN_DATE} autoFocus data-min-for={fields.available_end_date.name} />
            <Field
              label="Available until"
              meta={fields.available_end_date}
              type="date"
              min={chosenStart || AVAILABILITY_MIN_DATE}
              data-min={AVAILABILITY_MIN_DATE}
              hint="Optional. Not before the start date."
            />
          </div>
        </ModalBody>
        <Buttons closeHref={closeHref} label="Save availability" />
      </Form>
    </ModalDialog>
  );
}

/** Set Notes and Rates (staff): comment_by_admin, daily_rate_onsite, daily_rate_offsite, all required. */
export function NotesAndRatesDialog({
  action,
  closeHref,
  consultant,
  actionResult,
  defaults,
}: DialogProps & { defaults: { comment_by_admin: string; daily_rate_onsite: number | null; daily_rate_offsite: number | null } }) {
  const [form, fields] = formFields({
    id: "notes-and-rates",
    constraint: NotesAndRatesSchemaConstraints,
    lastResult: actionResult,
    defaultValue: {
      comment_by_admin: defaults.comment_by_admin,
      daily_rate_onsite: defaults.daily_rate_onsite == null ? "" : String(defaults.daily_rate_onsite),
      daily_rate_offsite: defaults.daily_rate_offsite == null ? "" : String(defaults.daily_rate_offsite),
    },
  });
  return (
    <ModalDialog title="Set Notes and Rates" subtitle={consultant.name} closeHref={closeHref} replace>
      <Form method="post" action={action} {...getFormProps(form)}>
        <Hidden intent="notes" id={consultant.id} closeHref={closeHref} />
        <ModalBody>
          <FormError id={form.errorId} errors={form.errors} />
          <TextareaField label="Notes" meta={fields.comment_by_admin} rows={5} autoFocus />
          <div className={s.twoColumns}>
            <Field label="Daily rate onsite" meta={fields.daily_rate_onsite} type="number" step="any" inputMode="decimal" />
            <Field label="Daily rate offsite" meta={fields.daily_rate_offsite} type="number" step="any" inputMode="decimal" />
          </div>
        </ModalBody>
        <Buttons closeHref={closeHref} label="Save notes and rates" />
      </Form>
    </ModalDialog>
  );
}
