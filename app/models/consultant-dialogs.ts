// The dialogs' choices and the URL helper of dialogs opened by a search parameter (no zod here: the
// staff availability schema is in app/models/schemas/consultant-dialogs.ts).

export const AVAILABILITY_CHOICES = ["available", "not_available"] as const;


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

