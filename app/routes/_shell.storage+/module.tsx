// /storage/module (spec 000 §1, §2): the modules of the portal around an aircraft's records, and the
// fleet in the chosen module's context (?module=airworthiness|transition|maintenance; the storage
// API takes `module` and lists the same aircraft). Links open each module where the user can use it.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { StatusCounts } from "~/components/aircraft-cards/aircraft-cards";
import type { FileSearchHandle } from "~/components/file-search/file-search";
import * as ui from "~/components/ui/ui.css";
import { STORAGE_ROLES, listAircraft } from "~/models/storage.server";
import { requireUser } from "~/utils/auth.server";

const MODULES = [
  { key: "storage", label: "AeroBOX records", text: "Files and folders per aircraft: upload, search, download.", href: "/storage/overview" },
  { key: "uef", label: "Extended upload", text: "Large record sets: files are preprocessed, uploaded and validated by the server.", href: "/storage/uef/overview" },
  { key: "airworthiness", label: "AeroCAMO", text: "Airworthiness: tabs, work orders, technical logbooks.", href: "/Aeroops/org?module=airworthiness" },
  { key: "transition", label: "AeroSORT", text: "Transition: records review and delivery binders.", href: "/Aeroops/org?module=transition" },
  { key: "maintenance", label: "AeroMRO", text: "Maintenance: work orders and logbooks.", href: "/Aeroops/org?module=maintenance" },
] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STORAGE_ROLES });
  const raw = new URL(request.url).searchParams.get("module");
  const module = MODULES.some((m) => m.key === raw) ? raw : null;
  const fleet = await listAircraft(api, { module, perPage: 1 });
  return { module, counts: fleet.counts };
}

export const handle: FileSearchHandle = { fileSearch: ({ data }) => ({ module: (data as { module?: string | null } | undefined)?.module ?? null }) };
export const meta: MetaFunction = () => [{ title: "Modules · AeroRecords" }];

export default function StorageModuleRoute() {
  const { module, counts } = useLoaderData<typeof loader>();
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
            <Link to={m.href} className={`${ui.button.secondary} ${ui.buttonSmall}`}>
              Open {m.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
