// The one list of operations of both upstream APIs (issue 18 item 6, ADR 046): method, path, inputs,
// answers (one zod schema per documented status, or the file types of a file answer) and who may call
// each. The OpenAPI document (upstream/openapi.ts, docs/api/openapi.json, served at /_api/openapi.json)
// is generated from it, and tests/contract/openapi.test.ts calls every operation on the running
// upstream and checks each answer against the schema listed here. The handlers read their inputs
// with the same schemas (upstream/http.ts readBody / readQuery).
// Server-side only, like every module here: pages never import zod.
import { z } from "zod";
import * as A from "./auth";
import * as Ad from "./admin";
import * as C from "./consultant";
import * as I from "./inventory";
import * as O from "./ops";
import * as OL from "./oil-limits";
import * as Oc from "./ocr";
import * as L from "./links";
import * as R from "./records";
import * as S from "./storage";
import * as Sh from "./shell";
import * as Sp from "./speedtest";

export type ApiName = "main" | "ops";
export type HttpMethod = "GET" | "POST" | "PUT";
/** A file answer: one of these content types, sent as an attachment. */
export interface FileAnswer {
  file: readonly string[];
}
export type Answer = z.ZodTypeAny | FileAnswer;
export const isFileAnswer = (a: Answer): a is FileAnswer => typeof a === "object" && a !== null && "file" in a && !(a instanceof z.ZodType);

export interface ApiOperation {
  /** operationId: unique, stable. */
  id: string;
  api: ApiName;
  method: HttpMethod;
  /** Relative to the API's base (the portal mounts them at /_api/main and /_api/ops); OpenAPI templating. */
  path: string;
  tag: string;
  summary: string;
  /** Who may call it (roles, access level on the aircraft). */
  who: string;
  /** public: no auth headers; token: X-User-Email, X-User-Token, X-User-Uuid. */
  auth: "public" | "token";
  params?: z.AnyZodObject;
  query?: z.AnyZodObject;
  /** A JSON body (flat bodies may also be sent as a form). */
  body?: z.ZodTypeAny;
  /** A multipart/form-data body: these fields plus the file part `file`. */
  multipart?: z.ZodTypeAny;
  /** Every documented status: 200 and the errors. */
  answers: Record<number, Answer>;
  /** The reference page (docs/api/...). */
  doc: string;
}

// ---------------------------------------------------------------------------------------------
// Shared pieces
// ---------------------------------------------------------------------------------------------

export const MAIN_BASE = "/_api/main";
export const OPS_BASE = "/_api/ops";
export const API_BASE: Record<ApiName, string> = { main: MAIN_BASE, ops: OPS_BASE };

export const ErrorAnswer = z.object({ error: z.string(), errors: z.record(z.array(z.string())).optional() });
/** A file endpoint's failure (422): the portal reads Message.error (spec 001 §8). */
export const FileErrorAnswer = z.object({ error: z.string(), Message: z.object({ error: z.string() }) });
export const HealthAnswer = z.object({ ok: z.literal(true) });
/** A 422 of the ops upload: the all-or-nothing check's row errors, or a plain refusal. */
const UploadRefusal = z.union([O.UploadErrorAnswer, ErrorAnswer]);

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const PDF = "application/pdf";
const ZIP = "application/zip";
const PNG = "image/png";

const IdParam = z.object({ id: z.coerce.number().int().positive().describe("the record's id") });
const ConsultantParam = z.object({ id: z.coerce.number().int().positive().describe("the consultant's id (not the user id)") });
const ProjectParams = ConsultantParam.extend({ pid: z.coerce.number().int().positive().describe("the project's id") });
const OrgParam = z.object({ org: z.string().describe("an organization's slug or id") });
/** Devise style: the fields flat, or inside `user`. */
const devise = <T extends z.ZodTypeAny>(s: T) => z.union([s, z.object({ user: s })]);
const InventoryQuery = I.InventoryExportQuery;
const EmptyBody = z.object({}).describe("empty: nothing is read");

type Spec = Omit<ApiOperation, "id" | "api" | "method" | "path" | "tag" | "auth" | "answers" | "doc" | "who" | "summary"> & {
  who?: string;
  auth?: "public" | "token";
  ok: Answer;
  /** Extra documented statuses (401, 403 and 422 are documented for every signed-in call). */
  also?: Record<number, Answer>;
  /** 404: an unknown or invisible record. */
  notFound?: boolean;
};

function define(api: ApiName, tag: string, doc: string) {
  return (id: string, route: `${HttpMethod} /${string}`, summary: string, spec: Spec): ApiOperation => {
    const [method, path] = route.split(" ") as [HttpMethod, string];
    const auth = spec.auth ?? "token";
    const fileAnswer = isFileAnswer(spec.ok);
    const refusal = fileAnswer ? FileErrorAnswer : ErrorAnswer;
    const answers: Record<number, Answer> = { 200: spec.ok, 422: refusal };
    if (auth === "token") Object.assign(answers, { 401: ErrorAnswer, 403: ErrorAnswer });
    if (spec.notFound) answers[404] = fileAnswer ? FileErrorAnswer : ErrorAnswer;
    Object.assign(answers, spec.also ?? {});
    const { ok: _ok, also: _also, notFound: _nf, who, ...rest } = spec;
    return { id, api, method, path, tag, summary, who: who ?? (auth === "public" ? "anyone" : "any signed-in user"), auth, answers, doc, ...rest };
  };
}

// ---------------------------------------------------------------------------------------------
// Main API
// ---------------------------------------------------------------------------------------------

const health = define("main", "Health", "docs/api/README.md");
const auth = define("main", "Sign-in and account", "docs/api/auth-and-user.md");
const user = define("main", "Signed-in user", "docs/api/auth-and-user.md");
const storage = define("main", "Storage", "docs/api/storage.md");
const inventory = define("main", "Inventory report", "docs/api/inventory.md");
const ocr = define("main", "Text extraction and OCR", "docs/api/storage.md");
const links = define("main", "Linked documents", "docs/api/storage.md");
const records = define("main", "Versions, trash and retention", "docs/api/storage.md");
const consultant = define("main", "Consultants and clients", "docs/api/consultant.md");
const admin = define("main", "Admin", "docs/api/admin.md");

const TooMany = { 429: ErrorAnswer };
const TooLarge = { 413: ErrorAnswer };
const STAFF = "admin, member";

const mainOperations: ApiOperation[] = [
  health("health", "GET /healthz.json", "Whether the API and its database answer", { auth: "public", ok: HealthAnswer }),

  // --- sign-in, registration, passwords, 2FA (public unless noted) ------------------------------
  auth("signIn", "POST /users/sign_in.json", "Sign in with e-mail and password", {
    auth: "public",
    body: devise(A.SignInInput),
    ok: A.SignInAnswer,
    also: { 403: ErrorAnswer, ...TooMany },
  }),
  auth("verify2fa", "POST /users/verify_2fa.json", "Finish a sign-in with a TOTP code", { auth: "public", body: A.Verify2faInput, ok: A.SignedInAnswer, also: { 403: ErrorAnswer, ...TooMany } }),
  auth("signInLink", "POST /users/sign_in_link.json", "Mail a one-time sign-in link", { auth: "public", body: devise(A.EmailInput), ok: A.MessageAnswer, also: TooMany }),
  auth("signInWithLink", "POST /users/sign_in_with_link.json", "Sign in with a mailed link", { auth: "public", body: A.SignInLinkInput, ok: A.SignInAnswer, also: { 403: ErrorAnswer } }),
  auth("signOut", "POST /users/sign_out.json", "Revoke the calling token", { body: EmptyBody, ok: A.MessageAnswer }),
  auth("register", "POST /users.json", "Register a client or consultant account", { auth: "public", body: devise(A.RegisterInput), ok: A.MessageAnswer, also: TooMany }),
  auth("confirmEmail", "POST /users/confirmation.json", "Confirm an e-mail address", { auth: "public", body: A.ConfirmInput, ok: A.MessageAnswer }),
  auth("requestPasswordReset", "POST /users/password.json", "Mail a password-reset link", { auth: "public", body: devise(A.EmailInput), ok: A.MessageAnswer, also: TooMany }),
  auth("resetPassword", "PUT /users/password.json", "Set a new password with a reset link", { auth: "public", body: A.ResetPasswordInput, ok: A.MessageAnswer }),
  auth("changePassword", "PUT /users/me/password.json", "Change the signed-in user's password", { body: A.ChangePasswordInput, ok: A.MessageAnswer }),
  auth("twoFactorStatus", "GET /users/2fa/status.json", "Whether 2FA is on", { ok: A.TwoFactorStatusAnswer }),
  auth("twoFactorSetup", "POST /users/2fa/setup.json", "Start setting up 2FA (a pending secret)", { body: EmptyBody, ok: A.TwoFactorSetupAnswer }),
  auth("twoFactorEnable", "POST /users/2fa/enable.json", "Turn 2FA on with a code", { body: A.Enable2faInput, ok: A.TwoFactorChangedAnswer }),
  auth("twoFactorDisable", "POST /users/2fa/disable.json", "Turn 2FA off with the password", { body: A.Disable2faInput, ok: A.TwoFactorChangedAnswer }),
  auth("twoFactorReset", "POST /users/2fa/reset.json", "Mail a 2FA reset link", { auth: "public", body: devise(A.EmailInput), ok: A.MessageAnswer, also: TooMany }),
  auth("twoFactorConfirmReset", "POST /users/2fa/confirm_reset.json", "Turn 2FA off with a mailed link", { auth: "public", body: A.ConfirmInput, ok: A.MessageAnswer }),
  auth("sendFrontEndError", "POST /error/send_fe_error.json", "Report a portal error", { auth: "public", body: A.ErrorReportInput, ok: A.ErrorReportAnswer, also: { ...TooMany, ...TooLarge } }),
  auth("contact", "POST /public/contact.json", "The public contact form", { auth: "public", body: A.ContactInput, ok: A.MessageAnswer, also: { ...TooMany, ...TooLarge } }),

  // --- the signed-in user --------------------------------------------------------------------
  user("me", "GET /user/me.json", "The signed-in user, organization, products and consultant profile", { ok: A.MeAnswer }),
  user("updateProfile", "POST /user/profile.json", "Set the user's own licence or authorisation number (what signatures record)", { body: A.ProfileUpdateInput, ok: A.ProfileUpdateAnswer }),
  user("shell", "GET /user/shell.json", "What the portal's shell shows around a page, in one call", { who: "any signed-in user; each part under the rule of the call it stands for", query: Sh.ShellQuery, ok: Sh.ShellAnswer }),
  user("uambox", "POST /user/uambox.json", "Whether the user sees the UAMBOX logo", { body: EmptyBody, ok: A.ResultAnswer }),
  user("validateRole", "POST /user/role/validate.json", "Whether the user has this role", { body: A.RoleValidateInput, ok: A.ResultAnswer }),
  user("reportRefusal", "POST /audit/refusal.json", "Record a write the portal refused for the caller's role", { body: A.RefusalReportInput, ok: A.ErrorReportAnswer }),
  user("notifications", "GET /user/notifications.json", "The 50 newest notifications", { ok: A.NotificationsAnswer }),
  user("readNotifications", "POST /user/notifications/read.json", "Mark notifications read", { body: A.NotificationsReadInput, ok: A.NotificationsReadAnswer }),
  user("reportIssue", "POST /user/report_issue.json", "Report an issue to the team", { body: A.ReportIssueInput, ok: A.IssueReportAnswer }),
  user("issueReports", "GET /admin/issue_reports.json", "Issue reports", { who: STAFF, query: A.IssueReportsQuery, ok: A.IssueReportsAnswer }),
  user("closeIssueReport", "POST /admin/issue_reports/{id}/close.json", "Close an issue report", { who: STAFF, params: IdParam, body: EmptyBody, ok: A.IssueReportClosedAnswer, notFound: true }),
  user("mailOutbox", "GET /admin/mail_outbox.json", "The mail outbox", { who: STAFF, query: A.MailOutboxQuery, ok: A.MailOutboxAnswer }),

  // --- storage: aircraft, folders, files, uploads (standard and UEF families) -----------------
  ...(["", "uef"] as const).flatMap((family) => {
    const base = family ? "/storage/v2/uef" : "/storage/v2";
    const p = (id: string) => (family ? `uef${id[0].toUpperCase()}${id.slice(1)}` : id);
    const naming = family ? " (UEF naming rule)" : "";
    return [
      storage(p("aircraftList"), `GET ${base}/aircraft.json`, "The aircraft the caller may see, with status counts", { query: S.AircraftListQuery, ok: S.AircraftListAnswer, notFound: true }),
      storage(p("aircraft"), `GET ${base}/aircraft/{id}.json`, "One aircraft, the caller's access and its users", { who: "read access", params: IdParam, ok: S.AircraftDetailAnswer, notFound: true }),
      storage(p("aircraftUsers"), `GET ${base}/aircraft/{id}/users.json`, "Users with a storage grant on the aircraft", { who: "read access", params: IdParam, ok: S.AircraftUsersAnswer, notFound: true }),
      storage(p("files"), `GET ${base}/aircraft/{id}/files.json`, "A folder's items (or, with download= / preview=, a signed link)", {
        who: "read access",
        params: IdParam,
        query: S.FilesQuery,
        ok: z.union([S.FilesAnswer, S.DownloadAnswer, S.PreviewAnswer]),
        notFound: true,
      }),
      storage(p("zip"), `GET ${base}/aircraft/{id}/zip`, "A folder or a selection as a zip, streamed", { who: "read access", params: IdParam, query: S.ZipQuery, ok: { file: [ZIP] }, also: { 404: ErrorAnswer, 422: ErrorAnswer } }),
      storage(p("uploadLink"), `POST ${base}/files/upload_link.json`, "A signed POST policy for uploading into a folder", { who: "write access", body: S.UploadLinkInput, ok: S.UploadLinkAnswer, notFound: true }),
      storage(p("indexFiles"), `POST ${base}/files/index_files.json`, `File uploaded blobs as records${naming}`, { who: "write access", body: S.IndexFilesInput, ok: S.IndexFilesAnswer, notFound: true }),
      storage(p("createFolders"), `POST ${base}/folders.json`, `Create folders${naming}`, { who: "write access", body: S.FoldersInput, ok: S.FoldersAnswer, notFound: true }),
    ];
  }),
  storage("splitFiles", "POST /storage/v2/files/split_files.json", "Split a file list into upload batches", { body: S.SplitFilesInput, ok: S.SplitFilesAnswer }),
  storage("uefPreprocessFiles", "POST /storage/v2/uef/files/preprocess_files.json", "Record the files of a UEF upload batch", { who: "write access", body: S.PreprocessInput, ok: S.PreprocessAnswer, notFound: true }),
  storage("uefValidateFiles", "GET /storage/v2/uef/files/validate_files.json", "The batch's files still missing from the blob store", { who: "write access", query: S.ValidateFilesQuery, ok: S.ValidateFilesAnswer, notFound: true }),
  storage("copyItems", "POST /storage/v2/files/copy.json", "Copy files and folders", { who: "write access (destination), read access (source)", body: S.CopyInput, ok: S.CopyAnswer, notFound: true }),
  storage("moveItems", "POST /storage/v2/files/move.json", "Move or rename files and folders", { who: "write access", body: S.MoveInput, ok: S.MoveAnswer, notFound: true }),
  storage("deleteItems", "POST /storage/v2/files/delete.json", "Delete files and folders", { who: "write access", body: S.DeleteInput, ok: S.DeleteAnswer, notFound: true }),
  storage("organizations", "GET /storage/organizations.json", "Organizations (staff: all; others: their own)", { query: S.OrganizationsQuery, ok: S.OrganizationsAnswer }),
  storage("uefOrganizations", "GET /storage/v2/uef/organizations.json", "Organizations, UEF family", { query: S.OrganizationsQuery, ok: S.OrganizationsAnswer }),
  storage("organization", "GET /storage/organizations/{org}.json", "One organization (its product_type)", { params: OrgParam, ok: S.OrganizationAnswer, notFound: true }),
  storage("clients", "GET /storage/clients.json", "Client accounts", { who: STAFF, query: S.ClientsQuery, ok: S.ClientsAnswer }),
  storage("newOpenSearch", "GET /storage/v2/organization/new_open_search.json", "Whether the organization searches all its aircraft", { query: S.OpenSearchQuery, ok: S.OpenSearchAnswer, notFound: true }),
  storage("search", "GET /storage/v2/search.json", "Search files by name, path and content", { query: S.SearchQuery, ok: S.SearchAnswer, notFound: true }),
  storage("favourites", "GET /storage/v2/favourites.json", "The caller's favourite items", { query: S.PagedQuery, ok: S.FavouritesAnswer }),
  storage("addFavourite", "POST /storage/v2/favourites.json", "Add a favourite", { who: "read access", body: S.FavouriteInput, ok: S.MessageAnswer, notFound: true }),
  storage("removeFavourite", "POST /storage/v2/favourites/remove.json", "Remove a favourite", { body: S.FavouriteInput, ok: S.MessageAnswer, notFound: true }),
  storage("following", "GET /storage/v2/following.json", "Aircraft the caller follows", { ok: S.FollowingAnswer }),
  storage("follow", "POST /storage/v2/following.json", "Follow an aircraft", { who: "read access", body: S.FollowInput, ok: S.MessageAnswer, notFound: true }),
  storage("unfollow", "POST /storage/v2/following/remove.json", "Stop following an aircraft", { body: S.FollowInput, ok: S.MessageAnswer, notFound: true }),

  records("versions", "GET /storage/v2/aircraft/{id}/versions.json", "A file's earlier versions, or a signed link to one (download=)", { who: "write access", params: IdParam, query: R.VersionsQuery, ok: z.union([R.VersionsAnswer, R.VersionDownloadAnswer]), notFound: true }),
  records("restoreVersion", "POST /storage/v2/files/restore_version.json", "Make an earlier version the current one (a new version)", { who: "write access", body: R.RestoreVersionInput, ok: R.RestoreVersionAnswer, notFound: true }),
  records("trash", "GET /storage/v2/aircraft/{id}/trash.json", "The aircraft's trash", { who: "read access", params: IdParam, query: R.TrashQuery, ok: R.TrashAnswer, notFound: true }),
  records("trashRestore", "POST /storage/v2/trash/restore.json", "Put a deleted file or folder back in its place", { who: "write access", body: R.TrashRestoreInput, ok: R.TrashRestoreAnswer, notFound: true }),
  records("retention", "GET /storage/v2/retention.json", "Retention rules per record folder class and legal holds", { who: STAFF, ok: R.RetentionAnswer }),
  records("setRetention", "POST /storage/v2/retention.json", "Set a record folder class's retention rule", { who: "admin", body: R.RetentionInput, ok: R.RecordsMessage }),
  records("placeHold", "POST /storage/v2/legal_holds.json", "Put an aircraft under a legal hold", { who: "admin", body: R.LegalHoldInput, ok: R.RecordsMessage, notFound: true }),
  records("releaseHold", "POST /storage/v2/legal_holds/remove.json", "Release an aircraft's legal hold", { who: "admin", body: R.LegalHoldRemoveInput, ok: R.RecordsMessage, notFound: true }),

  inventory("inventory", "GET /storage/v2/aircraft/{id}/inventory.json", "An aircraft's Inventory Report", { who: "read access", params: IdParam, ok: I.InventoryAnswer, notFound: true }),
  inventory("inventoryExport", "GET /storage/v2/aircraft/{id}/inventory_export.json", "The Inventory Report as Excel or PDF", { who: "read access", params: IdParam, query: InventoryQuery, ok: { file: [XLSX, PDF] } }),
  inventory("fleetInventory", "GET /storage/v2/inventory.json", "The fleet's Inventory Report", { ok: I.FleetInventoryAnswer }),
  inventory("fleetInventoryExport", "GET /storage/v2/inventory_export.json", "The fleet's Inventory Report as Excel or PDF", { query: InventoryQuery, ok: { file: [XLSX, PDF] } }),

  ocr("ocrReport", "GET /storage/v2/aircraft/{id}/ocr_report.json", "An aircraft's text extraction report", { who: "read access", params: IdParam, ok: Oc.OcrReportAnswer, notFound: true }),
  ocr("ocrStatus", "GET /storage/v2/ocr_status.json", "Text extraction across the fleet", { ok: Oc.OcrStatusAnswer }),
  ocr("ocrRerun", "POST /storage/v2/ocr/rerun.json", "Queue a file or an aircraft for text extraction again", { who: "write access (a file), su_write or staff (an aircraft)", body: Oc.OcrRerunInput, ok: Oc.OcrRerunAnswer, notFound: true }),

  links("links", "GET /storage/v2/aircraft/{id}/links.json", "An aircraft's linked documents and suggestions (or one row's, file's or work order's)", { who: "read access", params: IdParam, query: L.LinksQuery, ok: L.LinksAnswer, notFound: true }),
  links("linkCounts", "GET /storage/v2/aircraft/{id}/link_counts.json", "Linked documents per row (of one tab) and per work order", { who: "read access", params: IdParam, query: L.LinkCountsQuery, ok: L.LinkCountsAnswer, notFound: true }),
  links("linkTargets", "GET /storage/v2/aircraft/{id}/link_targets.json", "The rows and work orders a document can be linked to", { who: "read access", params: IdParam, ok: L.LinkTargetsAnswer, notFound: true }),
  links("link", "POST /storage/v2/links.json", "Link a document to a row or a work order", { who: "write access", body: L.LinkCreateInput, ok: L.LinkAnswer, notFound: true }),
  links("decideLink", "POST /storage/v2/links/decide.json", "Accept or reject a suggestion, or unlink", { who: "write access", body: L.LinkDecideInput, ok: L.LinkAnswer, notFound: true }),
  links("scanLinks", "POST /storage/v2/links/scan.json", "Queue a search of the aircraft's documents for suggested links", { who: "write access", body: L.LinkScanInput, ok: L.LinkAnswer, notFound: true }),

  // --- consultants and clients -----------------------------------------------------------------
  consultant("marketplace", "GET /consultant/list.json", "The consultant marketplace", { who: "client, admin, member", query: C.MarketplaceQuery, ok: C.MarketplaceAnswer }),
  consultant("saved", "GET /client/saved.json", "The caller's saved consultants", { who: "client, admin, member", query: C.PageQuery, ok: C.SavedAnswer }),
  consultant("ownLanding", "GET /consultant/landing.json", "The signed-in consultant's landing data", { who: "consultant", ok: C.LandingAnswer }),
  consultant("landing", "GET /consultant/{id}/landing.json", "A consultant's landing data", { params: ConsultantParam, ok: C.LandingAnswer, notFound: true }),
  consultant("profile", "GET /consultant/{id}/profile.json", "A consultant's profile", { params: ConsultantParam, ok: C.ProfileAnswer, notFound: true }),
  consultant("profileUpdate", "POST /consultant/{id}/profile_update.json", "Update a consultant's profile (partial)", { who: "the consultant; clients and staff for notes, rates and dates", params: ConsultantParam, body: C.ProfileUpdateInput, ok: C.ProfileUpdateAnswer, notFound: true }),
  consultant("consultantUploadLink", "POST /consultant/{id}/upload_link.json", "A signed POST policy for a photo or resume", { who: "the consultant, staff", params: ConsultantParam, body: C.UploadLinkInput, ok: C.UploadLinkAnswer, notFound: true }),
  consultant("resume", "GET /consultant/{id}/resume.json", "A signed download of the resume", { params: ConsultantParam, ok: C.ResumeAnswer, notFound: true }),
  consultant("emailById", "GET /consultant/{id}/email_by_id.json", "A consultant's e-mail address", { who: "staff, the consultant", params: ConsultantParam, ok: C.EmailAnswer, notFound: true }),
  ...(
    [
      ["approveConsultant", "approve_consultant", "Approve a consultant"],
      ["disapproveConsultant", "disapprove_consultant", "Disapprove a consultant"],
      ["availableConsultant", "available_consultant", "Mark a consultant available"],
      ["notAvailableConsultant", "not_available_consultant", "Mark a consultant not available"],
    ] as const
  ).map(([id, name, summary]) => consultant(id, `GET /consultant/{id}/${name}.json`, summary, { who: "client, admin, member", params: ConsultantParam, ok: C.MessageAnswer, notFound: true })),
  consultant("like", "POST /client/update_like_info.json", "Save a consultant to the caller's list", { who: "client, admin, member", body: C.LikeInput, ok: C.LikeAnswer, notFound: true }),
  consultant("unlike", "POST /client/update_unlike_info.json", "Remove a consultant from the caller's list", { who: "client, admin, member", body: C.LikeInput, ok: C.LikeAnswer, notFound: true }),
  consultant("rate", "POST /consultant/{id}/rate.json", "Rate a consultant", { who: "client, admin, member", params: ConsultantParam, body: C.RateInput, ok: C.RateAnswer, notFound: true }),
  consultant("messageAdmins", "POST /consultant/{id}/message.json", "Send a message to the administrators", { who: "the consultant", params: ConsultantParam, body: C.ConsultantMessageInput, ok: C.MessageAnswer, notFound: true }),
  consultant("messageConsultant", "POST /client/message.json", "Write to a consultant", { who: "client, admin, member", body: C.ClientMessageInput, ok: C.MessageAnswer, notFound: true }),
  consultant("messages", "GET /client/messages.json", "Messages sent and received", { query: C.PageQuery, ok: C.MessagesAnswer }),
  consultant("projects", "GET /consultant/{id}/projects.json", "A consultant's projects", { params: ConsultantParam, query: C.PageQuery, ok: C.ProjectsAnswer, notFound: true }),
  consultant("createProject", "POST /consultant/{id}/projects.json", "Add a project", { who: "the consultant", params: ConsultantParam, body: C.ProjectCreateInput, ok: C.ProjectCreateAnswer, notFound: true }),
  consultant("deleteProject", "POST /consultant/{id}/projects/{pid}/delete.json", "Delete a project", { who: "the consultant, staff", params: ProjectParams, body: EmptyBody, ok: C.MessageAnswer, notFound: true }),
  consultant("settings", "GET /consultant/{id}/settings.json", "A consultant's settings", { who: "the consultant, staff", params: ConsultantParam, ok: C.SettingsAnswer, notFound: true }),
  consultant("settingsGeneral", "POST /consultant/{id}/settings/general.json", "Save name, city, country and summary", { who: "the consultant", params: ConsultantParam, body: C.GeneralSettingsInput, ok: C.SettingsUpdateAnswer, notFound: true }),
  consultant("settingsPhone", "POST /consultant/{id}/settings/phone.json", "Store a phone number and mail a code", { who: "the consultant", params: ConsultantParam, body: C.PhoneSettingsInput, ok: C.SettingsUpdateAnswer, notFound: true }),
  consultant("settingsVerifyPhone", "POST /consultant/{id}/settings/verify_phone.json", "Verify the phone code", { who: "the consultant", params: ConsultantParam, body: C.VerifyPhoneInput, ok: C.SettingsUpdateAnswer, notFound: true }),
  consultant("settingsNotifications", "POST /consultant/{id}/settings/notifications.json", "Turn e-mail notifications on or off", { who: "the consultant", params: ConsultantParam, body: C.NotificationsInput, ok: C.SettingsUpdateAnswer, notFound: true }),
  consultant("settingsDeactivate", "POST /consultant/{id}/settings/deactivate.json", "Leave the marketplace", { who: "the consultant, staff", params: ConsultantParam, body: EmptyBody, ok: C.SettingsUpdateAnswer, notFound: true }),
  consultant("settingsActivate", "POST /consultant/{id}/settings/activate.json", "Back in the marketplace (staff: also unlocks)", { who: "the consultant, staff", params: ConsultantParam, body: EmptyBody, ok: C.SettingsUpdateAnswer, notFound: true }),

  // --- admin -------------------------------------------------------------------------------------
  admin("adminOrganizations", "GET /admin/organizations.json", "Organizations", { who: "admin, member, ops_template", query: Ad.OrganizationsQuery, ok: Ad.OrganizationsAnswer }),
  admin("adminOrganization", "GET /admin/organizations/{id}.json", "One organization with its status counts", { who: "admin, member, ops_template", params: IdParam, ok: Ad.OrganizationAnswer, notFound: true }),
  admin("adminCreateOrganization", "POST /admin/organizations.json", "Create an organization", { who: "admin, member, ops_template", body: Ad.OrganizationInput, ok: Ad.OrganizationMutationAnswer }),
  admin("adminUpdateOrganization", "POST /admin/organizations/{id}.json", "Update an organization", { who: STAFF, params: IdParam, body: Ad.OrganizationInput, ok: Ad.OrganizationMutationAnswer, notFound: true }),
  admin("adminOrganizationModules", "POST /admin/organizations/{id}/modules.json", "Switch AeroOPS / AeroOIL on or off", { who: "admin, member, ops_template (AeroOPS on only)", params: IdParam, body: Ad.OrganizationModulesInput, ok: Ad.OrganizationMutationAnswer, notFound: true }),
  admin("adminOrganizationAircraft", "GET /admin/organizations/{id}/aircraft.json", "An organization's aircraft", { who: STAFF, params: IdParam, query: Ad.AircraftQuery, ok: Ad.AircraftListAnswer, notFound: true }),
  admin("adminAircraft", "GET /admin/aircraft/{id}.json", "One aircraft", { who: STAFF, params: IdParam, ok: Ad.AircraftAnswer, notFound: true }),
  admin("adminCreateAircraft", "POST /admin/aircraft.json", "Add an aircraft with its records root folder", { who: STAFF, body: Ad.AircraftInput, ok: Ad.AircraftMutationAnswer, notFound: true }),
  admin("adminUpdateAircraft", "POST /admin/aircraft/{id}.json", "Update an aircraft", { who: STAFF, params: IdParam, body: Ad.AircraftUpdateInput, ok: Ad.AircraftMutationAnswer, notFound: true }),
  admin("adminOverview", "GET /admin/overview.json", "The dashboard: organizations, and the chosen one's aircraft and people", { who: STAFF, query: Ad.OverviewQuery, ok: Ad.OverviewAnswer }),
  admin("adminUsers", "GET /admin/users.json", "People", { who: STAFF, query: Ad.UsersQuery, ok: Ad.UsersAnswer }),
  admin("adminUser", "GET /admin/users/{id}.json", "One person", { who: STAFF, params: IdParam, ok: Ad.UserAnswer, notFound: true }),
  admin("adminCreateClient", "POST /admin/clients.json", "Create a client (invited by mail without a password)", { who: STAFF, body: Ad.ClientCreateInput, ok: Ad.UserMutationAnswer, notFound: true }),
  admin("adminConsultants", "GET /admin/consultants.json", "Every consultant", { who: STAFF, query: Ad.ConsultantsQuery, ok: Ad.ConsultantsAnswer }),
  admin("adminCreateConsultant", "POST /admin/consultants.json", "Create a consultant", { who: STAFF, body: Ad.ConsultantCreateInput, ok: Ad.ConsultantMutationAnswer }),
  admin("adminInviteUser", "POST /admin/users/{id}/invite.json", "Mail a fresh set-your-password link", { who: STAFF, params: IdParam, body: EmptyBody, ok: Ad.UserMutationAnswer, notFound: true }),
  admin("adminDeactivateUser", "POST /admin/users/{id}/deactivate.json", "Deactivate an account (revokes its tokens)", { who: STAFF, params: IdParam, body: EmptyBody, ok: Ad.UserMutationAnswer, notFound: true }),
  admin("adminActivateUser", "POST /admin/users/{id}/activate.json", "Reactivate an account", { who: STAFF, params: IdParam, body: EmptyBody, ok: Ad.UserMutationAnswer, notFound: true }),
  admin("adminIpWhitelist", "GET /admin/ip_whitelist.json", "IP whitelist entries", { who: STAFF, query: Ad.IpWhitelistQuery, ok: Ad.IpWhitelistAnswer }),
  admin("adminAddIpRange", "POST /admin/ip_whitelist.json", "Add an address or range (with the lock-out check)", { who: STAFF, body: Ad.IpWhitelistInput, ok: Ad.IpWhitelistMutationAnswer, also: { 422: z.union([Ad.IpWarningAnswer, ErrorAnswer]) }, notFound: true }),
  admin("adminRemoveIpRange", "POST /admin/ip_whitelist/{id}/delete.json", "Remove an entry (with the lock-out check)", { who: STAFF, params: IdParam, body: Ad.IpWhitelistDeleteInput, ok: Ad.IpWhitelistMutationAnswer, also: { 422: z.union([Ad.IpWarningAnswer, ErrorAnswer]) }, notFound: true }),
  admin("adminUserAccess", "GET /admin/access/users/{id}.json", "One person's access to every aircraft", { who: STAFF, params: IdParam, query: Ad.UserAccessQuery, ok: Ad.UserAccessAnswer, notFound: true }),
  admin("adminAircraftAccess", "GET /admin/access/aircraft/{id}.json", "The people of one aircraft and their access", { who: "admin, member, a Super User of the aircraft", params: IdParam, ok: Ad.AircraftAccessAnswer, notFound: true }),
  admin("adminGrantAccess", "POST /admin/access/grant.json", "Grant or change access", { who: "admin, member, a Super User of every aircraft and product named", body: Ad.AccessGrantInput, ok: Ad.AccessMutationAnswer, notFound: true }),
  admin("adminRevokeAccess", "POST /admin/access/revoke.json", "Revoke access", { who: "admin, member, a Super User of every aircraft and product named", body: Ad.AccessRevokeInput, ok: Ad.AccessMutationAnswer, notFound: true }),
  admin("adminReindexJobs", "GET /admin/search/reindex.json", "Search-index rebuild jobs and index counts", { who: STAFF, ok: Ad.ReindexAnswer }),
  admin("adminReindex", "POST /admin/search/reindex.json", "Queue a search-index rebuild", { who: STAFF, body: Ad.ReindexInput, ok: Ad.ReindexMutationAnswer, notFound: true }),
  admin("adminFsUsers", "GET /admin/fs/users.json", "File-server users", { who: STAFF, query: Ad.FsUsersQuery, ok: Ad.FsUsersAnswer }),
  admin("adminCreateFsUser", "POST /admin/fs/users.json", "Create a file-server user", { who: STAFF, body: Ad.FsUserInput, ok: Ad.FsUserMutationAnswer }),
  admin("adminUpdateFsUser", "POST /admin/fs/users/{id}.json", "Enable or disable a file-server user, set its groups", { who: STAFF, params: IdParam, body: Ad.FsUserUpdateInput, ok: Ad.FsUserMutationAnswer, notFound: true }),
  admin("adminFsGroups", "GET /admin/fs/groups.json", "File-server groups", { who: STAFF, query: Ad.FsGroupsQuery, ok: Ad.FsGroupsAnswer }),
  admin("adminCreateFsGroup", "POST /admin/fs/groups.json", "Create a file-server group", { who: STAFF, body: Ad.FsGroupInput, ok: Ad.FsGroupMutationAnswer, notFound: true }),
  admin("adminAnalytics", "GET /admin/analytics.json", "Every aggregate of the analytics page", { who: STAFF, query: Ad.AnalyticsQuery, ok: Ad.AnalyticsAnswer }),
  admin("adminAudit", "GET /admin/audit.json", "The audit log", { who: STAFF, query: Ad.AuditQuery, ok: Ad.AuditAnswer }),
  admin("adminAuditChain", "GET /admin/audit/chain.json", "The audit log's hash chain: verified, or where it breaks", { who: STAFF, ok: Ad.AuditChainAnswer }),
  admin("adminAuditExport", "GET /admin/audit/export.json", "A period of the audit log with the hashes to verify it (JSON download)", { who: "admin", query: Ad.AuditExportQuery.innerType(), ok: { file: ["application/json"] }, also: { 422: ErrorAnswer } }),
];

// ---------------------------------------------------------------------------------------------
// Ops and oil API (/v1/...): every path also answers without its .json suffix
// ---------------------------------------------------------------------------------------------

const tabs = define("ops", "Ops tabs and templates", "docs/api/ops.md");
const data = define("ops", "Ops and oil tab data", "docs/api/ops.md");
const exportsTag = define("ops", "Exports and binders", "docs/api/ops.md");
const work = define("ops", "Work orders and logbooks", "docs/api/ops.md");
const access = define("ops", "Per-aircraft user access", "docs/api/ops.md");
const speed = define("ops", "Speed test", "docs/api/speedtest.md");
const signatures = define("ops", "Electronic signatures", "docs/api/ops.md");

const TEMPLATE_ROLES = "ops_template, admin, member";
const MANUFACTURER_ROLES = "ops_template, admin";
const OPS_READ = "ops read access";
const OPS_WRITE = "ops write access";
const SIGNERS = "whom the organization's signing policy allows (by default: client, member, admin with Edit Access and an authorisation number)";
/** A delete refused because the record is signed (kept under retention). */
const Kept = { 409: ErrorAnswer };

const opsOperations: ApiOperation[] = [
  tabs("opsListTabs", "POST /v1/ops_tab_info/list_tabs.json", "An aircraft's ops tabs (with the work-order tabs)", { who: OPS_READ, body: O.ListTabsInput, ok: O.ListTabsAnswer, notFound: true }),
  tabs("oilListTabs", "POST /v1/oil_tab_info/list_tabs.json", "An aircraft's oil tabs", { who: "oil read access", body: O.ListTabsInput, ok: O.ListTabsAnswer, notFound: true }),
  tabs("templateListTabs", "POST /v1/ops_tab_info/template_list_tabs.json", "A manufacturer's template tabs", { who: TEMPLATE_ROLES, body: O.TemplateListTabsInput, ok: O.TemplateListTabsAnswer, notFound: true }),
  tabs("templateManufacturers", "POST /v1/ops_tab_info/get_template_manufacturer.json", "Template manufacturers", { who: TEMPLATE_ROLES, body: EmptyBody, ok: O.TemplateManufacturersAnswer }),
  tabs("msnModules", "POST /v1/ops_tab_info/get_msn_modules.json", "Which modules an aircraft has and the caller's level", { who: "read access on ops or oil", body: O.GetMsnModulesInput, ok: O.MsnModulesAnswer, notFound: true }),
  tabs("fleetTabs", "POST /v1/ops_tab_info/fleet_tabs.json", "Every ops tab across the caller's fleet", { body: O.FleetTabsInput, ok: O.FleetTabsAnswer, notFound: true }),
  tabs("createTab", "POST /v1/ops_tab_info/create.json", "Create a tab on an aircraft or a template", { who: `su_write on the aircraft; ${TEMPLATE_ROLES} for a template`, body: O.CreateTabInput, ok: O.TabAnswer, notFound: true }),
  tabs("deleteTab", "POST /v1/ops_tab_info/delete_tab.json", "Delete a tab with its columns and rows", { who: `su_write on the aircraft; ${TEMPLATE_ROLES} for a template`, body: O.DeleteTabInput, ok: O.Message, notFound: true }),
  tabs("deleteColumn", "POST /v1/ops_tab_info/delete_column.json", "Delete a column", { who: `su_write on the aircraft; ${TEMPLATE_ROLES} for a template`, body: O.DeleteColumnInput, ok: O.TabAnswer, notFound: true }),
  tabs("pushColumns", "PUT /v1/ops_tab_info/push_data_columns_list.json", "Set a tab's columns (add, rename, retype, reorder)", { who: `su_write on the aircraft; ${TEMPLATE_ROLES} for a template`, body: O.PushColumnsInput, ok: O.TabAnswer, notFound: true }),
  tabs("templateData", "POST /v1/ops_tab_info/get_template_data.json", "A page of a template tab's rows", { who: TEMPLATE_ROLES, body: O.GetTemplateDataInput, ok: O.TabDataAnswer, notFound: true }),
  tabs("templateSaveRow", "PUT /v1/ops_tab_info/add_update_template_data.json", "Add or update a template row", { who: TEMPLATE_ROLES, body: O.TemplateRowInput, ok: O.RowAnswer, notFound: true }),
  tabs("templateDeleteRows", "POST /v1/ops_tab_info/delete_template_data_by_selection.json", "Delete selected template rows", { who: TEMPLATE_ROLES, body: O.TemplateSelectionInput, ok: O.DeletedAnswer, notFound: true }),
  tabs("templateDeleteAllRows", "POST /v1/ops_tab_info/delete_template_data.json", "Delete every row of a template tab", { who: TEMPLATE_ROLES, body: O.TemplateTabInput, ok: O.DeletedAnswer, notFound: true }),
  tabs("templateVersions", "POST /v1/ops_tab_info/get_template_version.json", "A manufacturer's template versions", { who: TEMPLATE_ROLES, body: O.TemplateVersionListInput, ok: O.TemplateVersionsAnswer, notFound: true }),
  tabs("templateSaveManufacturer", "POST /v1/ops_tab_info/add_update_template_manufacturer.json", "Create a template manufacturer, or rename one (refused while registered aircraft name it)", { who: MANUFACTURER_ROLES, body: O.TemplateManufacturerInput, ok: O.TemplateManufacturerAnswer, notFound: true }),
  tabs("templateDeleteManufacturer", "POST /v1/ops_tab_info/delete_template_manufacturer.json", "Delete a template manufacturer with its template tabs and versions (refused while registered aircraft name it)", { who: MANUFACTURER_ROLES, body: O.TemplateManufacturerDeleteInput, ok: O.Message, notFound: true }),
  tabs("templateVersionContent", "POST /v1/ops_tab_info/get_template_version_content.json", "What a saved template version holds: its tabs, columns and rows at the save", { who: TEMPLATE_ROLES, body: O.TemplateVersionContentInput, ok: O.TemplateVersionContentAnswer, notFound: true }),
  tabs("templateSaveVersion", "POST /v1/ops_tab_info/add_update_template_version.json", "Snapshot a new template version, or change a version's note", { who: TEMPLATE_ROLES, body: O.TemplateVersionInput, ok: O.TemplateVersionAnswer, notFound: true }),

  data("opsTabData", "POST /v1/ops_data/get_tab_data.json", "A page of a tab's rows, sorted and filtered", { who: OPS_READ, body: O.GetTabDataInput, ok: O.TabDataAnswer, notFound: true }),
  data("oilTabData", "POST /v1/oil_data/get_tab_data.json", "A page of an oil tab's rows", { who: "oil read access", body: O.GetTabDataInput, ok: O.TabDataAnswer, notFound: true }),
  data("opsTabPage", "POST /v1/ops_data/get_tab_page.json", "A tab page in one call: the header, the tabs, a page of rows and its oil links", { who: OPS_READ, body: O.GetTabPageInput, ok: O.TabPageAnswer, notFound: true }),
  data("oilTabPage", "POST /v1/oil_data/get_tab_page.json", "An oil tab page in one call: the header, the tabs and a page of rows", { who: "oil read access", body: O.GetTabPageInput, ok: O.TabPageAnswer, notFound: true }),
  data("opsSaveRow", "POST /v1/ops_data/add_ops_data_v2.json", "Add or update a row of an ops tab", { who: OPS_WRITE, body: O.AddOpsDataInput, ok: O.RowAnswer, notFound: true }),
  data("oilSaveRow", "POST /v1/oil_data/update_oil_data.json", "Add or update a row of an oil tab, or watch / unwatch it", { who: "oil write access", body: O.UpdateOilDataInput, ok: O.RowAnswer, notFound: true }),
  data("deleteRows", "POST /v1/ops_data/delete_template_data_by_selection.json", "Delete selected rows of an aircraft's tab", { who: "write access on the product", body: O.DeleteRowsInput, ok: O.DeletedAnswer, notFound: true }),
  data("uploadTabData", "POST /v1/ops_data/upload_ops_data.json", "Import a tab's rows from a spreadsheet (all or nothing)", { who: "write access on the product", multipart: O.UploadTabDataFields, ok: O.UploadAnswer, also: { 422: UploadRefusal, ...TooLarge }, notFound: true }),
  data("validateTabData", "POST /v1/ops_data/validate_tab_data.json", "Check a spreadsheet against a tab: the workbook with an Errors column", { who: "read access on the product", multipart: O.UploadTabDataFields, ok: { file: [XLSX] }, also: TooLarge, notFound: true }),
  data("keepValidation", "POST /v1/ops_data/keep_validation.json", "Check a spreadsheet against a tab and keep the workbook with its Errors column 30 minutes for the caller: its id and the rows with errors", { who: "read access on the product", multipart: O.UploadTabDataFields, ok: O.KeptValidation, also: TooLarge, notFound: true }),
  data("validationWorkbook", "POST /v1/ops_data/validation_workbook.json", "A validation workbook keep_validation kept (30 minutes)", { who: "the user who kept it", body: O.ValidationWorkbookInput, ok: { file: [XLSX] } }),
  data("hasDfp", "POST /v1/ops_data/is_tab_has_dfp.json", "Whether the tab has a data file package", { who: "read access on the product", body: O.TabRefInput, ok: O.HasDfpAnswer, notFound: true }),
  data("downloadDfp", "POST /v1/ops_data/download_dfp.json", "The tab's data file package (.xlsx)", { who: "read access on the product", body: O.TabRefInput, ok: { file: [XLSX] } }),
  data("opsHeader", "POST /v1/ops_data/get_ops_header_data.json", "The top bar's data (ops)", { who: OPS_READ, body: O.HeaderDataInput, ok: O.OpsHeaderData, notFound: true }),
  data("oilHeader", "POST /v1/oil_data/get_oil_header_data.json", "The top bar's data (oil)", { who: "oil read access", body: O.HeaderDataInput, ok: O.OpsHeaderData, notFound: true }),
  data("oilOpsLinkIds", "POST /v1/oil_data/get_oil_ops_link_ids.json", "Links of an oil tab's rows to ops rows", { who: "oil read access", body: O.OilLinkTabInput, ok: O.OilOpsLinksAnswer, notFound: true }),
  data("opsIdsDirectLink", "POST /v1/oil_data/get_ops_ids_direct_link.json", "Oil rows linked to an ops tab's rows", { who: OPS_READ, body: O.OilLinkTabInput, ok: O.OilOpsLinksAnswer, notFound: true }),
  data("oilLinkedRow", "POST /v1/oil_data/get_oil_linked_row_id.json", "Links of one oil row", { who: "oil read access", body: O.OilLinkedRowInput, ok: O.OilOpsLinksAnswer, notFound: true }),
  data("oilOpsLinkPk", "POST /v1/oil_data/get_oil_ops_link_pk.json", "The link columns and the tabs carrying them", { who: "oil read access", body: O.OilLinkPkInput, ok: O.OilOpsLinkPkAnswer, notFound: true }),
  data("oilLimits", "POST /v1/oil_data/get_oil_limits.json", "An oil tab's alert limits and the rows above them", { who: "oil read access", body: OL.OilLimitsInput, ok: OL.OilLimitsAnswer, notFound: true }),
  data("oilStatusDashboard", "POST /v1/oil_data/get_status_dashboard.json", "The status dashboard in one call: the status tab's first rows, and per oil tab its watched rows and its alert limits with the rows above them", { who: "oil read access", body: OL.StatusDashboardInput, ok: OL.StatusDashboardAnswer, notFound: true }),
  data("oilStatusDashboardPng", "POST /v1/oil_data/status_dashboard_png.json", "The status dashboard drawn as a PNG: the same reads as get_status_dashboard, with the counts of the caller's oil fleet", { who: "oil read access", body: OL.StatusDashboardInput, ok: { file: [PNG] } }),
  data("oilTrend", "POST /v1/oil_data/get_oil_trend.json", "An oil tab's numeric columns over time, per engine or serial, with its alert limits", { who: "oil read access", body: OL.OilTrendInput, ok: OL.OilTrendAnswer, notFound: true }),
  data("setOilLimit", "POST /v1/oil_data/set_oil_limit.json", "Set or clear the alert limit of an oil tab's number column", { who: "oil su_write (Super User) or staff", body: OL.SetOilLimitInput, ok: OL.SetOilLimitAnswer, notFound: true }),
  data("shareOilDashboard", "POST /v1/oil_data/share_status_dashboard.json", "Mail a link to an aircraft's AeroOIL status dashboard", { who: "oil read access", body: OL.ShareOilDashboardInput, ok: OL.ShareOilDashboardAnswer, notFound: true }),
  exportsTag("binderAvailability", "POST /v1/ops_data/binder_availability.json", "Which binders can be downloaded", { who: "read access on the product", body: O.BinderInput, ok: O.BinderAvailability, notFound: true }),
  exportsTag("binderDownload", "POST /v1/ops_data/binder_download.json", "The Current or Full Delivery Binder (PDF)", { who: "read access on the product", body: O.BinderDownloadInput, ok: { file: [PDF] } }),

  ...O.MODULE_PRODUCTS.flatMap((product) => [
    exportsTag(`${product}TabExcel`, `POST /v1/excel_export/${product}_download.json`, `One ${product} tab as Excel`, { who: `${product} read access`, body: O.TabExportInput, ok: { file: [XLSX] } }),
    exportsTag(`${product}AllTabsShare`, `POST /v1/excel_export/${product}_all_tab_excel_share.json`, `Every ${product} tab in one workbook, as a link valid 7 days (optionally mailed)`, {
      who: `${product} read access`,
      body: O.AllTabsShareInput,
      ok: O.ShareAnswer,
      also: { 422: FileErrorAnswer },
    }),
  ]),
  exportsTag("tabPdf", "POST /v1/pdf_generate/oil_ops_data/download.json", "One tab as a PDF table", { who: "read access on the product", body: O.TabPdfInput, ok: { file: [PDF] } }),
  exportsTag("generalInfoPdf", "POST /v1/pdf_generate/download_general_info_pdf.json", "The aircraft's general information (PDF)", { who: "read access on the product", body: O.GeneralInfoExportInput, ok: { file: [PDF] } }),
  exportsTag("generalInfoExcel", "POST /v1/excel_export/download_general_info_excel.json", "The aircraft's general information (Excel)", { who: "read access on the product", body: O.GeneralInfoExportInput, ok: { file: [XLSX] } }),
  exportsTag("opsNotificationsExcel", "POST /v1/excel_export/ops_notification_excel_download.json", "The Ops Notifications tab (Excel)", { who: OPS_READ, body: O.NotificationExportInput, ok: { file: [XLSX] } }),
  exportsTag("workOrderPdf", "POST /v1/work_order/download_pdf.json", "A work order at a version, with its certificate of release to service (PDF)", { who: OPS_READ, body: O.WorkOrderRefInput, ok: { file: [PDF] } }),
  exportsTag("workOrderExcel", "POST /v1/work_order/download_excel.json", "A work order at a version (Excel)", { who: OPS_READ, body: O.WorkOrderRefInput, ok: { file: [XLSX] } }),
  exportsTag("logbookPdf", "POST /v1/ops_data/send_all_logbook_pdf.json", "Every page of a technical logbook (PDF)", { who: OPS_READ, body: O.SendLogbookPdfInput, ok: { file: [PDF] } }),

  work("workOrders", "POST /v1/work_order/list.json", "An aircraft's work orders", { who: OPS_READ, body: O.WorkOrderListInput, ok: O.WorkOrderListAnswer, notFound: true }),
  work("workOrder", "POST /v1/work_order/get.json", "A work order at a version, with its versions", { who: OPS_READ, body: O.WorkOrderRefInput, ok: O.WorkOrderAnswer, notFound: true }),
  work("createWorkOrder", "POST /v1/work_order/create.json", "Create a work order (version 1)", { who: OPS_WRITE, body: O.WorkOrderCreateInput, ok: O.WorkOrderMutationAnswer, notFound: true }),
  work("updateWorkOrder", "POST /v1/work_order/update.json", "Update a work order (a new version)", { who: OPS_WRITE, body: O.WorkOrderUpdateInput, ok: O.WorkOrderMutationAnswer, notFound: true }),
  work("deleteWorkOrder", "POST /v1/work_order/delete.json", "Delete a work order with its versions", { who: OPS_WRITE, body: O.WorkOrderRefInput, ok: O.Message, notFound: true, also: Kept }),
  work("logbooks", "POST /v1/logbook/list.json", "An aircraft's technical logbooks", { who: OPS_READ, body: O.LogbookListInput, ok: O.LogbookListAnswer, notFound: true }),
  work("createLogbook", "POST /v1/logbook/create.json", "Create a logbook", { who: OPS_WRITE, body: O.LogbookCreateInput, ok: O.LogbookAnswer, notFound: true }),
  work("updateLogbook", "POST /v1/logbook/update.json", "Rename a logbook", { who: OPS_WRITE, body: O.LogbookUpdateInput, ok: O.LogbookAnswer, notFound: true }),
  work("deleteLogbook", "POST /v1/logbook/delete.json", "Delete a logbook with its pages", { who: OPS_WRITE, body: O.LogbookRefInput, ok: O.Message, notFound: true, also: Kept }),
  work("logbookPages", "POST /v1/logbook/pages.json", "A logbook's pages", { who: OPS_READ, body: O.LogbookPagesInput, ok: O.LogbookPagesAnswer, notFound: true }),
  work("createLogbookPage", "POST /v1/logbook/page_create.json", "Add a logbook page", { who: OPS_WRITE, body: O.LogbookPageCreateInput, ok: O.LogbookPageAnswer, notFound: true }),
  work("updateLogbookPage", "POST /v1/logbook/page_update.json", "Update a logbook page", { who: OPS_WRITE, body: O.LogbookPageUpdateInput, ok: O.LogbookPageAnswer, notFound: true }),
  work("deleteLogbookPage", "POST /v1/logbook/page_delete.json", "Delete a logbook page", { who: OPS_WRITE, body: O.LogbookPageRefInput, ok: O.Message, notFound: true, also: Kept }),

  signatures("signRecord", "POST /v1/signature/sign.json", "Sign the latest version of a work order or logbook page, re-entering the password or TOTP code", { who: SIGNERS, body: O.SignInput, ok: O.SignAnswer, notFound: true, also: { 429: ErrorAnswer } }),
  signatures("verifySignature", "POST /v1/signature/verify.json", "Verify a signature by its code: signer, time, meaning, hash (no record content)", { auth: "public", body: O.SignatureCodeInput, ok: O.SignatureVerifyAnswer, notFound: true, also: { 429: ErrorAnswer } }),
  signatures("signatureKey", "GET /v1/signature/key.json", "The public key (Ed25519, PEM) that checks every signature's statement", { auth: "public", ok: { file: ["application/x-pem-file"] } }),
  signatures("exportSignature", "POST /v1/signature/export.json", "A signature's manifest for offline proof: the signed version's canonical content and the public key", { who: OPS_READ, body: O.SignatureCodeInput, ok: O.SignatureManifest, notFound: true }),
  signatures("signingPolicy", "POST /v1/signature/policy_get.json", "Who may sign in an organization", { who: "the organization's users; admin, member", body: O.SigningPolicyGetInput, ok: O.SigningPolicyAnswer, notFound: true }),
  signatures("setSigningPolicy", "POST /v1/signature/policy_set.json", "Set who may sign in an organization", { who: "admin", body: O.SigningPolicySetInput, ok: O.SigningPolicySetAnswer, notFound: true }),

  access("userMsnPids", "POST /v1/user_access/user_msn_pids.json", "A user's grants in an organization", { who: "the user, admin, member; others see grants on aircraft where they are Super User", body: O.UserMsnPidsInput, ok: O.UserMsnPidsAnswer, notFound: true }),
  access("opsMsnAccess", "POST /v1/user_access/ops_get_msn_access.json", "Users with ops grants on the aircraft", { who: OPS_READ, body: O.OpsMsnAccessInput, ok: O.MsnAccessUsersAnswer, notFound: true }),
  access("oilMsnAccess", "POST /v1/user_access/oil_get_msn_access.json", "Users with oil grants on the aircraft", { who: "oil read access", body: O.OilMsnAccessInput, ok: O.MsnAccessUsersAnswer, notFound: true }),
  access("opsUserAccessType", "POST /v1/user_access/ops_get_user_access_type.json", "The caller's ops level on the aircraft (null when none)", { body: O.OpsMsnAccessInput, ok: O.AccessTypeAnswer }),
  access("userMsnAccess", "POST /v1/user_access/user_msn_access.json", "The caller's level and the aircraft's users", { who: "read access", body: O.UserMsnAccessInput, ok: O.UserMsnAccessAnswer, notFound: true }),
  access("orgAllUsers", "POST /v1/user_access/ops_get_org_all_user.json", "Active clients and template managers of an organization", { who: "admin, member, ops_template, a Super User of one of its aircraft", body: O.OrgAllUserInput, ok: O.OrgAllUserAnswer, notFound: true }),
  access("grantOpsAccess", "POST /v1/user_access/ops/create.json", "Grant (or change) ops / oil access", { who: "su_write on every aircraft named; admin, member", body: O.GrantAccessInput, ok: O.GrantAnswer, notFound: true }),
  access("updateOpsAccess", "POST /v1/user_access/ops/update.json", "Change existing ops / oil access", { who: "su_write on every aircraft named; admin, member", body: O.GrantAccessInput, ok: O.GrantAnswer, notFound: true }),
  access("revokeOpsAccess", "POST /v1/user_access/ops/delete.json", "Revoke ops / oil access", { who: "su_write on every aircraft named; admin, member", body: O.RevokeAccessInput, ok: O.GrantAnswer, notFound: true }),
  access("organisations", "GET /v1/user_access/organisation/get.json", "Organizations with their modules", { who: "admin, member, ops_template: all; others: their own", ok: O.OrganisationsAnswer }),
  access("msnIds", "POST /v1/user_access/msn_id/get_v2.json", "The aircraft registered for a product", { body: O.MsnIdListInput, ok: O.MsnIdsAnswer, notFound: true }),
  access("msnIdCreated", "POST /v1/user_access/msn_id_created.json", "Register an MSN for ops or oil", { who: "admin, member; ops_template for ops only", body: O.MsnIdCreatedInput, ok: O.MsnIdCreatedAnswer, notFound: true }),

  speed("speedTestLink", "POST /v1/work_order/get_signed_url_with_expiry.json", "A presigned GET link to a speed-test file", { body: Sp.signedUrlRequestSchema, ok: Sp.signedUrlAnswerSchema, notFound: true }),
];

/** Every operation of both APIs. */
export const API_OPERATIONS: readonly ApiOperation[] = [...mainOperations, ...opsOperations];

/** Ops paths answer with and without the .json suffix (docs/api/ops.md "Conventions"). */
export const answersWithoutJsonSuffix = (op: ApiOperation) => op.api === "ops" && op.path !== "/v1/work_order/get_signed_url_with_expiry.json";
