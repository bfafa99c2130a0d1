// The three consultant dialogs (spec 000 §2, §5): Send Message, Set Your Availability, Set Notes and
// Rates. Field names are the API's; the form posts strings that these coerce. Server-side validation
// (the browser gets their constraints from app/models/form-constraints.ts).
import { z } from "zod";
import { availabilityDatesError, isIsoDate } from "../consultant-rules";
import { AVAILABILITY_CHOICES } from "~/models/consultant-dialogs";

const isoDate = (required: string) =>
  z
    .string({ required_error: required, invalid_type_error: required })
    .trim()
    .min(1, required)
    .refine(isIsoDate, "Enter a date as YYYY-MM-DD.");

/** Send Message: message_to_admin, required, multiline. */
export const SendMessageSchema = z.object({
  message_to_admin: z
    .string({ required_error: "Write a message to the administrators." })
    .trim()
    .min(1, "Write a message to the administrators.")
    .max(5000, "The message is too long (at most 5000 characters)."),
});

/** Set Your Availability: start required; end not before the start (or 1920-05-04). */
export const AvailabilitySchema = z
  .object({
    available_start_date: isoDate("Choose the date you are available from."),
    available_end_date: z
      .string()
      .trim()
      .refine((s) => s === "" || isIsoDate(s), "Enter a date as YYYY-MM-DD.")
      .optional()
      .transform((s) => (s ? s : null)),
  })
  .superRefine((v, ctx) => {
    const err = availabilityDatesError(v.available_start_date, v.available_end_date);
    if (err) ctx.addIssue({ code: z.ZodIssueCode.custom, message: err, path: ["available_end_date"] });
  });

const rate = (label: string) =>
  z
    .number({ required_error: `Enter the ${label} daily rate.`, invalid_type_error: `Enter the ${label} daily rate as a number.` })
    .finite(`Enter the ${label} daily rate as a number.`)
    .min(0, `The ${label} daily rate cannot be negative.`)
    .max(1_000_000, `The ${label} daily rate is too high.`);

/** Set Notes and Rates: comment_by_admin, daily_rate_onsite, daily_rate_offsite, all required. */
export const NotesAndRatesSchema = z.object({
  comment_by_admin: z
    .string({ required_error: "Write a note about the consultant." })
    .trim()
    .min(1, "Write a note about the consultant.")
    .max(5000, "The note is too long (at most 5000 characters)."),
  daily_rate_onsite: rate("onsite"),
  daily_rate_offsite: rate("offsite"),
});

export type SendMessageValues = z.infer<typeof SendMessageSchema>;
export type AvailabilityValues = z.infer<typeof AvailabilitySchema>;
export type NotesAndRatesValues = z.infer<typeof NotesAndRatesSchema>;

/**
 * The staff's Set Availability dialog: the shared dates rule plus whether the consultant is available
 * or not in that period (the available or not available call, spec §4).
 */
export const StaffAvailabilitySchema = z.intersection(
  AvailabilitySchema,
  z.object({ availability_status: z.enum(AVAILABILITY_CHOICES, { errorMap: () => ({ message: "Choose available or not available." }) }).default("available") }),
);
