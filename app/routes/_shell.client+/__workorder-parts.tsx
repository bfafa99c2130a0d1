// Parts of the work-order screens (create and update; issue 14): the form with its task table, whose
// rows are added and removed by the server (buttons that post the form as typed: the same without
// JavaScript), a read-only view for Read Access, and the comparison of two versions side by side.
import { Form } from "@remix-run/react";
import * as ui from "~/components/ui/ui.css";
import { statusLabel, TASK_STATUS_LABEL, WORK_ORDER_STATUS_LABEL } from "~/models/status-labels";

export interface TaskView {
  ref: string;
  description: string;
  status: string;
  man_hours: string;
}
export interface FormView {
  kind: string;
  number: string;
  title: string;
  status: string;
  station: string;
  remarks: string;
  tasks: TaskView[];
}
type Errors = Record<string, string[]> | undefined;

const TASK_STATUSES = Object.keys(TASK_STATUS_LABEL);
const WO_STATUSES = Object.keys(WORK_ORDER_STATUS_LABEL);
const KINDS = [
  ["aircraft", "Aircraft"],
  ["engine", "Engine"],
  ["component", "Component"],
] as const;

const hoursOf = (tasks: TaskView[]) => Math.round(tasks.reduce((s, t) => s + (Number(t.man_hours.replace(",", ".")) || 0), 0) * 100) / 100;

function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  return errors?.length ? (
    <p id={id} className={ui.errorText}>
      {errors.join(" ")}
    </p>
  ) : null;
}

function Choice({ id, name, value, options, labels, label, errors }: { id: string; name: string; value: string; options: string[]; labels?: Record<string, string>; label: string; errors?: string[] }) {
  const all = value && !options.includes(value) ? [...options, value] : options;
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={id}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className={ui.input} aria-invalid={errors ? true : undefined}>
        {all.map((o) => (
          <option key={o} value={o}>
            {labels ? statusLabel(labels, o) : o}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} errors={errors} />
    </div>
  );
}

/** The work-order form (create, or update = a new version). */
export function WorkOrderFormView({
  form,
  errors,
  formError,
  creating,
  submitLabel,
  extra,
  formKey,
}: {
  /** Changes when the server answers a new form (a task row added or removed): the fields remount. */
  formKey: string;
  form: FormView;
  errors?: Errors;
  formError?: string | null;
  creating: boolean;
  submitLabel: string;
  extra?: Record<string, unknown> | null;
}) {
  const e = errors ?? {};
  return (
    <Form method="post" className={ui.stack} key={formKey} aria-label="Work order" preventScrollReset>
      {formError ? (
        <p className={ui.alert.error} role="alert">
          {formError}
        </p>
      ) : null}
      <div className={ui.card}>
        <div className={ui.grid}>
          {creating ? (
            <div className={ui.field}>
              <label className={ui.label} htmlFor="wo-kind">
                Kind
              </label>
              <select id="wo-kind" name="kind" defaultValue={form.kind || "aircraft"} className={ui.input}>
                {KINDS.map(([v, l]) => (
                  <option key={v} value={v}>
                    {l}
                  </option>
                ))}
              </select>
              <FieldError id="wo-kind-error" errors={e.kind} />
            </div>
          ) : (
            <input type="hidden" name="kind" value={form.kind} />
          )}
          <div className={ui.field}>
            <label className={ui.label} htmlFor="wo-number">
              Work order number
            </label>
            <input id="wo-number" name="number" defaultValue={form.number} required maxLength={60} className={ui.input} aria-invalid={e.number ? true : undefined} />
            <FieldError id="wo-number-error" errors={e.number} />
          </div>
          <div className={ui.field}>
            <label className={ui.label} htmlFor="wo-title">
              Title
            </label>
            <input id="wo-title" name="title" defaultValue={form.title} required maxLength={200} className={ui.input} aria-invalid={e.title ? true : undefined} />
            <FieldError id="wo-title-error" errors={e.title} />
          </div>
          <Choice id="wo-status" name="status" value={form.status || "open"} options={WO_STATUSES} labels={WORK_ORDER_STATUS_LABEL} label="Status" errors={e.status} />
          <div className={ui.field}>
            <label className={ui.label} htmlFor="wo-station">
              Station
            </label>
            <input id="wo-station" name="station" defaultValue={form.station} maxLength={100} className={ui.input} placeholder="e.g. Shannon" />
          </div>
        </div>
      </div>

      <div className={ui.tableWrap}>
        <table className={ui.table} aria-label="Tasks" style={{ minWidth: 720 }}>
          <thead>
            <tr>
              <th scope="col">Ref</th>
              <th scope="col">Description</th>
              <th scope="col">Status</th>
              <th scope="col">Man-hours</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {form.tasks.map((t, i) => {
              const err = [...(e[`task.${i}.description`] ?? []), ...(e[`task.${i}.man_hours`] ?? [])];
              return (
                <tr key={i}>
                  <td style={{ width: 90 }}>
                    <input name={`task.${i}.ref`} defaultValue={t.ref} maxLength={40} className={ui.input} aria-label={`Task ${i + 1} reference`} />
                  </td>
                  <td>
                    <input
                      name={`task.${i}.description`}
                      defaultValue={t.description}
                      maxLength={2000}
                      className={ui.input}
                      aria-label={`Task ${i + 1} description`}
                      aria-invalid={e[`task.${i}.description`] ? true : undefined}
                    />
                    {err.length ? <p className={ui.errorText}>{err.join(" ")}</p> : null}
                  </td>
                  <td style={{ width: 150 }}>
                    <select name={`task.${i}.status`} defaultValue={t.status || "open"} className={ui.input} aria-label={`Task ${i + 1} status`}>
                      {(t.status && !TASK_STATUSES.includes(t.status) ? [...TASK_STATUSES, t.status] : TASK_STATUSES).map((s) => (
                        <option key={s} value={s}>
                          {statusLabel(TASK_STATUS_LABEL, s)}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td style={{ width: 120 }}>
                    <input
                      name={`task.${i}.man_hours`}
                      defaultValue={t.man_hours}
                      inputMode="decimal"
                      maxLength={20}
                      className={ui.input}
                      aria-label={`Task ${i + 1} man-hours`}
                      aria-invalid={e[`task.${i}.man_hours`] ? true : undefined}
                    />
                  </td>
                  <td style={{ width: 100 }}>
                    <button type="submit" name="intent" value={`remove-task:${i}`} formNoValidate className={`${ui.button.ghost} ${ui.buttonSmall}`} aria-label={`Remove task ${i + 1}`}>
                      Remove
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={3}>
                <button type="submit" name="intent" value="add-task" formNoValidate className={`${ui.button.secondary} ${ui.buttonSmall}`}>
                  Add task
                </button>
              </td>
              <td colSpan={2}>
                <strong>Total {hoursOf(form.tasks)} h</strong>
              </td>
            </tr>
          </tfoot>
        </table>
      </div>

      <div className={ui.field}>
        <label className={ui.label} htmlFor="wo-remarks">
          Remarks
        </label>
        <textarea id="wo-remarks" name="remarks" defaultValue={form.remarks} maxLength={5000} className={ui.textarea} />
      </div>
      {extra && Object.keys(extra).length ? <OtherDetails extra={extra} /> : null}
      <div className={ui.row}>
        <button type="submit" name="intent" value="save" className={ui.button.primary}>
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}

/** Fields of a version the form does not edit (planned dates, findings, part numbers…): kept as they are. */
export function OtherDetails({ extra }: { extra: Record<string, unknown> }) {
  return (
    <div className={ui.card}>
      <h2 className={ui.cardTitle}>Other details</h2>
      <dl className={ui.dl}>
        {Object.entries(extra).map(([k, v]) => (
          <div key={k} style={{ display: "contents" }}>
            <dt className={ui.muted}>{labelOf(k)}</dt>
            <dd style={{ margin: 0 }}>{valueText(v)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export const labelOf = (k: string) => k.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
export const valueText = (v: unknown): string => (v === null || v === undefined || v === "" ? "—" : typeof v === "object" ? JSON.stringify(v) : String(v));

/** A saved version for readers: the same facts, no fields. */
export function WorkOrderReadOnly({ form, extra }: { form: FormView; extra?: Record<string, unknown> | null }) {
  return (
    <div className={ui.stack}>
      <div className={ui.card}>
        <dl className={ui.dl}>
          <dt className={ui.muted}>Number</dt>
          <dd style={{ margin: 0 }}>{form.number}</dd>
          <dt className={ui.muted}>Title</dt>
          <dd style={{ margin: 0 }}>{form.title}</dd>
          <dt className={ui.muted}>Status</dt>
          <dd style={{ margin: 0 }}>{statusLabel(WORK_ORDER_STATUS_LABEL, form.status)}</dd>
          <dt className={ui.muted}>Station</dt>
          <dd style={{ margin: 0 }}>{form.station || "—"}</dd>
        </dl>
      </div>
      <TaskTable tasks={form.tasks} label="Tasks" />
      <div className={ui.card}>
        <h2 className={ui.cardTitle}>Remarks</h2>
        <p style={{ margin: 0, whiteSpace: "pre-wrap" }}>{form.remarks || "—"}</p>
      </div>
      {extra && Object.keys(extra).length ? <OtherDetails extra={extra} /> : null}
    </div>
  );
}

export function TaskTable({ tasks, label, changed }: { tasks: TaskView[]; label: string; changed?: Set<number> }) {
  return (
    <div className={ui.tableWrap}>
      <table className={ui.table} aria-label={label} style={{ minWidth: 420 }}>
        <thead>
          <tr>
            <th scope="col">Ref</th>
            <th scope="col">Description</th>
            <th scope="col">Status</th>
            <th scope="col" style={{ textAlign: "right" }}>
              Man-hours
            </th>
          </tr>
        </thead>
        <tbody>
          {tasks.length === 0 ? (
            <tr>
              <td colSpan={4} className={ui.muted}>
                No tasks.
              </td>
            </tr>
          ) : null}
          {tasks.map((t, i) => (
            <tr key={i} data-changed={changed?.has(i) ? "" : undefined} style={changed?.has(i) ? { background: "#fff6d6" } : undefined}>
              <td>{t.ref}</td>
              <td>{t.description}</td>
              <td>{statusLabel(TASK_STATUS_LABEL, t.status)}</td>
              <td style={{ textAlign: "right" }}>{t.man_hours || "—"}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={3}>
              <strong>Total</strong>
            </td>
            <td style={{ textAlign: "right" }}>
              <strong>{hoursOf(tasks)} h</strong>
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
