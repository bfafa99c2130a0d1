// /admin/aeroops/template/manufacturers/{id?} (spec 001 §2; issue 14 item 4 and its leftovers, ADR 052):
// the AeroOPS template library, edited in place. The manufacturers (create; for the chosen one rename
// and delete after a confirmation: ops_template and admin, refused by the ops API with its message
// while registered aircraft name the manufacturer); for the chosen manufacturer the template editor's
// own views (app/components/template-editor): its template tabs (add, delete) and versions (save with a
// note, list; ?version=N shows what one held), and with ?tab_id= a tab's rows and columns. ops_template,
// admin and member may open it; members edit the template but not the manufacturers (the page says
// so, and the ops API refuses a replayed post). Every form works without JavaScript.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import * as s from "~/components/admin/admin.css";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { ModalBody, ModalDialog, ModalFooter } from "~/components/modal-dialog/modal-dialog";
import { ConfirmDialog, ProblemAlert } from "~/components/tab-structure/tab-structure";
import { TemplateLibrary, TemplateTabView, TemplateVersionView, type AnyProblem } from "~/components/template-editor/template-views";
import * as ui from "~/components/ui/ui.css";
import { loadTemplateView, manufacturerById, manufacturerIntent, mayEditManufacturers, requireTemplateUser, templateAction } from "~/models/template-editor.server";
import { libraryHref, type TemplatePlace } from "~/models/template-hrefs";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.view && data.view !== "none" ? `${data.manufacturer.name} · ` : ""}Templates and manufacturers · AeroRecords` },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, user } = await requireTemplateUser(request, context);
  const url = new URL(request.url);
  const { manufacturers, manufacturer } = await manufacturerById(api, params.id);
  const mayManage = mayEditManufacturers(user.role);
  const nav = { manufacturers, mayManage, role: user.role };
  if (!manufacturer) return { ...nav, view: "none" as const };
  const view = await loadTemplateView(api, url, manufacturer, url.searchParams.get("tab_id"));
  const dialog = view.view === "library" ? (url.searchParams.get("dialog") === "rename" ? "rename" : url.searchParams.get("confirm") === "delete-manufacturer" ? "delete" : null) : null;
  return { ...nav, ...view, dialog };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireTemplateUser(request, context);
  const { manufacturer } = await manufacturerById(api, params.id);
  const form = await request.clone().formData();
  const done = await manufacturerIntent(form, api, manufacturer);
  if (done) return done;
  const url = new URL(request.url);
  const place: TemplatePlace | null = manufacturer ? { kind: "admin", id: manufacturer.id, manufacturer: manufacturer.name } : null;
  return templateAction({ request, api, tabId: url.searchParams.get("tab_id") ?? undefined, manufacturer, place });
}

const BASE = "/admin/aeroops/template/manufacturers";

const pick = (p: AnyProblem | null, intent: string) => (p && p.intent === intent ? p : null);

const AllManufacturers = () => (
  <Link to={BASE} className={ui.button.ghost}>
    All manufacturers
  </Link>
);

function RenameDialog({ name, closeHref, problem }: { name: string; closeHref: string; problem: { error: string; values: Record<string, string> } | null }) {
  return (
    <ModalDialog title={`Rename ${name}`} subtitle="Registered aircraft name their manufacturer: one in use can only change its case." closeHref={closeHref}>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="rename-manufacturer" />
        <ModalBody>
          <ProblemAlert problem={problem} />
          <div className={ui.field}>
            <label className={ui.label} htmlFor="rename-name">
              New name
            </label>
            <input id="rename-name" name="name" className={ui.input} required maxLength={100} defaultValue={problem?.values.name ?? name} />
          </div>
        </ModalBody>
        <ModalFooter>
          <Link to={closeHref} className={ui.button.ghost} preventScrollReset>
            Cancel
          </Link>
          <button type="submit" className={ui.button.primary}>
            Rename
          </button>
        </ModalFooter>
      </Form>
    </ModalDialog>
  );
}

export default function TemplateManufacturers() {
  const d = useLoaderData<typeof loader>();
  const problem = (useActionData<typeof action>() ?? null) as AnyProblem | null;
  const selected = d.view === "none" ? null : d.manufacturer;
  const place: TemplatePlace | null = selected ? { kind: "admin", id: selected.id, manufacturer: selected.name } : null;
  const createProblem = pick(problem, "create-manufacturer") as { error: string; values: Record<string, string> } | null;
  // A tab's rows and a version's tables need the page's width: no manufacturer list beside them.
  if (place && d.view === "version") return <TemplateVersionView d={d} place={place} actions={<AllManufacturers />} />;
  if (place && d.view === "tab") return <TemplateTabView d={d} problem={problem} place={place} />;
  return (
    <div className={s.split}>
      <div>
        <nav aria-label="Manufacturers" className={ui.tableWrap}>
          {d.manufacturers.length === 0 ? (
            <p className={ui.empty}>No manufacturers yet.</p>
          ) : (
            <ul className={s.navList}>
              {d.manufacturers.map((m) => (
                <li key={m.id}>
                  <Link className={s.navItem} to={`${BASE}/${m.id}`} aria-current={selected?.id === m.id ? "page" : undefined}>
                    <span>{m.name}</span>
                    <span className={`${ui.small} ${ui.muted}`}>
                      {m.tab_count} {m.tab_count === 1 ? "tab" : "tabs"} · {m.aircraft_count} aircraft
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </nav>
        {d.mayManage ? (
          <Form method="post" action={BASE} className={ui.card} aria-label="New manufacturer" style={{ marginTop: 16 }}>
            <h2 className={ui.cardTitle}>New manufacturer</h2>
            <input type="hidden" name="intent" value="create-manufacturer" />
            <ProblemAlert problem={createProblem} />
            <div className={ui.field}>
              <label className={ui.label} htmlFor="m-name">
                Name
              </label>
              <input id="m-name" name="name" className={ui.input} required maxLength={100} defaultValue={createProblem?.values.name} />
            </div>
            <button type="submit" className={ui.button.primary}>
              Create the manufacturer
            </button>
          </Form>
        ) : (
          <p className={`${ui.alert.info} ${ui.small}`} role="note" style={{ marginTop: 16 }}>
            Creating, renaming and deleting manufacturers is for admins and template managers (ops_template). As a {d.role} you may edit a manufacturer's template tabs, rows
            and versions.
          </p>
        )}
      </div>
      <div>
        {/* A manufacturer post refused where its form is not on the page (a member's replayed post): the API's message. */}
        {(["create-manufacturer", "rename-manufacturer", "delete-manufacturer"] as const).map((i) => {
          const shownInPlace = i === "create-manufacturer" ? d.mayManage : d.view === "library" && d.dialog === (i === "rename-manufacturer" ? "rename" : "delete");
          return shownInPlace ? null : <ProblemAlert key={i} problem={pick(problem, i)} />;
        })}
        {d.view === "none" ? (
          <div className={ui.pageHeader}>
            <div>
              <h1 className={ui.pageTitle}>Templates and manufacturers</h1>
              <p className={ui.pageLead}>The AeroOPS tabs each manufacturer's aircraft start with when their MSN is registered. Choose a manufacturer to edit its template.</p>
            </div>
          </div>
        ) : d.view === "library" && place ? (
          <>
            <TemplateLibrary
              d={d}
              problem={problem}
              place={place}
              actions={
                d.mayManage ? (
                  <>
                    <Link to={libraryHref(place, { dialog: "rename" })} className={ui.button.secondary} preventScrollReset>
                      Rename…
                    </Link>
                    <Link to={libraryHref(place, { confirm: "delete-manufacturer" })} className={ui.button.ghost} preventScrollReset>
                      Delete the manufacturer…
                    </Link>
                  </>
                ) : null
              }
            />
            {d.dialog === "rename" ? <RenameDialog name={d.manufacturer.name} closeHref={libraryHref(place)} problem={pick(problem, "rename-manufacturer") as { error: string; values: Record<string, string> } | null} /> : null}
            {d.dialog === "delete" ? (
              <ConfirmDialog title={`Delete the manufacturer ${d.manufacturer.name}?`} intent="delete-manufacturer" closeHref={libraryHref(place)} button="Delete the manufacturer">
                <ProblemAlert problem={pick(problem, "delete-manufacturer")} />
                <p>
                  Its {d.tabs.length} template {d.tabs.length === 1 ? "tab" : "tabs"} with their columns and rows, and its {d.versions.length} saved{" "}
                  {d.versions.length === 1 ? "version" : "versions"}, are deleted with it.
                </p>
                {d.manufacturer.aircraft_count > 0 ? (
                  <p className={ui.muted}>
                    {d.manufacturer.aircraft_count} registered aircraft name {d.manufacturer.name}; the AeroOPS API refuses to delete a manufacturer in use.
                  </p>
                ) : null}
              </ConfirmDialog>
            ) : null}
          </>
        ) : null}
      </div>
    </div>
  );
}

export const ErrorBoundary = PageErrorBoundary;
