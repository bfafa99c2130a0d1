// /storage/module (spec 000 §1, §2): the modules of the portal around an aircraft's records, and the
// fleet in the chosen module's context (?module=airworthiness|transition|maintenance; the storage
// API takes `module` and lists the same aircraft). Links open each module where the user can use it.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { FileSearchHandle } from "~/components/file-search/file-search";
import { PageMarkup } from "~/components/server-markup/server-markup";
import { STORAGE_ROLES, listAircraft } from "~/models/storage.server";
import { requireUser } from "~/utils/auth.server";
import { markupJson } from "~/utils/page-markup.server";
import { MODULES, ModulePage } from "./__module-page.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STORAGE_ROLES });
  const raw = new URL(request.url).searchParams.get("module");
  const module = MODULES.some((m) => m.key === raw) ? raw : null;
  const fleet = await listAircraft(api, { module, perPage: 1 });
  // The page is server markup (ADR 063); `module` stays in the data for the file search's handle.
  return markupJson({ context }, "page-module", <ModulePage module={module} counts={fleet.counts} />, { module }, { headers: { "Cache-Control": "private, no-store" } });
}

export const handle: FileSearchHandle = { fileSearch: ({ data }) => ({ module: (data as { module?: string | null } | undefined)?.module ?? null }) };
export const meta: MetaFunction = () => [{ title: "Modules · AeroRecords" }];

export default function StorageModuleRoute() {
  return <PageMarkup id="page-module" />;
}
