// The admin area's constants and small rules, without zod: components and browser code import these,
// the schemas (schemas/admin.ts) build on them (issue 12: zod stays on the server).
export const PRODUCT_TYPES = ["STORAGE", "UAMBOX"] as const;
export const PRODUCTS = ["storage", "ops", "oil"] as const;
export type AccessProduct = (typeof PRODUCTS)[number];
export const PRODUCT_LABEL: Record<AccessProduct, string> = { storage: "Storage", ops: "AeroOPS", oil: "AeroOIL" };
export const ACCESS_LEVELS = ["read", "write", "su_write"] as const;
export type AccessLevelName = (typeof ACCESS_LEVELS)[number];
export const ACCESS_LABELS: Record<AccessLevelName, string> = { read: "Read Access", write: "Edit Access", su_write: "Super User" };
export const AIRCRAFT_STATUSES = ["GROUNDED", "IN OPERATION", "IN TRANSITION"] as const;
export const AIRCRAFT_KINDS = ["aircraft", "helicopter"] as const;
export const APPROVAL_STATUSES = ["verified", "disapproved", "undecided"] as const;
export const USER_ROLES = ["consultant", "client", "admin", "member", "ops_template"] as const;

/** The admin module type of /admin/aeroops/* and /aerooil/* (the spec's `type` query parameter). */
export const MODULE_TYPES = { Aeroops: "ops", Aerooil: "oil" } as const;
export type ModuleType = keyof typeof MODULE_TYPES;
export const moduleTypeOf = (v: string | null | undefined, fallback: ModuleType = "Aeroops"): ModuleType => {
  const k = (Object.keys(MODULE_TYPES) as ModuleType[]).find((t) => t.toLowerCase() === (v ?? "").toLowerCase());
  return k ?? fallback;
};


/** /admin/es-migration refreshes itself every this many seconds while a rebuild runs (a meta refresh). */
export const REINDEX_REFRESH_SECONDS = 3;
