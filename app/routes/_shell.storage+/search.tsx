// /storage/search with query, aircraft_id, redirect_url, organization, organization_id, folder_path,
// module (spec 000 §2 "Storage", "Query parameters"; 001 §4, §5 on scope). Ranked, paged results with
// the matches highlighted; each opens the file in its folder (/storage/aircraft/{id}/files?dir=…&fileid=…).
// The scope actually used (all aircraft, one aircraft, a folder) is the upstream's and is shown.
// The page's own search box (for narrow screens) is the top bar's form, between the head and the
// results.
import type { LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { downloadToast } from "~/components/toast/download-toast";
import { FileSearch, type FileSearchHandle, type FileSearchProps } from "~/components/file-search/file-search";
import { Highlight } from "~/components/file-search/highlight";
import * as s from "~/components/file-search/search-results.css";
import { Snippet } from "~/components/file-search/snippet";
import { FileIcon } from "~/components/icons/file";
import { FolderIcon } from "~/components/icons/folder";
import { Pagination } from "~/components/pagination/pagination";
import * as ui from "~/components/ui/ui.css";
import { downloadHref, filesHref } from "~/models/storage-links";
import { searchLoader } from "~/models/storage-pages.server";

type Data = SerializeFrom<typeof loader>;
type Params = Data["params"];

export async function loader(args: LoaderFunctionArgs) {
  return searchLoader(args);
}

function searchProps(params: Params): FileSearchProps {
  return {
    aircraftId: params.aircraft_id,
    folderPath: params.folder_path,
    organization: params.organization,
    organizationId: params.organization_id,
    module: params.module,
    defaultQuery: params.query,
    defaultScope: params.scope === "all" ? "all" : params.folder_path ? "folder" : params.aircraft_id ? "aircraft" : "all",
  };
}

export const handle: FileSearchHandle = {
  fileSearch: ({ data }) => {
    const d = data as { params?: Params } | undefined;
    return d?.params ? searchProps(d.params) : {};
  },
};

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const q = (data as { params?: Params } | undefined)?.params?.query;
  return [{ title: q ? `“${q}” · Search · AeroRecords` : "Search · AeroRecords" }];
};

export default function StorageSearchRoute() {
  const d = useLoaderData<typeof loader>();
  return (
    <section>
      <SearchHead d={d} />
      {/* The page's own box, for narrow screens (where the top bar shows only a search icon). */}
      <div className={s.searchRow}>
        <FileSearch {...searchProps(d.params)} />
      </div>
      <SearchResults d={d} />
    </section>
  );
}

function scopeText(d: Data) {
  if (d.scope === "folder") return `Searched the folder ${d.folderPath ?? d.params.folder_path} of ${d.aircraftName ?? "this aircraft"}`;
  if (d.scope === "aircraft") return `Searched ${d.aircraftName ?? "one aircraft"}`;
  if (d.params.aircraft_id && d.params.scope !== "all") return "Searched all aircraft (your organization searches its whole fleet)";
  if (d.organizationName) return `Searched all aircraft of ${d.organizationName}`;
  return "Searched all aircraft you have access to";
}

function SearchHead({ d }: { d: Data }) {
  return (
    <header className={ui.pageHeader}>
      <div>
        <h1 className={ui.pageTitle}>Search</h1>
        <p className={ui.pageLead}>{d.params.query ? <>Results for “{d.params.query}”</> : "Search file and folder names, and the text inside documents, across your records."}</p>
      </div>
      {d.params.redirect_url ? (
        <Link to={d.params.redirect_url} className={ui.button.secondary}>
          Back
        </Link>
      ) : null}
    </header>
  );
}

function SearchResults({ d }: { d: Data }) {
  const location = useLocation();
  // The next page follows the last hit of this one (its cursor); any other page is a page number.
  const pageHref = (p: number) => {
    const q = new URLSearchParams(location.search);
    if (p > 1) q.set("page", String(p));
    else q.delete("page");
    if (p === d.page + 1 && d.next) q.set("after", d.next);
    else q.delete("after");
    return `${location.pathname}?${q}`;
  };
  // Above the ranking window the total is a lower bound (ADR 082): "more than 1,000 results".
  const totalText = d.totalExact ? d.total.toLocaleString("en-US") : `more than ${d.total.toLocaleString("en-US")}`;
  return (
    <>
      {d.error ? (
        <p role="alert" className={ui.alert.error} data-search-error="">
          {d.error}
        </p>
      ) : null}

      {d.scope ? (
        <p className={s.scope} data-scope={d.scope}>
          <span className={`${ui.badge} ${ui.badgeTone.info}`}>{d.scope === "all" ? "All aircraft" : d.scope === "folder" ? "Folder" : "One aircraft"}</span>
          {scopeText(d)} · <span data-total={d.totalExact ? "exact" : "more"}>{totalText} {d.total === 1 && d.totalExact ? "result" : "results"}</span>
        </p>
      ) : null}

      {d.scope && !d.results.length ? <p className={s.empty}>No file or folder names match “{d.params.query}”.</p> : null}

      {d.results.length ? (
        <ol className={s.list} aria-label="Search results" start={(d.page - 1) * d.perPage + 1}>
          {d.results.map((r) => {
            const folder = r.resourcetype === "collection";
            const open = folder ? filesHref(r.aircraft_id, { dir: r.path }) : filesHref(r.aircraft_id, { dir: r.dir, fileid: r.id });
            return (
              <li key={r.id} className={s.item} data-result-id={r.id}>
                {folder ? <FolderIcon className={s.icon} /> : <FileIcon className={s.icon} />}
                <div>
                  <Link to={open} className={s.name} title={folder ? "Open the folder" : "Open the file in its folder"}>
                    <Highlight html={r.highlight} fallback={r.name} />
                  </Link>
                  <div className={s.meta}>
                    <span>{r.aircraft_name}</span>
                    <span className={s.path}>{r.path}</span>
                    {r.match === "content" ? <span>Found in the document’s text</span> : null}
                  </div>
                  {r.snippet ? <Snippet text={r.snippet} marks={r.snippet_marks} page={r.match_page} className={s.snippet} /> : null}
                </div>
                <div className={s.actions}>
                  {!folder ? (
                    <a href={downloadHref(r.aircraft_id, r.id)} {...downloadToast} className={`${ui.button.ghost} ${ui.buttonSmall}`}>
                      Download
                    </a>
                  ) : null}
                  <Link to={open} className={`${ui.button.secondary} ${ui.buttonSmall}`}>
                    {folder ? "Open folder" : "Open in folder"}
                  </Link>
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
      {d.scope ? <Pagination page={d.page} total={d.total} totalText={totalText} perPage={d.perPage} hrefFor={pageHref} noun="results" label="Result pages" /> : null}
    </>
  );
}
