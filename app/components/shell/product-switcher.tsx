// The product switcher, for clients only (spec 000 §2, 001 §1): "Open in {product}" for the other
// products; Open in AeroOPS is enabled only with ops access to the aircraft in context.
import { Link } from "@remix-run/react";
import { ChevronDownIcon, DropIcon, FolderIcon, GaugeIcon } from "~/components/icons/icons";
import { PRODUCT_NAME, type Product } from "~/models/shell";
import * as s from "./shell.css";

export interface SwitchTarget {
  product: Product;
  href: string;
  enabled: boolean;
}

const ICON = { storage: FolderIcon, ops: GaugeIcon, oil: DropIcon } as const;

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

export function ProductSwitcher({ targets }: { targets: SwitchTarget[] }) {
  return (
    <details className={s.menu} data-menu="">
      <summary className={s.menuTextSummary}>
        Open in <ChevronDownIcon size={14} />
      </summary>
      <div className={s.menuPanel} style={{ width: 280 }}>
        {targets.map((t) => {
          const Icon = ICON[t.product];
          const label = `Open in ${PRODUCT_NAME[t.product]}`;
          return t.enabled ? (
            <Link key={t.product} to={t.href} className={s.switchLink}>
              <Icon /> {label}
            </Link>
          ) : (
            <span key={t.product} className={s.switchLink} aria-disabled="true" title={`You have no ${PRODUCT_NAME[t.product]} access here`}>
              <Icon /> {label}
            </span>
          );
        })}
      </div>
    </details>
  );
}
