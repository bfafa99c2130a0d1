// Roles and landings (spec 000 §2, §6; 001 §2). Browser-safe.
export const ROLES = ["consultant", "client", "admin", "member", "ops_template"] as const;
export type Role = (typeof ROLES)[number];

/** Where a signed-in user lands: admin and member on analytics, ops_template on the AeroOPS organizations, others on /{role}/home. */
export function roleLanding(role: string): string {
  switch (role) {
    case "admin":
    case "member":
      return "/admin/analytics";
    case "ops_template":
      return "/admin/aeroops/organization";
    case "client":
      return "/client/home";
    case "consultant":
      return "/consultant/home";
    default:
      return `/${encodeURIComponent(role)}/home`;
  }
}

export type AccessLevel = "read" | "write" | "su_write";
export const ACCESS_LABEL: Record<AccessLevel, string> = {
  read: "Read Access",
  write: "Edit Access",
  su_write: "Super User",
};
export const canWrite = (a: AccessLevel | null | undefined) => a === "write" || a === "su_write";

/** Only a same-site path may be used as a post-login destination. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (!to || typeof to !== "string") return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  if (to.startsWith("/auth/") || to === "/logout") return fallback;
  return to;
}
