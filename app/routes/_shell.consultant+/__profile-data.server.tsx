// A consultant's profile, its data and its answers (the loader's load, the action's act): shared by
// /consultant/profile/{id}/{tab} and /consultant/profile/{id}/documents (the upload island's page).
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { withoutDialog } from "~/models/consultant-dialogs";
import { CONSULTANT_MESSAGES, PROFILE_TABS } from "~/models/consultant-rules";
import { AvailabilitySchema, SendMessageSchema } from "~/models/schemas/consultant-dialogs.server";
import { addProject, deleteProject, getProfile, listProjects, sendToAdmins, updateProfile, ERROR_401 } from "~/models/consultant.server";
import { done, fieldErrorsOf, isMarketIntent, nextForStage, PROFILE_VIEWER_ROLES, requireConsultantViewer, requireIdParam, runMarketIntent } from "~/models/consultant-pages.server";
import { streamProfileUpload } from "~/models/consultant-upload.server";
import { ConsultantProfileForm, ProjectInput } from "~/models/schemas/consultant.server";
import { redirectWithToast } from "~/utils/toast.server";

import type { Tab } from "./__profile-tabs";

const PROJECTS_PER_PAGE = 10;

export function parseTab(tab: string | undefined): Tab {
  if (!tab || !(PROFILE_TABS as readonly string[]).includes(tab)) throw redirect("/page/page-404");
  return tab as Tab;
}

export async function load({ request, context, params }: LoaderFunctionArgs) {
  const id = requireIdParam(params.id);
  const tab = parseTab(params.tab);
  // Clients browse the marketplace's profiles too (spec 000 §1); the API answers their "market" view.
  const viewer = await requireConsultantViewer(request, context, { id, roles: PROFILE_VIEWER_ROLES });
  const self = viewer.own !== null;
  // The resume tab is for admin viewing; the consultant manages their resume under Documents.
  if (self && tab === "resume") throw redirect(`/consultant/profile/${id}/documents`);
  if (!self && !viewer.staff && tab === "resume") throw redirect(`/consultant/profile/${id}/overview`);
  const url = new URL(request.url);
  const page = Math.max(1, Math.min(100_000, Number(url.searchParams.get("page")) || 1));
  const [consultant, projects] = await Promise.all([
    viewer.own ? viewer.own.consultant : getProfile(viewer.api, id),
    tab === "projects" ? listProjects(viewer.api, id, page, PROJECTS_PER_PAGE) : null,
  ]);
  const requested = url.searchParams.get("dialog");
  const dialog =
    (self && (requested === "message" || requested === "availability")) || (viewer.staff && (requested === "availability" || requested === "notes")) ? requested : null;
  return { consultant, tab, self, staff: viewer.staff, projects, dialog };
}

export async function act({ request, context, params }: ActionFunctionArgs) {
  const id = requireIdParam(params.id);
  const tab = parseTab(params.tab);
  const viewer = await requireConsultantViewer(request, context, { id, onboarding: false, roles: PROFILE_VIEWER_ROLES });
  const self = viewer.own !== null;
  const here = `/consultant/profile/${id}/${tab}`;
  const url = new URL(request.url);

  // The no-JS upload: a multipart form, streamed into the blob store (never read whole).
  if ((request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    const r = await streamProfileUpload(request, context, viewer.api, Number(id));
    const to = `/consultant/profile/${id}/documents`;
    return r.ok ? redirectWithToast(to, { type: "success", description: r.message }) : redirectWithToast(to, { type: "error", description: r.error });
  }

  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");

  // Staff: the marketplace controls (approve, disapprove, availability, notes and rates, like).
  if (!self && isMarketIntent(intent)) {
    return runMarketIntent(viewer, form, { fallback: here, dialogFallback: withoutDialog(url) });
  }

  switch (intent) {
    case "save_profile": {
      if (!self) throw redirect(ERROR_401);
      const submission = parseWithZod(form, { schema: ConsultantProfileForm });
      if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
      const saved = await updateProfile(viewer.api, id, submission.value);
      if (!saved.ok) return data({ intent, result: submission.reply({ formErrors: [saved.error], fieldErrors: fieldErrorsOf(saved.errors) }) }, { status: 400 });
      const c = saved.data.data.consultant;
      return redirectWithToast(nextForStage(c, here), { type: "success", description: saved.message ?? CONSULTANT_MESSAGES.profileSaved });
    }
    case "message": {
      if (!self) throw redirect(ERROR_401);
      const submission = parseWithZod(form, { schema: SendMessageSchema });
      if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
      const sent = await sendToAdmins(viewer.api, id, submission.value.message_to_admin);
      if (!sent.ok) return data({ intent, result: submission.reply({ formErrors: [sent.error] }) }, { status: 400 });
      return redirectWithToast(withoutDialog(url), { type: "success", description: sent.message ?? CONSULTANT_MESSAGES.messageToAdminSent });
    }
    case "availability": {
      // The consultant's own dates (the available / not available status is the administrators').
      if (!self) throw redirect(ERROR_401);
      const submission = parseWithZod(form, { schema: AvailabilitySchema });
      if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
      const saved = await updateProfile(viewer.api, id, submission.value);
      if (!saved.ok) return data({ intent, result: submission.reply({ formErrors: [saved.error], fieldErrors: fieldErrorsOf(saved.errors) }) }, { status: 400 });
      return redirectWithToast(withoutDialog(url), { type: "success", description: saved.message ?? CONSULTANT_MESSAGES.profileSaved });
    }
    case "add_project": {
      if (!self) throw redirect(ERROR_401);
      const submission = parseWithZod(form, { schema: ProjectInput });
      if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
      const added = await addProject(viewer.api, id, submission.value);
      if (!added.ok) return data({ intent, result: submission.reply({ formErrors: [added.error], fieldErrors: fieldErrorsOf(added.errors) }) }, { status: 400 });
      return redirectWithToast(`/consultant/profile/${id}/projects`, { type: "success", description: added.message ?? CONSULTANT_MESSAGES.projectAdded });
    }
    case "delete_project": {
      const pid = Number(form.get("pid"));
      if (!Number.isSafeInteger(pid) || pid <= 0) return data({ intent, ok: false, error: "Choose a project." }, { status: 400 });
      const deleted = await deleteProject(viewer.api, id, pid);
      const back = `/consultant/profile/${id}/projects${url.search}`;
      return deleted.ok
        ? done(form, back, { type: "success", description: deleted.message ?? CONSULTANT_MESSAGES.projectDeleted })
        : done(form, back, { type: "error", description: deleted.error });
    }
    default:
      if (self && isMarketIntent(intent)) throw redirect(ERROR_401);
      return data({ intent, ok: false, error: "Unknown action." }, { status: 400 });
  }
}

