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


/** The screens of the three work-order tabs (they are not stored tabs), by their tab_id. */
export const WORK_ORDER_TAB_SCREENS: Record<string, string> = Object.fromEntries(
  Object.values(KIND_SCREEN).map((s) => [s.tab, `/client/Aeroops/workorder/${s.path}`]),
);

/** Where an aircraft's tab opens: the tab page, or a work-order tab's list screen; `q` is the query to keep. */
export const opsTabHref = (tabId: string, q: string) => `${WORK_ORDER_TAB_SCREENS[tabId] ?? `/client/Aeroops/${encodeURIComponent(tabId)}`}${q}`;
