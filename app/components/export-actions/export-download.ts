// An export form's file fetched in place (spec 001 §8, ADR 051): "download has initiated" at once,
// the file saved when it has come, a refusal shown for 15 seconds. Used by the export components
// (export-actions.tsx) and, fetched on the first export, by the page script (app/plain/export.ts).
import { OPS_MESSAGES } from "~/models/ops-messages";

export type Notify = (type: "info" | "error", description: string, duration?: number) => void;

const PDF_KINDS = new Set(["pdf", "binder-current", "binder-full", "general-pdf", "wo-pdf", "logbook-pdf"]);

export async function runExport(form: HTMLFormElement, notify: Notify) {
  const kind = String(new FormData(form).get("kind") ?? "");
  // The export menu (a <details data-menu>) closes; a panel the form sits in stays open.
  form.closest("details[data-menu]")?.removeAttribute("open");
  notify("info", PDF_KINDS.has(kind) ? OPS_MESSAGES.pdfStarted : OPS_MESSAGES.excelStarted);
  try {
    const res = await fetch(form.action, { method: "POST", body: new FormData(form), headers: { "X-Download": "fetch" } });
    const type = res.headers.get("Content-Type") ?? "";
    if (!res.ok || (type.includes("json") && kind !== "full-excel")) {
      const body = (await res.json().catch(() => null)) as { error?: string } | null;
      notify("error", body?.error || OPS_MESSAGES.blobFallbackError, 15000);
      return;
    }
    if (kind === "full-excel") {
      const body = (await res.json()) as { url: string };
      window.location.assign(body.url);
      return;
    }
    const blob = await res.blob();
    const cd = res.headers.get("Content-Disposition") ?? "";
    const name = /filename\*=UTF-8''([^;]+)/i.exec(cd)?.[1] ?? /filename="([^"]+)"/i.exec(cd)?.[1] ?? "download";
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = decodeURIComponent(name);
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  } catch {
    notify("error", OPS_MESSAGES.blobFallbackError, 15000);
  }
}
