import * as s from "./toast.css";

export interface ToastView {
  id: string;
  type: "success" | "error" | "info";
  title?: string;
  description: string;
  duration: number;
}

/** The global snackbar: rendered by the server from the flash toast; role=status so screen readers announce it. */
export function Snackbar({ toast }: { toast: ToastView | null }) {
  if (!toast) return null;
  return (
    <div
      key={toast.id}
      role={toast.type === "error" ? "alert" : "status"}
      data-toast={toast.type}
      className={`${s.snackbar} ${s.kind[toast.type]}`}
      style={{ animationDuration: `${toast.duration}ms` }}
    >
      <div>
        {toast.title ? <strong className={s.title}>{toast.title}</strong> : null}
        {toast.description}
      </div>
    </div>
  );
}
