// Row actions on a user: deactivate / reactivate (and resend an invitation). Plain forms posting to
// /deactivate, which redirects back to `redirectTo` with a toast (works without JavaScript).
import { Form } from "@remix-run/react";
import * as ui from "~/components/ui/ui.css";

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
    <Form method="post" action="/deactivate" style={{ display: "inline" }}>
      <input type="hidden" name="user_id" value={userId} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button
        type="submit"
        name="intent"
        value={active ? "deactivate" : "activate"}
        className={`${active ? ui.button.secondary : ui.button.primary} ${ui.buttonSmall}`}
        disabled={disabled}
        aria-label={`${active ? "Deactivate" : "Reactivate"} ${name}`}
      >
        {active ? "Deactivate" : "Reactivate"}
      </button>
    </Form>
  );
}

export function InviteButton({ userId, name, redirectTo }: { userId: number; name: string; redirectTo: string }) {
  return (
    <Form method="post" action="/deactivate" style={{ display: "inline" }}>
      <input type="hidden" name="user_id" value={userId} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button
        type="submit"
        name="intent"
        value="invite"
        className={`${ui.button.ghost} ${ui.buttonSmall}`}
        aria-label={`Mail ${name} a set-your-password link`}
      >
        Send password link
      </button>
    </Form>
  );
}
