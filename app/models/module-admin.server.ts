// Loaders shared by the module organization lists (/admin/aeroops/organization, /aerooil/organization)
// and create pages (/admin/aeroops/create, /aerooil/create).
import type { AppLoadContext } from "@remix-run/node";
import { moduleOrganizations, requireModuleAdmin } from "./admin.server";
import type { ModuleFamily } from "./module-admin";

export async function moduleListLoader(request: Request, context: AppLoadContext, family: ModuleFamily) {
  const { api, links } = await requireModuleAdmin(request, context, family);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().toLowerCase().slice(0, 100);
  const all = url.searchParams.get("all") === "1";
  const orgs = await moduleOrganizations(api);
  const uses = (o: (typeof orgs)[number]) => (links.product === "ops" ? o.has_ops : o.has_oil);
  const organizations = orgs.filter((o) => (all || uses(o)) && (!q || o.name.toLowerCase().includes(q) || o.organization.toLowerCase().includes(q)));
  return { links, organizations, total: orgs.length, withModule: orgs.filter(uses).length, q, all };
}

export async function moduleCreateLoader(request: Request, context: AppLoadContext, family: ModuleFamily) {
  const { api, links } = await requireModuleAdmin(request, context, family);
  const orgs = await moduleOrganizations(api);
  return { links, candidates: orgs.filter((o) => !(links.product === "ops" ? o.has_ops : o.has_oil)) };
}
