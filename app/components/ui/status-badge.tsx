import { AIRCRAFT_STATUS_LABEL, statusLabel } from "~/models/status-labels";
import * as ui from "./ui.css";

const TONE = { GROUNDED: "danger", "IN OPERATION": "success", "IN TRANSITION": "warning" } as const;

/** An aircraft status (GROUNDED, IN OPERATION, IN TRANSITION) as a coloured badge. */
export function StatusBadge({ status }: { status: string }) {
  const tone = TONE[status as keyof typeof TONE] ?? "neutral";
  return <span className={`${ui.badge} ${ui.badgeTone[tone]}`}>{statusLabel(AIRCRAFT_STATUS_LABEL, status)}</span>;
}
