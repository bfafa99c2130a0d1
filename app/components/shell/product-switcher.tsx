// The product switcher, for clients only (spec 000 §2, 001 §1): "Open in {product}" for the other
// products; Open in AeroOPS is enabled only with ops access to the aircraft in context. The menu is
// in shell-parts.tsx; these are its targets.
import type { Product } from "~/models/shell";

export interface SwitchTarget {
  product: Product;
  href: string;
  enabled: boolean;
}

export function switchTargets(
  current: Product,
  enabled: { storage: boolean; ops: boolean; oil: boolean },
  aircraft: { id: number; msn: string; organization: string | null } | null,
): SwitchTarget[] {
  const q = aircraft
    ? `?${new URLSearchParams({ ...(aircraft.organization ? { org: aircraft.organization } : {}), msn_id: aircraft.msn, org_msn_id: String(aircraft.id) })}`
    : "";
  const href: Record<Product, string> = {
    storage: aircraft ? `/storage/aircraft/${aircraft.id}/files` : "/storage/overview",
    ops: aircraft ? `/client/Aeroops/aeroplane${q}&aerotype=Aeroops` : "/Aeroops/org",
    oil: aircraft ? `/client/Aerooil/statusDashboard${q}&aerotype=Aerooil` : "/Aerooil/org",
  };
  return (["storage", "ops", "oil"] as const).filter((p) => p !== current).map((p) => ({ product: p, href: href[p], enabled: enabled[p] }));
}
