// The notifications menu of the top bar (shell-parts.tsx): a <details>
// disclosure (opens without JavaScript), the latest notifications, "There's nothing here..." when
// empty (spec 000 §8), and "Mark all as read".
export const EMPTY_NOTIFICATIONS = "There's nothing here...";
