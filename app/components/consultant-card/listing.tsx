// Shared by the listing pages (/client/dashboard, /client/saved): the cards' links from the page's
// URL and the staff dialog opened by ?dialog=availability|notes&consultant={id}.
import type { SubmissionResult } from "~/components/ui/form-fields";
import { useLocation } from "@remix-run/react";
import { AvailabilityDialog, NotesAndRatesDialog } from "~/components/modal-dialog/consultant-dialogs";
import { withoutDialog } from "~/models/consultant-dialogs";
import type { CardLinks } from "./consultant-card";

/** The links every card of a listing page needs, from the page's own URL. */
export function useCardLinks(): CardLinks {
  const location = useLocation();
  const page = withoutDialog(`${location.pathname}${location.search}`);
  return {
    action: page,
    redirectTo: page,
    dialogHref: (dialog, id) => {
      const q = new URLSearchParams(location.search);
      q.set("dialog", dialog);
      q.set("consultant", String(id));
      return `${location.pathname}?${q}`;
    },
    resumeHref: (id) => `/resources/consultant-resume/${id}?${new URLSearchParams({ back: page })}`,
  };
}

export type DialogData = { intent?: string; result?: SubmissionResult<string[]> };

/** The staff dialog of a listing page (?dialog=availability|notes&consultant=id). */
export function StaffDialog({ dialog, actionData }: { dialog: { dialog: "availability" | "notes"; consultant: { id: number; name: string; available_start_date: string | null; available_end_date: string | null; availability_status: boolean | null; comment_by_admin?: string; daily_rate_onsite?: number | null; daily_rate_offsite?: number | null } } | null; actionData?: DialogData }) {
  const location = useLocation();
  if (!dialog) return null;
  const here = `${location.pathname}${location.search}`;
  const closeHref = withoutDialog(here);
  const c = dialog.consultant;
  const result = actionData?.intent === dialog.dialog ? actionData.result : undefined;
  return dialog.dialog === "availability" ? (
    <AvailabilityDialog
      action={here}
      closeHref={closeHref}
      consultant={{ id: c.id, name: c.name }}
      actionResult={result}
      staff
      defaults={{ available_start_date: c.available_start_date, available_end_date: c.available_end_date, availability_status: c.availability_status }}
    />
  ) : (
    <NotesAndRatesDialog
      action={here}
      closeHref={closeHref}
      consultant={{ id: c.id, name: c.name }}
      actionResult={result}
      defaults={{ comment_by_admin: c.comment_by_admin ?? "", daily_rate_onsite: c.daily_rate_onsite ?? null, daily_rate_offsite: c.daily_rate_offsite ?? null }}
    />
  );
}

