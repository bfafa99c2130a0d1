// Browser-safe additions to the three dialogs' shared schemas (app/models/consultant-rules.ts), and
// the URL helper of dialogs opened by a search parameter.
import { z } from "zod";
import { AvailabilitySchema } from "~/models/consultant-rules";

export const AVAILABILITY_CHOICES = ["available", "not_available"] as const;

/**
 * The staff's Set Availability dialog: the shared dates rule plus whether the consultant is available
 * or not in that period (the available or not available call, spec §4).
 */
export const StaffAvailabilitySchema = z.intersection(
  AvailabilitySchema,
  z.object({ availability_status: z.enum(AVAILABILITY_CHOICES, { errorMap: () => ({ message: "Choose available or not available." }) }).default("available") }),
);

export type DialogName = "message" | "availability" | "notes";
export const isDialogName = (v: string | null): v is DialogName => v === "message" || v === "availability" || v === "notes";

/** The page's URL without the dialog's search parameters (where a dialog closes to). */
export function withoutDialog(url: URL | string): string {
  const u = typeof url === "string" ? new URL(url, "http://portal.local") : new URL(url);
  u.searchParams.delete("dialog");
  u.searchParams.delete("consultant");
  const q = u.searchParams.toString();
  return `${u.pathname}${q ? `?${q}` : ""}`;
}

