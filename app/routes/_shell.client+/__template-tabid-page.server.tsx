// template.($tabId).tsx's page as server markup (issue 12, ADR 063, 064): its loader (load), its action (act)
// and its component (Page), rendered by the route's loader and action in a router at the page's
// address (routePage; an action's answer with errors is the page again, routeActionMarkup).
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ListTable } from "~/components/data-table-simple/data-table-simple";
import { CreateTabForm } from "~/components/tab-structure/tab-structure";
import { TemplateLibrary, TemplateTabView, TemplateVersionView, type AnyProblem } from "~/components/template-editor/template-views";
import * as ui from "~/components/ui/ui.css";
import { loadTemplateView, openManufacturer, requireTemplateUser, templateAction } from "~/models/template-editor.server";
import { libraryHref, type TemplatePlace } from "~/models/template-hrefs";

export async function load({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireTemplateUser(request, context);
  const url = new URL(request.url);
  const { manufacturers, manufacturer } = await openManufacturer(api, url);
  if (!manufacturer) return json({ view: "manufacturers" as const, manufacturers });
  return json(await loadTemplateView(api, url, manufacturer, params.tabId ?? null));
}

export async function act({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireTemplateUser(request, context);
  const { manufacturer } = await openManufacturer(api, new URL(request.url));
  const place: TemplatePlace | null = manufacturer ? { kind: "editor", manufacturer: manufacturer.name } : null;
  return templateAction({ request, api, tabId: params.tabId, manufacturer, place });
}

type Data = ReturnType<typeof useLoaderData<typeof load>>;

export function Page() {
  const d = useLoaderData<typeof load>();
  const problem = (useActionData<typeof act>() ?? null) as AnyProblem | null;
  if (d.view === "manufacturers") return <Manufacturers d={d} problem={problem} />;
  const place: TemplatePlace = { kind: "editor", manufacturer: d.manufacturer.name };
  const all = (
    <Link to="/client/template" className={ui.button.ghost}>
      All manufacturers
    </Link>
  );
  if (d.view === "library") return <TemplateLibrary d={d} problem={problem} place={place} actions={all} />;
  if (d.view === "version") return <TemplateVersionView d={d} place={place} />;
  return <TemplateTabView d={d} problem={problem} place={place} />;
}

const pick = (p: AnyProblem | null, intent: string) => (p && p.intent === intent ? p : null);

function Manufacturers({ d, problem }: { d: Extract<Data, { view: "manufacturers" }>; problem: AnyProblem | null }) {
  return (
    <>
      <div className={ui.pageHeader}>
        <div>
          <h1 className={ui.pageTitle}>Template editor</h1>
          <p className={ui.pageLead}>The AeroOPS tabs each manufacturer's aircraft start with when their MSN is registered.</p>
        </div>
      </div>
      <ListTable empty={d.manufacturers.length === 0} emptyText="No manufacturers yet: create the first below." label="Manufacturers">
        <thead>
          <tr>
            <th scope="col">Manufacturer</th>
            <th scope="col">Template tabs</th>
          </tr>
        </thead>
        <tbody>
          {d.manufacturers.map((m) => (
            <tr key={m.id}>
              <td>
                <Link to={libraryHref({ kind: "editor", manufacturer: m.name })}>{m.name}</Link>
              </td>
              <td>{m.tab_count}</td>
            </tr>
          ))}
        </tbody>
      </ListTable>
      <div style={{ marginTop: 24, maxWidth: 640 }}>
        <CreateTabForm newManufacturer problem={pick(problem, "create-tab") as { error: string; values: Record<string, string> } | null} />
      </div>
    </>
  );
}
