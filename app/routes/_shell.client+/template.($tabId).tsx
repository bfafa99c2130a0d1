// /client/template/{tabId?}?typeOfManufacturer=… (spec 001 §2, issue 14 item 4): the AeroOPS template
// editor of ops_template, admin and member. Without a manufacturer: the manufacturers, and a new one
// with its first tab. With one: its template tabs (add, delete after a confirmation), and its versions
// (save one with a note, list them; ?version=N shows what one held, ADR 052). With a tab: its rows (sorted, filtered,
// paged by the URL; add / edit in the row dialog, delete a selection or all after a confirmation) and
// its columns (rename, retype, reorder, add, delete). Every form works without JavaScript; the ops
// API refuses other roles and bad values, and the page shows its message. A new aircraft of the
// manufacturer starts with these tabs (the upstream copies them when the MSN is registered).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ListTable } from "~/components/data-table-simple/data-table-simple";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { CreateTabForm } from "~/components/tab-structure/tab-structure";
import { TemplateLibrary, TemplateTabView, TemplateVersionView, type AnyProblem } from "~/components/template-editor/template-views";
import * as ui from "~/components/ui/ui.css";
import { loadTemplateView, openManufacturer, requireTemplateUser, templateAction } from "~/models/template-editor.server";
import { libraryHref, type TemplatePlace } from "~/models/template-hrefs";

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const tab = data?.view === "tab" ? `${data.tab.tab_name} · ` : "";
  const version = data?.view === "version" ? `Version ${data.version.version} · ` : "";
  const manufacturer = data && data.view !== "manufacturers" ? `${data.manufacturer.name} template` : "Template editor";
  return [{ title: `${tab}${version}${manufacturer} · AeroRecords` }];
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireTemplateUser(request, context);
  const url = new URL(request.url);
  const { manufacturers, manufacturer } = await openManufacturer(api, url);
  if (!manufacturer) return { view: "manufacturers" as const, manufacturers };
  return loadTemplateView(api, url, manufacturer, params.tabId ?? null);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireTemplateUser(request, context);
  const { manufacturer } = await openManufacturer(api, new URL(request.url));
  const place: TemplatePlace | null = manufacturer ? { kind: "editor", manufacturer: manufacturer.name } : null;
  return templateAction({ request, api, tabId: params.tabId, manufacturer, place });
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

export default function TemplateEditor() {
  const d = useLoaderData<typeof loader>();
  const problem = (useActionData<typeof action>() ?? null) as AnyProblem | null;
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

export const ErrorBoundary = PageErrorBoundary;

