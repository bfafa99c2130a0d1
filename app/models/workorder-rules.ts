// Work-order rules shared by the server and the browser (no .server imports): the screens of each kind
// and the update URL (spec 001 §2).
export const WORK_ORDER_KINDS = ["aircraft", "engine", "component"] as const;
export type WorkOrderKind = (typeof WORK_ORDER_KINDS)[number];

export const KIND_SCREEN: Record<WorkOrderKind, { path: string; label: string; tab: string }> = {
  aircraft: { path: "aircraftworkorder", label: "Aircraft WO", tab: "aircraftwo" },
  engine: { path: "engineworkorder", label: "Engine WO", tab: "enginewo" },
  component: { path: "componentworkorder", label: "Component WO", tab: "componentwo" },
};

/** `/client/Aeroops/updateworkorder/{kind}_wo{id}` */
export const updatePath = (kind: WorkOrderKind, id: number) => `/client/Aeroops/updateworkorder/${kind}_wo${id}`;

/** Reads the `{kind}_wo{id}` segment of an update URL. */
export function parseWoRef(segment: string | undefined): { kind: WorkOrderKind; id: number } | null {
  const m = /^(aircraft|engine|component)_wo(\d{1,12})$/.exec(segment ?? "");
  return m ? { kind: m[1] as WorkOrderKind, id: Number(m[2]) } : null;
}

