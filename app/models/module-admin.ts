// The admin entry points of the AeroOPS and AeroOIL modules (spec 001 §2 "Templates and admin ops",
// issue 6): which module a page is about and where its pages are. /admin/aeroops/* take the module
// from the `type` query parameter (Aeroops by default, Aerooil); /aerooil/* are AeroOIL's own.
// Browser-safe.
import type { Role } from "./roles";
import { moduleTypeOf, type ModuleType } from "./admin-constants";

export type ModuleProductName = "ops" | "oil";
export type ModuleFamily = "admin" | "aerooil";

export interface ModuleLinks {
  type: ModuleType;
  product: ModuleProductName;
  label: "AeroOPS" | "AeroOIL";
  list: string;
  create: string;
  /** The organization's page (its registered MSNs). */
  org: (slug: string) => string;
  /** Where MSNs are registered. */
  register: (slug: string) => string;
}

export function moduleLinks(family: ModuleFamily, type: ModuleType): ModuleLinks {
  if (family === "aerooil") {
    return {
      type: "Aerooil",
      product: "oil",
      label: "AeroOIL",
      list: "/aerooil/organization",
      create: "/aerooil/create",
      org: (slug) => `/aerooil/view?${new URLSearchParams({ organization: slug })}`,
      register: (slug) => `/aerooil/msnids?${new URLSearchParams({ organization: slug })}`,
    };
  }
  const oil = type === "Aerooil";
  const t = oil ? "&type=Aerooil" : "";
  return {
    type,
    product: oil ? "oil" : "ops",
    label: oil ? "AeroOIL" : "AeroOPS",
    list: `/admin/aeroops/organization${oil ? "?type=Aerooil" : ""}`,
    create: `/admin/aeroops/create${oil ? "?type=Aerooil" : ""}`,
    org: (slug) => `/admin/aeroops/org?${new URLSearchParams({ org: slug })}${t}`,
    register: (slug) => `/admin/aeroops/org?${new URLSearchParams({ org: slug })}${t}`,
  };
}

/** The module of a request: /aerooil/* is AeroOIL; /admin/aeroops/* reads `type`. */
export function moduleOfUrl(url: URL, family: ModuleFamily): ModuleLinks {
  return moduleLinks(family, family === "aerooil" ? "Aerooil" : moduleTypeOf(url.searchParams.get("type")));
}

/** Who may use a module's admin pages: ops_template works with AeroOPS only (spec 001 §6). */
export const MODULE_ADMIN_ROLES: Record<ModuleProductName, readonly Role[]> = {
  ops: ["admin", "member", "ops_template"],
  oil: ["admin", "member"],
};

/** The organization slug of a module page: `org` or `organization` (spec 000 §2 query parameters). */
export const orgSlugOf = (url: URL) => (url.searchParams.get("org") ?? url.searchParams.get("organization") ?? "").trim().slice(0, 120);
