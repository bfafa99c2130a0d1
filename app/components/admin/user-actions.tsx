// Row actions on a user: deactivate / reactivate (and resend an invitation). Row-action forms posting
// to /deactivate, which redirects back to `redirectTo` with a toast (works without JavaScript).
import { RowActionButton, RowActionForm } from "./list-parts";

export function ActiveToggle({
  userId,
  name,
  active,
  redirectTo,
  disabled,
}: {
  userId: number;
  name: string;
  active: boolean;
  redirectTo: string;
  disabled?: boolean;
}) {
  return (
    <RowActionForm action="/deactivate" fields={{ user_id: userId }} redirectTo={redirectTo}>
      <RowActionButton
        intent={active ? "deactivate" : "activate"}
        tone={active ? "secondary" : "primary"}
        disabled={disabled}
        label={`${active ? "Deactivate" : "Reactivate"} ${name}`}
      >
        {active ? "Deactivate" : "Reactivate"}
      </RowActionButton>
    </RowActionForm>
  );
}

export function InviteButton({ userId, name, redirectTo }: { userId: number; name: string; redirectTo: string }) {
  return (
    <RowActionForm action="/deactivate" fields={{ user_id: userId }} redirectTo={redirectTo}>
      <RowActionButton intent="invite" tone="ghost" label={`Send password link to ${name}`}>
        Send password link
      </RowActionButton>
    </RowActionForm>
  );
}
