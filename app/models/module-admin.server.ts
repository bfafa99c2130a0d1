// The AeroOPS / AeroOIL admin entry points (/admin/aeroops/*, /aerooil/*): the guard, the module
// organization lists and create pages, an organization's MSNs and the MSN registration. The calls
// are ops.server.ts's (the module registry) and admin.server.ts's (an organization's modules).
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { requireUser } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import * as admin from "./admin.server";
import { submitChange } from "./forms.server";
import { MODULE_ADMIN_ROLES, moduleOfUrl, orgSlugOf, type ModuleFamily } from "./module-admin";
import * as ops from "./ops.server";
import { ModuleEnableInput, ModuleOrganizationInput } from "./schemas/admin";
import { MsnIdCreatedInput } from "./schemas/ops";

export async function requireModuleAdmin(request: Request, context: AppLoadContext, family: ModuleFamily) {
  const links = moduleOfUrl(new URL(request.url), family);
  const authed = await requireUser(request, context, { roles: MODULE_ADMIN_ROLES[links.product] });
  return { ...authed, links };
}

export async function moduleListLoader(request: Request, context: AppLoadContext, family: ModuleFamily) {
  const { api, links } = await requireModuleAdmin(request, context, family);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().toLowerCase().slice(0, 100);
  const all = url.searchParams.get("all") === "1";
  const orgs = await ops.moduleOrganizations(api);
  const uses = (o: (typeof orgs)[number]) => (links.product === "ops" ? o.has_ops : o.has_oil);
  const organizations = orgs.filter((o) => (all || uses(o)) && (!q || o.name.toLowerCase().includes(q) || o.organization.toLowerCase().includes(q)));
  return { links, organizations, total: orgs.length, withModule: orgs.filter(uses).length, q, all };
}

export async function moduleCreateLoader(request: Request, context: AppLoadContext, family: ModuleFamily) {
  const { api, links } = await requireModuleAdmin(request, context, family);
  const orgs = await ops.moduleOrganizations(api);
  return { links, candidates: orgs.filter((o) => !(links.product === "ops" ? o.has_ops : o.has_oil)) };
}

/** The create page's action: a new organization with the module on, or the module on for an existing one. */
export async function moduleCreateAction(request: Request, context: AppLoadContext, family: ModuleFamily) {
  const { api, links } = await requireModuleAdmin(request, context, family);
  const form = await request.formData();
  const intent = form.get("intent");
  const flag = links.product === "ops" ? "has_ops" : "has_oil";
  if (intent === "enable") {
    const submission = parseWithZod(form, { schema: ModuleEnableInput });
    if (submission.status !== "success") return data({ intent: "enable" as const, result: submission.reply(), problem: null }, { status: 400 });
    const res = await admin.enableModule(api, submission.value.organization_id, links.product);
    if (!res.ok) return data({ intent: "enable" as const, result: submission.reply({ formErrors: [res.error] }), problem: null }, { status: 400 });
    return redirectWithToast(links.org(res.data.organization.slug), { type: "success", description: res.message ?? `${links.label} is on.` });
  }
  const submission = parseWithZod(form, { schema: ModuleOrganizationInput });
  if (submission.status !== "success") return data({ intent: "create" as const, result: submission.reply(), problem: null }, { status: 400 });
  const res = await admin.createOrganization(api, { ...submission.value, [flag]: true });
  if (!res.ok)
    return data({ intent: "create" as const, result: submission.reply({ formErrors: [res.error], fieldErrors: res.errors }), problem: null }, { status: 400 });
  return redirectWithToast(links.register(res.data.organization.slug), { type: "success", description: res.message ?? "Created." });
}

/** An organization page of a module: the organization (by slug) and its MSNs registered for the module, paged. */
export async function moduleOrgLoader(request: Request, context: AppLoadContext, family: ModuleFamily) {
  const { api, links, user } = await requireModuleAdmin(request, context, family);
  const url = new URL(request.url);
  const slug = orgSlugOf(url);
  if (!slug) throw redirect(links.list);
  const page = Math.max(1, Math.min(100_000, Number(url.searchParams.get("page")) || 1));
  const organizations = await ops.moduleOrganizations(api);
  const organization = organizations.find((o) => o.organization === slug);
  if (!organization) throw await redirectWithToast(links.list, { type: "error", description: "That organization was not found." });
  const res = await ops.listMsnIds(api, { organization: slug, product: links.product, page, per_page: 50 });
  if (!res.ok) throw new Response(res.error, { status: res.status });
  return { links, organization, msns: res.data, role: user.role };
}

/** Registers an MSN for the module (POST /v1/user_access/msn_id_created.json). */
export async function moduleRegisterAction(request: Request, context: AppLoadContext, family: ModuleFamily) {
  const { api, links } = await requireModuleAdmin(request, context, family);
  const url = new URL(request.url);
  const submission = parseWithZod(await request.formData(), { schema: MsnIdCreatedInput });
  if (submission.status !== "success") return data({ result: submission.reply(), problem: null }, { status: 400 });
  if (submission.value.product !== links.product || submission.value.organization !== orgSlugOf(url)) {
    return data({ result: submission.reply({ formErrors: ["Register the MSN from its organization's page."] }), problem: null }, { status: 400 });
  }
  return submitChange({ send: ops.registerMsn(api, submission.value), submission, redirectTo: () => url.pathname + url.search });
}
