// AeroOPS work orders (docs/api/ops.md "Work orders"; spec 001 §2, §3; issue 14): an aircraft's work
// orders by kind, one work order at a version, created, updated (every save is a new version) and
// deleted; and the form rules the screens share (the task table, the data a version holds).
import type { Api } from "./api.server";
import type { AircraftRef } from "./ops.server";
import { Message, WorkOrderAnswer, WorkOrderListAnswer, WorkOrderMutationAnswer, type WorkOrderKind } from "./schemas/ops";

export const list = (api: Api, aircraft: AircraftRef, q: { kind?: WorkOrderKind; q?: string; page: number; per_page: number }) =>
  api.post("ops", "/v1/work_order/list.json", { json: { ...aircraft, ...q }, schema: WorkOrderListAnswer });

export const get = (api: Api, work_order_id: number, version?: number) =>
  api.post("ops", "/v1/work_order/get.json", { json: { work_order_id, ...(version ? { version } : {}) }, schema: WorkOrderAnswer });

export const create = (api: Api, aircraft: AircraftRef, wo: { kind: WorkOrderKind; number: string; title: string; status: string; data: WorkOrderData }) =>
  api.post("ops", "/v1/work_order/create.json", { json: { ...aircraft, ...wo }, schema: WorkOrderMutationAnswer });

export const update = (api: Api, work_order_id: number, wo: { number: string; title: string; status: string; data: WorkOrderData }) =>
  api.post("ops", "/v1/work_order/update.json", { json: { work_order_id, ...wo }, schema: WorkOrderMutationAnswer });

export const remove = (api: Api, work_order_id: number) => api.post("ops", "/v1/work_order/delete.json", { json: { work_order_id }, schema: Message });

// ---- the form ---------------------------------------------------------------------------------

export interface WorkOrderTask {
  ref: string;
  description: string;
  status: string;
  man_hours: string;
}
export interface WorkOrderData {
  station: string;
  tasks: { ref: string; description: string; status: string; man_hours: number | null }[];
  remarks: string;
}

export const TASK_STATUSES = ["open", "in progress", "done", "deferred"] as const;
export const WO_STATUSES = ["open", "in progress", "closed", "cancelled"] as const;
export const MAX_TASKS = 200;

/** The form's values as typed (kept for the form again after a refusal or an added / removed task row). */
export interface WorkOrderForm {
  kind: string;
  number: string;
  title: string;
  status: string;
  station: string;
  remarks: string;
  tasks: WorkOrderTask[];
}

const text = (form: FormData, k: string, max: number) => {
  const v = form.get(k);
  return typeof v === "string" ? v.slice(0, max) : "";
};

/** Reads the work-order form (task rows are `task.<i>.<field>`, in order). */
export function readForm(form: FormData): WorkOrderForm {
  const tasks: WorkOrderTask[] = [];
  for (let i = 0; i < MAX_TASKS; i++) {
    if (!form.has(`task.${i}.ref`) && !form.has(`task.${i}.description`)) break;
    tasks.push({
      ref: text(form, `task.${i}.ref`, 40),
      description: text(form, `task.${i}.description`, 2000),
      status: text(form, `task.${i}.status`, 40),
      man_hours: text(form, `task.${i}.man_hours`, 20),
    });
  }
  return {
    kind: text(form, "kind", 20),
    number: text(form, "number", 60),
    title: text(form, "title", 200),
    status: text(form, "status", 40),
    station: text(form, "station", 100),
    remarks: text(form, "remarks", 5000),
    tasks,
  };
}

export const emptyTask = (i: number): WorkOrderTask => ({ ref: String(i + 1), description: "", status: "open", man_hours: "" });

/** The form of a saved version. */
export function formOf(wo: { kind: string; number: string; title: string; status: string; data: Record<string, unknown> }): WorkOrderForm {
  const d = dataOf(wo.data);
  return {
    kind: wo.kind,
    number: wo.number,
    title: wo.title,
    status: wo.status,
    station: d.station,
    remarks: d.remarks,
    tasks: d.tasks.map((t) => ({ ref: t.ref, description: t.description, status: t.status, man_hours: t.man_hours === null ? "" : String(t.man_hours) })),
  };
}

/** A version's data, whatever shape an older version stored it in. */
export function dataOf(data: Record<string, unknown>): WorkOrderData {
  const str = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
  const tasks = Array.isArray(data.tasks) ? data.tasks : [];
  return {
    station: str(data.station),
    remarks: str(data.remarks),
    tasks: tasks
      .filter((t): t is Record<string, unknown> => Boolean(t) && typeof t === "object")
      .map((t) => {
        let hours: number | null = null;
        if (typeof t.man_hours === "number") hours = t.man_hours;
        else if (str(t.man_hours).trim()) {
          const n = Number(str(t.man_hours).trim().replace(",", "."));
          hours = Number.isFinite(n) ? n : null;
        }
        return { ref: str(t.ref), description: str(t.description), status: str(t.status) || "open", man_hours: hours };
      }),
  };
}

/** Checks the form; answers the data to send or the errors per field (`task.<i>.<field>` for task cells). */
export function validate(f: WorkOrderForm, { creating }: { creating: boolean }) {
  const errors: Record<string, string[]> = {};
  const err = (k: string, m: string) => (errors[k] ??= []).push(m);
  if (creating && !["aircraft", "engine", "component"].includes(f.kind)) err("kind", "Choose the kind: aircraft, engine or component.");
  if (!f.number.trim()) err("number", "Enter the work order number.");
  if (!f.title.trim()) err("title", "Enter a title.");
  if (!f.status.trim()) err("status", "Choose a status.");
  const tasks: WorkOrderData["tasks"] = [];
  f.tasks.forEach((t, i) => {
    // A row with nothing typed is ignored: the form's own empty rows carry their number as the
    // reference ("3"), so only a reference the user changed makes a row without a description a task.
    const blank = !t.description.trim() && !t.man_hours.trim() && (!t.ref.trim() || t.ref.trim() === String(i + 1));
    if (blank) return;
    if (!t.description.trim()) err(`task.${i}.description`, `Task ${i + 1}: describe the task.`);
    let hours: number | null = null;
    if (t.man_hours.trim()) {
      hours = Number(t.man_hours.trim().replace(",", "."));
      if (!Number.isFinite(hours) || hours < 0 || hours > 10_000) err(`task.${i}.man_hours`, `Task ${i + 1}: man-hours must be a number from 0 to 10000.`);
    }
    tasks.push({ ref: t.ref.trim(), description: t.description.trim(), status: t.status.trim() || "open", man_hours: hours === null || !Number.isFinite(hours) ? null : Math.round(hours * 100) / 100 });
  });
  const data: WorkOrderData = { station: f.station.trim(), tasks, remarks: f.remarks.trim() };
  return { errors, data, ok: Object.keys(errors).length === 0 };
}

/** Total man-hours of a version's tasks. */
export const totalHours = (d: WorkOrderData) => Math.round(d.tasks.reduce((s, t) => s + (t.man_hours ?? 0), 0) * 100) / 100;

export { KIND_SCREEN, parseWoRef, updatePath } from "./workorder-rules";

/**
 * What a post of the work-order form asks: a task row added or removed (the form comes back as typed,
 * with the change), or a save (the form checked; the data to send when it passes).
 */
export function readPost(form: FormData, opts: { creating: boolean }) {
  const f = readForm(form);
  const intent = String(form.get("intent") ?? "save");
  if (intent === "add-task") {
    if (f.tasks.length < MAX_TASKS) f.tasks.push(emptyTask(f.tasks.length));
    return { step: "edit" as const, form: f };
  }
  const remove = /^remove-task:(\d{1,3})$/.exec(intent);
  if (remove) {
    f.tasks.splice(Number(remove[1]), 1);
    return { step: "edit" as const, form: f };
  }
  return { step: "save" as const, form: f, check: validate(f, opts) };
}

/** A new version's data: the form's, over the fields of the version it was made from that the form does not edit. */
export function mergeData(previous: Record<string, unknown>, next: WorkOrderData): Record<string, unknown> {
  const before = Array.isArray(previous.tasks) ? (previous.tasks as Record<string, unknown>[]) : [];
  const tasks = next.tasks.map((t) => {
    const old = before.find((b) => b && typeof b === "object" && String(b.ref ?? "") === t.ref && t.ref !== "");
    return old ? { ...old, ...t } : t;
  });
  return { ...previous, station: next.station, remarks: next.remarks, tasks };
}

/** The fields of a version's data the form does not edit (shown as "Other details"). */
export function extraOf(data: Record<string, unknown>): Record<string, unknown> {
  const { station: _s, tasks: _t, remarks: _r, ...rest } = data;
  return rest;
}
