// /storage/module as server markup (issue 12, ADR 063): the modules around the fleet's records, with
// the fleet's status counts. module.tsx's loader renders it.
import { StatusCounts, type Counts } from "~/components/aircraft-cards/aircraft-cards";
import { A } from "~/components/server-markup/markup-elements";
import * as ui from "~/components/ui/ui.css";

export const MODULES = [
  { key: "storage", label: "AeroBOX records", text: "Files and folders per aircraft: upload, search, download.", href: "/storage/overview" },
  { key: "uef", label: "Extended upload", text: "Large record sets: files are preprocessed, uploaded and validated by the server.", href: "/storage/uef/overview" },
  { key: "airworthiness", label: "AeroCAMO", text: "Airworthiness: tabs, work orders, technical logbooks.", href: "/Aeroops/org?module=airworthiness" },
  { key: "transition", label: "AeroSORT", text: "Transition: records review and delivery binders.", href: "/Aeroops/org?module=transition" },
  { key: "maintenance", label: "AeroMRO", text: "Maintenance: work orders and logbooks.", href: "/Aeroops/org?module=maintenance" },
] as const;

export function ModulePage({ module, counts }: { module: string | null; counts: Counts }) {
  const current = MODULES.find((m) => m.key === module);
  return (
    <section>
      <header className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Modules</h1>
          <p className={ui.pageLead}>{current ? `Your fleet in ${current.label}.` : "Your fleet's records and the modules built on them."}</p>
        </div>
      </header>
      <StatusCounts counts={counts} />
      <ul className={ui.grid} style={{ listStyle: "none", margin: 0, padding: 0 }}>
        {MODULES.map((m) => (
          <li key={m.key} className={ui.card} data-module={m.key} aria-current={m.key === module ? "true" : undefined}>
            <h2 className={ui.cardTitle}>{m.label}</h2>
            <p className={ui.muted}>{m.text}</p>
            <A to={m.href} className={`${ui.button.secondary} ${ui.buttonSmall}`}>
              Open {m.label}
            </A>
          </li>
        ))}
      </ul>
    </section>
  );
}
