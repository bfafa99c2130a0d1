// Every operation of the OpenAPI document (issue 18 item 6, ADR 046) called on the running embedded
// upstream over HTTP, with the demo seed: each answer's status must be one the operation documents,
// and its body must parse with the zod schema documented for that status (a file answer: one of the
// documented content types, as an attachment). Each signed-in operation is also called without the
// auth headers (a documented 401). The request bodies sent for a 200 must pass the documented request
// schema. Every operation of app/models/schemas/api-operations.ts needs a case below (a new operation
// without one fails the suite), and every operation must succeed (200) at least once. Accounts that a
// flow changes (passwords, 2FA) are throwaway clients made through the admin API; mailed links and
// codes are read from the admin's outbox API.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as OTPAuth from "otpauth";
import { API_BASE, API_OPERATIONS, isFileAnswer, type ApiOperation } from "~/models/schemas/api-operations";
import { startTestUpstream, type TestUpstream } from "../helpers/upstream";

type Who = "admin" | "member" | "template" | "client" | "reader" | "consultant";
interface Call {
  /** Whose auth headers; null: none. Default: client. */
  as?: Who | null;
  /** Auth headers of another account (a throwaway one), instead of `as`. */
  headers?: Record<string, string>;
  params?: Record<string, string | number | undefined>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  form?: Record<string, string | undefined>;
  file?: File;
  /** The status this call must get (default 200); it must be documented too. */
  expect?: number | number[];
}
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let up: TestUpstream;
const H = {} as Record<Who, Record<string, string>>;
/** Ids from the demo seed and from earlier calls of this suite. */
const id: Record<string, number> = {};
const state: Record<string, unknown> = {};
const SKY = { organization: "skyline", msn_id: "5123" };
const called = new Set<string>();
/** The last call made to each operation (replayed without headers for the 401). */
const lastCalls = new Map<string, Call>();
/** Operations seen answering 200. */
const succeeded = new Set<string>();

function url(op: ApiOperation, call: Call) {
  const path = op.path.replace(/\{(\w+)\}/g, (_, k: string) => {
    if (call.params?.[k] == null) throw new Error(`${op.id}: no value for path parameter ${k}`);
    return encodeURIComponent(String(call.params[k]));
  });
  const qs = call.query ? `?${new URLSearchParams(Object.entries(call.query).flatMap(([k, v]) => (v == null ? [] : [[k, String(v)]])))}` : "";
  return `${up.origin}${API_BASE[op.api]}${path}${qs}`;
}

async function send(op: ApiOperation, call: Call): Promise<Response> {
  const who = call.as === undefined ? "client" : call.as;
  const headers: Record<string, string> = call.headers ? { ...call.headers } : who ? { ...H[who] } : {};
  let body: BodyInit | undefined;
  if (call.form || call.file) {
    const fd = new FormData();
    for (const [k, v] of Object.entries(call.form ?? {})) if (v != null) fd.set(k, v);
    if (call.file) fd.set("file", call.file);
    body = fd;
  } else if (call.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(call.body);
  }
  return fetch(url(op, call), { method: op.method, headers, body });
}

/** Calls the operation and checks the answer against the registry; returns the JSON body (or null). */
async function check(op: ApiOperation, call: Call): Promise<Json | null> {
  called.add(op.id);
  if (call.as !== null || call.headers) lastCalls.set(op.id, call);
  const res = await send(op, call);
  const where = `${op.method} ${op.path} as ${call.as === undefined ? "client" : call.as}`;
  const text = isFileAnswer(op.answers[res.status] ?? { file: [] }) && res.status === 200 ? "" : await res.clone().text();
  const documented = Object.keys(op.answers).map(Number);
  expect(documented, `${where}: status ${res.status} is not documented (${text.slice(0, 300)})`).toContain(res.status);
  const wanted = call.expect ?? 200;
  expect(Array.isArray(wanted) ? wanted : [wanted], `${where}: ${res.status} ${text.slice(0, 300)}`).toContain(res.status);
  if (res.status === 200) succeeded.add(op.id);
  const answer = op.answers[res.status];
  if (isFileAnswer(answer)) {
    const type = (res.headers.get("content-type") ?? "").split(";")[0].trim();
    expect(answer.file, `${where}: content type`).toContain(type);
    expect(res.headers.get("content-disposition") ?? "", `${where}: an attachment`).toMatch(/^attachment/);
    expect((await res.arrayBuffer()).byteLength, `${where}: file bytes`).toBeGreaterThan(0);
    return null;
  }
  const json = JSON.parse(text);
  const parsed = answer.safeParse(json);
  expect(parsed.success ? "matches" : JSON.stringify(parsed.error.issues.slice(0, 5)), `${where}: answer ${res.status} against its schema: ${text.slice(0, 300)}`).toBe("matches");
  if (res.status === 200) {
    // What was sent for a 200 is what the documented request schemas accept.
    if (op.body && call.body !== undefined) expect(op.body.safeParse(call.body).success, `${where}: the documented body schema refuses the body sent`).toBe(true);
    const query = call.query && Object.fromEntries(Object.entries(call.query).flatMap(([k, v]) => (v == null ? [] : [[k, String(v)]]))); // strings on the wire
    if (op.query && query) expect(op.query.safeParse(query).success, `${where}: the documented query schema refuses the query sent`).toBe(true);
    if (op.multipart && call.form) expect(op.multipart.safeParse(call.form).success, `${where}: the documented form schema refuses the fields sent`).toBe(true);
  }
  return json;
}

const byId = new Map(API_OPERATIONS.map((o) => [o.id, o]));
/** Calls another operation (setup for a case), expecting 200. */
const run = (opId: string, call: Call) => check(byId.get(opId)!, call) as Promise<Json>;

const csv = (text: string, name = "rows.csv") => new File([text], name, { type: "text/csv" });

const PW = "openapi-pass-2026";
/** A client account of Skyline made through the admin API, with a password (for flows that change the account). */
async function throwaway(local: string) {
  const email = `${local}@openapi.test`;
  await run("adminCreateClient", { as: "admin", body: { email, first_name: "Throw", last_name: "Away", organization_id: id.skylineOrg, password: PW } });
  return email;
}
/** The newest mail to an address (the admin's outbox API), and a parameter of the link in it. */
async function mailed(to: string, param?: string) {
  const { mails } = await run("mailOutbox", { as: "admin", query: { to } });
  const text: string = mails[0]?.text ?? "";
  const link = text.match(/https?:\/\/\S+/)?.[0];
  return { text, value: param && link ? new URL(link).searchParams.get(param) : null };
}
/**
 * A TOTP code for an account. The API checks codes against the real time (one step of drift either
 * way) and takes each 30-second step once per account, so an account's second code is the next step's.
 */
const totpUses = new Map<string, number>();
const totp = (secret: string, account: string) => {
  const n = totpUses.get(account) ?? 0;
  totpUses.set(account, n + 1);
  return OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30, timestamp: Date.now() + n * 30_000 });
};
/** Turns 2FA on for the account behind these headers; returns the secret. */
async function enable2fa(headers: Record<string, string>) {
  const { secret } = await run("twoFactorSetup", { headers, body: {} });
  await run("twoFactorEnable", { headers, body: { code: totp(secret, headers["x-user-email"]) } });
  return secret as string;
}

// ---------------------------------------------------------------------------------------------
// One case per operation: the calls that exercise it (in registry order; later cases may use ids
// that earlier ones created). Writes run on throwaway records, or send an invalid body and expect
// the documented 4xx.
// ---------------------------------------------------------------------------------------------

type Case = () => Promise<Call | Call[]>;
const cases: Record<string, Case> = {
  health: async () => ({ as: null }),

  signIn: async () => [
    { as: null, body: { user: { email: "client@demo.aero", password: "demo-pass-2026" } } },
    { as: null, body: { email: "client@demo.aero", password: "wrong-pass-2026" }, expect: 422 },
  ],
  verify2fa: async () => {
    const email = await throwaway("verify2fa");
    const secret = await enable2fa(await up.signIn(email, PW));
    const first = await run("signIn", { as: null, body: { user: { email, password: PW } } });
    expect(first.two_factor_required).toBe(true);
    return [
      { as: null, body: { challenge: "x".repeat(40), code: "123456" }, expect: 422 },
      { as: null, body: { challenge: first.challenge, code: totp(secret, email) } },
    ];
  },
  signInLink: async () => ({ as: null, body: { user: { email: "reader@demo.aero" } } }),
  signInWithLink: async () => {
    const { value: token } = await mailed("reader@demo.aero", "token");
    return [{ as: null, body: { token } }, { as: null, body: { token }, expect: 422 }];
  },
  // Signs out a token of its own (the member account is used nowhere else in this suite).
  signOut: async () => {
    H.member = await up.signIn("member@demo.aero");
    return { as: "member", body: {} };
  },
  register: async () => [
    {
      as: null,
      body: { user: { email: "openapi-new@example.test", password: PW, password_confirmation: PW, first_name: "Open", last_name: "Api", role: "client" } },
    },
    { as: null, body: { user: { email: "not-an-address" } }, expect: 422 },
  ],
  confirmEmail: async () => {
    const { value: token } = await mailed("openapi-new@example.test", "token");
    return [{ as: null, body: { token } }, { as: null, body: { token: "not-a-confirmation-token-0123" }, expect: 422 }];
  },
  requestPasswordReset: async () => ({ as: null, body: { email: await throwaway("reset") } }),
  resetPassword: async () => {
    const { value: token } = await mailed("reset@openapi.test", "reset_password_token");
    return [
      { as: null, body: { reset_password_token: token, password: `${PW}-2`, password_confirmation: `${PW}-2` } },
      { as: null, body: { reset_password_token: "not-a-reset-token-0123456789", password: PW, password_confirmation: PW }, expect: 422 },
    ];
  },
  changePassword: async () => {
    const headers = await up.signIn("reset@openapi.test", `${PW}-2`);
    return [
      { headers, body: { current_password: `${PW}-2`, password: `${PW}-3`, password_confirmation: `${PW}-3` } },
      { as: "reader", body: { current_password: "wrong-pass-2026", password: PW, password_confirmation: PW }, expect: 422 },
    ];
  },
  twoFactorStatus: async () => {
    state.tfEmail = await throwaway("twofactor");
    state.tf = await up.signIn(String(state.tfEmail), PW);
    return { headers: state.tf as Record<string, string> };
  },
  twoFactorSetup: async () => {
    const json = await check(byId.get("twoFactorSetup")!, { headers: state.tf as Record<string, string>, body: {} });
    state.tfSecret = json!.secret;
    return [];
  },
  twoFactorEnable: async () => [
    { headers: state.tf as Record<string, string>, body: { code: "000000" }, expect: 422 },
    { headers: state.tf as Record<string, string>, body: { code: totp(String(state.tfSecret), String(state.tfEmail)) } },
  ],
  twoFactorDisable: async () => [
    { headers: state.tf as Record<string, string>, body: { password: "wrong-pass-2026" }, expect: 422 },
    { headers: state.tf as Record<string, string>, body: { password: PW } },
  ],
  twoFactorReset: async () => {
    await enable2fa(state.tf as Record<string, string>); // a reset link is mailed only when 2FA is on
    return { as: null, body: { email: state.tfEmail } };
  },
  twoFactorConfirmReset: async () => {
    const { value: token } = await mailed(String(state.tfEmail), "token");
    return [{ as: null, body: { token } }, { as: null, body: { token: "not-a-reset-token-0123456789" }, expect: 422 }];
  },
  sendFrontEndError: async () => [
    { as: null, body: { error: "OpenAPI contract check", errorInfo: { stack: "none" }, errorUrl: "/openapi", email: "client@demo.aero" } },
    { as: null, body: { errorInfo: "no error field" }, expect: 422 },
  ],
  contact: async () => ({ as: null, body: { name: "Open Api", email: "openapi@example.test", company: "Check Co", message: "Checking the contract." } }),

  me: async () => [{}, { as: "consultant" }],
  updateProfile: async () => [{ body: { authorisation_number: "EASA.145.1234-ENG-07" } }, { body: { authorisation_number: "X".repeat(41) }, expect: 422 }],
  shell: async () => [
    {},
    { query: { aircraft_id: id.sky, users: "ops", fleet_q: "5", expand: id.sky } },
    { as: "reader", query: { aircraft_id: id.skyOther, users: "storage", expand: id.skyOther } },
    { as: "consultant", query: { aircraft_id: id.sky, users: "oil" } },
    { query: { aircraft_id: "one" }, expect: 422 },
  ],
  uambox: async () => ({ body: {} }),
  validateRole: async () => ({ body: { user_role: "client" } }),
  reportRefusal: async () => ({ body: { method: "POST", path: "/admin/organizations/new", reason: "Your role does not allow this." } }),
  notifications: async () => ({}),
  readNotifications: async () => ({ body: {} }),
  reportIssue: async () => {
    const json = await check(byId.get("reportIssue")!, { body: { description: "OpenAPI contract check", url: "/openapi" } });
    id.issue = json!.id;
    return { body: { description: "" }, expect: 422 };
  },
  issueReports: async () => [{ as: "admin", query: { status: "open" } }, { as: "client", expect: 422 }],
  closeIssueReport: async () => [{ as: "admin", params: { id: id.issue }, body: {} }, { as: "admin", params: { id: 999999 }, body: {}, expect: 404 }],
  mailOutbox: async () => ({ as: "admin", query: { to: "reader" } }),

  ...Object.fromEntries(
    (["", "uef"] as const).flatMap((family) => {
      const n = (s: string) => (family ? `uef${s[0].toUpperCase()}${s.slice(1)}` : s);
      const entries: [string, Case][] = [
        [n("aircraftList"), async () => [{ query: { q: "5123" } }, { as: "admin", query: { organization: "nordic", status: "GROUNDED" } }]],
        [n("aircraft"), async () => [{ params: { id: id.sky } }, { as: "reader", params: { id: id.skyOther }, expect: 404 }]],
        [n("aircraftUsers"), async () => ({ params: { id: id.sky } })],
        [
          n("files"),
          async () => [
            { params: { id: id.sky }, query: { dir: "/", sort: "name", order: "asc" } },
            { params: { id: id.sky }, query: { download: id.file } },
            { params: { id: id.sky }, query: { preview: id.file } },
            { params: { id: id.sky }, query: { dir: "/../etc" }, expect: 422 },
          ],
        ],
        [n("zip"), async () => [{ params: { id: id.sky }, query: { ids: String(id.file) } }, { params: { id: id.sky }, query: { ids: "x" }, expect: 422 }]],
        [
          n("uploadLink"),
          async () => {
            const json = await check(byId.get(n("uploadLink"))!, { body: { aircraft_id: id.sky, dir: "/" } });
            state[`${family}key`] = json!.key_prefix;
            return { as: "reader", body: { aircraft_id: id.sky, dir: "/" }, expect: 422 };
          },
        ],
        // Nothing was uploaded under the key: the file comes back as missing (the client uploads it again).
        [n("indexFiles"), async () => ({ body: { key: state[`${family}key`], aircraft_id: id.sky, dir: "/", files: [{ path: "openapi-check.txt", size: 3 }] } })],
        [n("createFolders"), async () => ({ body: { aircraft_id: id.sky, dir: "/", paths: [`OpenAPI check ${family || "standard"}`] } })],
      ];
      return entries;
    })
  ),
  splitFiles: async () => ({ body: { files: [{ path: "a.pdf", size: 10 }, { path: "b.pdf", size: 20 }], batch_size: 1 } }),
  uefPreprocessFiles: async () => {
    const json = await check(byId.get("uefPreprocessFiles")!, { body: { key: state.uefkey, aircraft_id: id.sky, files: [{ path: "openapi.txt", size: 4 }] } });
    state.uid = json!.uid;
    return { body: { key: "not-a-key", files: [] }, expect: 422 };
  },
  uefValidateFiles: async () => [{ query: { uid: String(state.uid) } }, { query: { uid: "0".repeat(32) }, expect: 404 }],
  copyItems: async () => {
    const folders = await check(byId.get("createFolders")!, { body: { aircraft_id: id.sky, dir: "/", paths: ["OpenAPI scratch"] } });
    id.scratch = folders!.folders[0].id;
    return { body: { aircraft_id: id.sky, ids: [id.scratch], to_dir: "/" } };
  },
  moveItems: async () => ({ body: { aircraft_id: id.sky, ids: [id.scratch], new_name: "OpenAPI scratch moved" } }),
  deleteItems: async () => [{ body: { aircraft_id: id.sky, ids: [id.scratch] } }, { as: "reader", body: { aircraft_id: id.sky, ids: [id.file] }, expect: [404, 422] }],
  organizations: async () => [{ as: "admin", query: { filter: "sky" } }, {}],
  uefOrganizations: async () => ({ as: "admin" }),
  organization: async () => [{ params: { org: "skyline" } }, { params: { org: "nordic" }, expect: 404 }],
  clients: async () => [{ as: "admin", query: { organization_id: id.skylineOrg } }, { expect: 422 }],
  newOpenSearch: async () => [{}, { as: "admin", query: { organization_id: id.skylineOrg } }],
  search: async () => [{ query: { query: "certificate" } }, { query: { query: "ab" }, expect: 422 }],
  favourites: async () => ({}),
  addFavourite: async () => ({ body: { id: id.file } }),
  removeFavourite: async () => [{ body: { id: id.file } }, { body: { id: id.file }, expect: 404 }],
  following: async () => ({}),
  follow: async () => ({ body: { aircraft_id: id.sky } }),
  unfollow: async () => [{ body: { aircraft_id: id.sky } }, { body: { aircraft_id: id.sky }, expect: 404 }],

  versions: async () => {
    // Upload a file over one of the same name: the old content becomes a version.
    const item = await up.upstream.deps.db.selectFrom("storage_items").select(["name", "path"]).where("id", "=", id.file).executeTakeFirstOrThrow();
    const dir = item.path.slice(0, item.path.lastIndexOf("/")) || "/";
    const main = async (path: string, body: unknown) => (await fetch(`${up.mainUrl}${path}`, { method: "POST", headers: { ...H.client, "content-type": "application/json" }, body: JSON.stringify(body) })).json() as Promise<Json>;
    const link = await main("/storage/v2/files/upload_link.json", { aircraft_id: id.sky, dir });
    const form = new FormData();
    for (const [k, v] of Object.entries(link.url_fields as Record<string, string>)) form.append(k, v);
    form.append("key", `${link.key_prefix}${item.name}`);
    form.append("file", new Blob([Buffer.from("new content")]), item.name);
    expect((await fetch(link.url, { method: "POST", body: form })).status).toBe(204);
    await main("/storage/v2/files/index_files.json", { key: link.key_prefix, aircraft_id: id.sky, dir, files: [{ path: item.name, size: 11 }] });
    const list = await check(byId.get("versions")!, { params: { id: id.sky }, query: { fileid: id.file } });
    id.version = list!.versions.find((v: Json) => !v.current).id;
    return [{ params: { id: id.sky }, query: { fileid: id.file, download: id.version } }, { as: "reader", params: { id: id.skyOther }, query: { fileid: id.file }, expect: 404 }];
  },
  restoreVersion: async () => [{ body: { aircraft_id: id.sky, file_id: id.file, version_id: id.version } }, { body: { aircraft_id: id.sky, file_id: id.file, version_id: 999999 }, expect: 404 }],
  trash: async () => {
    const t = await check(byId.get("trash")!, { params: { id: id.sky } });
    id.trashEntry = t!.entries[0].id;
    return { as: "reader", params: { id: id.skyOther }, expect: 404 };
  },
  trashRestore: async () => [{ body: { aircraft_id: id.sky, entry_id: id.trashEntry } }, { body: { aircraft_id: id.sky, entry_id: 999999 }, expect: 404 }],
  retention: async () => [{ as: "admin" }, { as: "client", expect: 422 }],
  setRetention: async () => [{ as: "admin", body: { class_key: "damage-charts", keep: "none" } }, { as: "admin", body: { class_key: "damage-charts", keep: "years" }, expect: 422 }, { as: "client", body: { class_key: "damage-charts", keep: "none" }, expect: 422 }],
  placeHold: async () => [{ as: "admin", body: { aircraft_id: id.skyOther, reason: "OpenAPI check" } }, { as: "admin", body: { aircraft_id: 999999, reason: "x" }, expect: 404 }],
  releaseHold: async () => [{ as: "admin", body: { aircraft_id: id.skyOther } }, { as: "client", body: { aircraft_id: id.skyOther }, expect: 422 }],

  inventory: async () => ({ params: { id: id.sky } }),
  inventoryExport: async () => [{ params: { id: id.sky }, query: { format: "xlsx" } }, { params: { id: id.sky }, query: { format: "pdf" } }, { params: { id: id.sky }, query: { format: "doc" }, expect: 422 }],
  fleetInventory: async () => ({}),
  fleetInventoryExport: async () => ({ query: { format: "xlsx" } }),
  ocrReport: async () => ({ params: { id: id.sky } }),
  ocrStatus: async () => ({}),
  ocrRerun: async () => [{ body: { aircraft_id: id.sky, file_id: id.file } }, { as: "reader", body: { aircraft_id: id.sky }, expect: 422 }],
  links: async () => [{ params: { id: id.sky } }, { params: { id: id.sky }, query: { work_order_id: id.workOrder } }, { params: { id: id.skyOther }, as: "reader", expect: 404 }],
  linkCounts: async () => [{ params: { id: id.sky } }, { params: { id: id.sky }, query: { work_order_id: id.workOrder } }, { params: { id: id.skyOther }, as: "reader", expect: 404 }],
  linkTargets: async () => [{ params: { id: id.sky } }, { params: { id: id.skyOther }, as: "reader", expect: 404 }],
  link: async () => {
    const made = await check(byId.get("link")!, { body: { aircraft_id: id.sky, file_id: id.file, work_order_id: id.workOrder } });
    id.link = made!.link_id;
    return [{ body: { aircraft_id: id.sky, file_id: id.file, work_order_id: id.workOrder }, expect: 422 }, { body: { aircraft_id: id.sky, file_id: id.file, work_order_id: 999999 }, expect: 404 }];
  },
  decideLink: async () => [{ as: "reader", body: { link_id: id.link, decision: "unlink" }, expect: 422 }, { body: { link_id: id.link, decision: "unlink" } }, { body: { link_id: 999999, decision: "accept" }, expect: 404 }],
  scanLinks: async () => [{ body: { aircraft_id: id.sky } }, { as: "reader", body: { aircraft_id: id.sky }, expect: 422 }],

  marketplace: async () => [{ query: { sort: "name", per_page: 5 } }, { as: "consultant", expect: 422 }],
  saved: async () => ({}),
  ownLanding: async () => [{ as: "consultant" }, { expect: 422 }],
  landing: async () => ({ params: { id: id.consultant } }),
  profile: async () => [{ params: { id: id.consultant } }, { as: "consultant", params: { id: id.otherConsultant }, expect: 404 }],
  profileUpdate: async () => [
    { as: "consultant", params: { id: id.consultant }, body: { consultant: { city: "Kraków" } } },
    { as: "consultant", params: { id: id.consultant }, body: { consultant: {} }, expect: 422 },
  ],
  consultantUploadLink: async () => ({ as: "consultant", params: { id: id.consultant }, body: { kind: "photo" } }),
  resume: async () => ({ params: { id: id.consultant }, expect: [200, 422] }),
  emailById: async () => [{ as: "admin", params: { id: id.consultant } }, { params: { id: id.consultant }, expect: 422 }],
  approveConsultant: async () => [{ as: "admin", params: { id: id.consultant } }, { as: "consultant", params: { id: id.consultant }, expect: 422 }],
  disapproveConsultant: async () => ({ as: "admin", params: { id: id.otherConsultant } }),
  availableConsultant: async () => ({ as: "admin", params: { id: id.consultant } }),
  notAvailableConsultant: async () => ({ as: "admin", params: { id: id.otherConsultant } }),
  like: async () => ({ body: { id: id.consultant } }),
  unlike: async () => [{ body: { id: id.consultant } }, { as: "consultant", body: { id: id.consultant }, expect: 422 }],
  rate: async () => [{ params: { id: id.consultant }, body: { rating: 5, comment: "Thorough." } }, { params: { id: id.consultant }, body: { rating: 9 }, expect: 422 }],
  messageAdmins: async () => ({ as: "consultant", params: { id: id.consultant }, body: { message_to_admin: "Checking the contract." } }),
  messageConsultant: async () => ({ body: { consultant_id: id.consultant, body: "Available in March?" } }),
  messages: async () => [{}, { as: "consultant" }],
  projects: async () => ({ params: { id: id.consultant } }),
  createProject: async () => {
    const json = await check(byId.get("createProject")!, { as: "consultant", params: { id: id.consultant }, body: { project: { title: "OpenAPI check", start_date: "2026-01-05" } } });
    id.project = json!.project.id;
    return { as: "consultant", params: { id: id.consultant }, body: { project: { title: "" } }, expect: 422 };
  },
  deleteProject: async () => [{ as: "consultant", params: { id: id.consultant, pid: id.project }, body: {} }, { as: "consultant", params: { id: id.consultant, pid: id.project }, body: {}, expect: 404 }],
  settings: async () => [{ as: "consultant", params: { id: id.consultant } }, { params: { id: id.consultant }, expect: 422 }],
  settingsGeneral: async () => ({ as: "consultant", params: { id: id.consultant }, body: { name: "Marta Kowalska", city: "Warsaw", country: "Poland" } }),
  settingsPhone: async () => ({ as: "consultant", params: { id: id.consultant }, body: { phone_number_with_country_code: "+48 601 234 568" } }),
  settingsVerifyPhone: async () => {
    const code = /is (\d{6})\./.exec((await mailed("consultant@demo.aero")).text)?.[1];
    return [
      { as: "consultant", params: { id: id.consultant }, body: { code: code === "000000" ? "111111" : "000000" }, expect: 422 },
      { as: "consultant", params: { id: id.consultant }, body: { code } },
    ];
  },
  settingsNotifications: async () => ({ as: "consultant", params: { id: id.consultant }, body: { email_notifications: true } }),
  settingsDeactivate: async () => ({ as: "consultant", params: { id: id.consultant }, body: {} }),
  settingsActivate: async () => ({ as: "consultant", params: { id: id.consultant }, body: {} }),

  adminOrganizations: async () => [{ as: "admin", query: { sort: "aircraft_count", dir: "desc" } }, { as: "template", query: { module: "ops" } }, { expect: 422 }],
  adminOrganization: async () => [{ as: "admin", params: { id: id.skylineOrg } }, { as: "admin", params: { id: 999999 }, expect: 404 }],
  adminCreateOrganization: async () => {
    const json = await check(byId.get("adminCreateOrganization")!, { as: "admin", body: { name: "OpenAPI Check Co", product_type: "STORAGE" } });
    id.org = json!.organization.id;
    return { as: "admin", body: { name: "" }, expect: 422 };
  },
  adminUpdateOrganization: async () => ({ as: "admin", params: { id: id.org }, body: { name: "OpenAPI Check Company", slug: "openapi-check-co", product_type: "STORAGE" } }),
  adminOrganizationModules: async () => ({ as: "admin", params: { id: id.org }, body: { ops: true } }),
  adminOrganizationAircraft: async () => ({ as: "admin", params: { id: id.skylineOrg }, query: { sort: "registration" } }),
  adminAircraft: async () => ({ as: "admin", params: { id: id.sky } }),
  adminCreateAircraft: async () => {
    const json = await check(byId.get("adminCreateAircraft")!, { as: "admin", body: { organization_id: id.org, msn: "OA-1", registration: "OA-TST", kind: "aircraft", model: "Check" } });
    id.newAircraft = json!.aircraft.id;
    return { as: "admin", body: { organization_id: id.org, msn: "OA-1", registration: "OA-TST" }, expect: 422 };
  },
  adminUpdateAircraft: async () => ({ as: "admin", params: { id: id.newAircraft }, body: { msn: "OA-1", registration: "OA-TS2", kind: "aircraft", status: "GROUNDED" } }),
  adminOverview: async () => [{ as: "admin" }, { as: "admin", query: { organization_id: id.skylineOrg } }],
  adminUsers: async () => ({ as: "admin", query: { role: "client", active: "1" } }),
  adminUser: async () => ({ as: "admin", params: { id: id.reader } }),
  adminCreateClient: async () => {
    const json = await check(byId.get("adminCreateClient")!, { as: "admin", body: { email: "openapi-client@example.test", first_name: "Olive", last_name: "Client", organization_id: id.org } });
    id.newClient = json!.user.id;
    return { as: "admin", body: { email: "openapi-client@example.test", first_name: "Olive", last_name: "Client", organization_id: id.org }, expect: 422 };
  },
  adminConsultants: async () => ({ as: "admin", query: { approval: "verified" } }),
  adminCreateConsultant: async () => ({ as: "admin", body: { email: "openapi-consultant@example.test", first_name: "Oscar", last_name: "Consult", city: "Cork", country: "Ireland" } }),
  adminInviteUser: async () => ({ as: "admin", params: { id: id.newClient }, body: {} }),
  adminDeactivateUser: async () => [{ as: "admin", params: { id: id.newClient }, body: {} }, { as: "admin", params: { id: id.admin }, body: {}, expect: 422 }],
  adminActivateUser: async () => ({ as: "admin", params: { id: id.newClient }, body: {} }),
  adminIpWhitelist: async () => ({ as: "admin" }),
  adminAddIpRange: async () => {
    const json = await check(byId.get("adminAddIpRange")!, { as: "admin", body: { organization_id: id.org, cidr: "10.9.0.0/16", label: "Check", confirm: true } });
    id.ipEntry = json!.entry.id;
    return { as: "admin", body: { organization_id: id.org, cidr: "10.8.0.0/16" }, expect: 422 }; // the confirmation warning
  },
  adminRemoveIpRange: async () => ({ as: "admin", params: { id: id.ipEntry }, body: { confirm: true } }),
  adminUserAccess: async () => ({ as: "admin", params: { id: id.reader } }),
  adminAircraftAccess: async () => [{ as: "admin", params: { id: id.sky } }, { as: "reader", params: { id: id.sky }, expect: 422 }],
  adminGrantAccess: async () => ({ as: "admin", body: { user_id: id.newClient, aircraft_ids: [id.newAircraft], products: ["storage"], access: "read" } }),
  adminRevokeAccess: async () => [
    { as: "admin", body: { user_id: id.newClient, aircraft_ids: [id.newAircraft], products: ["storage"] } },
    { as: "admin", body: { user_id: id.newClient, aircraft_ids: [id.newAircraft], products: ["storage"] }, expect: 422 },
  ],
  adminReindexJobs: async () => ({ as: "admin" }),
  adminReindex: async () => ({ as: "admin", body: { organization_id: id.org } }),
  adminFsUsers: async () => ({ as: "admin" }),
  adminCreateFsUser: async () => {
    const json = await check(byId.get("adminCreateFsUser")!, { as: "admin", body: { username: "openapi.user", display_name: "Open Api", group_ids: [] } });
    id.fsUser = json!.user.id;
    return { as: "admin", body: { username: "X" }, expect: 422 };
  },
  adminUpdateFsUser: async () => ({ as: "admin", params: { id: id.fsUser }, body: { enabled: false } }),
  adminFsGroups: async () => ({ as: "admin" }),
  adminCreateFsGroup: async () => ({ as: "admin", body: { name: "OpenAPI group", organization_id: id.org } }),
  adminAnalytics: async () => ({ as: "admin", query: { weeks: 8 } }),
  adminAudit: async () => ({ as: "admin", query: { action: "admin." } }),
  adminAuditChain: async () => [{ as: "admin" }, { as: "client", expect: 422 }],
  adminAuditExport: async () => [{ as: "admin", query: { from: "2020-01-01" } }, { as: "client", expect: 422 }, { as: "admin", query: { from: "2026-02-01", to: "2026-01-01" }, expect: 422 }],

  // --- ops and oil ---------------------------------------------------------------------------
  opsListTabs: async () => [{ body: SKY }, { body: { organization: "skyline" }, expect: 422 }],
  oilListTabs: async () => ({ as: "reader", body: SKY }),
  templateListTabs: async () => [{ as: "template", body: { manufacturer: "Airbus" } }, { body: { manufacturer: "Airbus" }, expect: 422 }],
  templateManufacturers: async () => ({ as: "template", body: {} }),
  msnModules: async () => ({ body: SKY }),
  fleetTabs: async () => [{ body: {} }, { body: { organization: "nordic" }, expect: 404 }],
  createTab: async () => {
    const json = await check(byId.get("createTab")!, { as: "admin", body: { ...SKY, tab_name: "OpenAPI tab", columns: [{ name: "Part No" }, { name: "Qty", type: "number" }] } });
    state.tab = json!.tab.tab_id;
    state.qty = json!.tab.columns.find((c: Json) => c.name === "Qty").id;
    state.partNo = json!.tab.columns.find((c: Json) => c.name === "Part No").id;
    return { as: "reader", body: { ...SKY, tab_name: "Refused" }, expect: 422 };
  },
  deleteTab: async () => {
    const json = await check(byId.get("createTab")!, { as: "template", body: { manufacturer: "OpenAPI Maker", tab_name: "Throwaway" } });
    state.makerTab = json!.tab.tab_id;
    const other = await check(byId.get("createTab")!, { as: "admin", body: { ...SKY, tab_name: "OpenAPI throwaway" } });
    return [{ as: "admin", body: { ...SKY, tab_id: other!.tab.tab_id } }, { as: "admin", body: { ...SKY, tab_id: "generalInformation" }, expect: 422 }];
  },
  deleteColumn: async () => ({ as: "admin", body: { ...SKY, tab_id: state.tab, column_id: state.qty } }),
  pushColumns: async () => ({ as: "admin", body: { ...SKY, tab_id: state.tab, columns: [{ id: state.partNo, name: "Part No" }, { name: "Serial No" }] } }),
  templateData: async () => ({ as: "template", body: { manufacturer: "Airbus", tab_id: state.templateTab, per_page: 10 } }),
  templateSaveRow: async () => {
    const json = await check(byId.get("templateSaveRow")!, { as: "template", body: { manufacturer: "Airbus", tab_id: state.templateTab, item: { [String(state.templateColumn)]: "OpenAPI" } } });
    id.templateRow = json!.row.id;
    return { as: "template", body: { manufacturer: "Airbus", tab_id: state.templateTab }, expect: 422 };
  },
  templateDeleteRows: async () => ({ as: "template", body: { manufacturer: "Airbus", tab_id: state.templateTab, ids: [id.templateRow] } }),
  templateDeleteAllRows: async () => ({ as: "template", body: { manufacturer: "OpenAPI Maker", tab_id: state.makerTab } }),
  templateVersions: async () => [{ as: "template", body: { manufacturer: "Airbus" } }, { as: "template", body: { manufacturer: "No Such Maker" }, expect: 404 }],
  templateSaveManufacturer: async () => {
    const json = await check(byId.get("templateSaveManufacturer")!, { as: "admin", body: { name: "OpenAPI Throwaway Maker" } });
    id.maker = json!.manufacturer.id;
    return [
      { as: "template", body: { id: id.maker, name: "OpenAPI Renamed Maker" } },
      { as: "consultant", body: { id: id.maker, name: "Refused" }, expect: 422 },
      { as: "admin", body: { id: id.maker, name: "Airbus" }, expect: 422 },
      { as: "admin", body: { id: 999999, name: "Nobody" }, expect: 404 },
    ];
  },
  templateDeleteManufacturer: async () => [
    { as: "admin", body: { id: (await run("templateManufacturers", { as: "admin", body: {} })).manufacturers.find((m: Json) => m.name === "Airbus").id }, expect: 422 },
    { as: "template", body: { id: id.maker } },
  ],
  templateVersionContent: async () => {
    const saved = await run("templateSaveVersion", { as: "template", body: { manufacturer: "Airbus", note: "Contract content check" } });
    return [
      { as: "admin", body: { manufacturer: "Airbus", version: saved.version.version } },
      { as: "template", body: { manufacturer: "Airbus", version: 99999 }, expect: 404 },
      { as: "client", body: { manufacturer: "Airbus", version: 1 }, expect: 422 },
    ];
  },
  templateSaveVersion: async () => ({ as: "template", body: { manufacturer: "OpenAPI Maker", note: "Contract check" } }),

  opsTabData: async () => [{ body: { ...SKY, tab_id: state.opsTab, sort_order: "desc", per_page: 5, binder: true, validation: crypto.randomUUID() } }, { body: { ...SKY, tab_id: state.opsTab, sort_column: "No such column" }, expect: 422 }],
  oilTabData: async () => ({ body: { ...SKY, tab_id: state.oilTab, watched_only: false } }),
  opsTabPage: async () => [{ body: { ...SKY, tab_id: state.opsTab, sort_order: "desc", per_page: 5, binder: true, links: true } }, { body: { ...SKY, tab_id: "no-such-tab" } }],
  oilTabPage: async () => ({ body: { ...SKY, tab_id: state.oilTab, watched_only: false } }),
  opsSaveRow: async () => {
    const json = await check(byId.get("opsSaveRow")!, { body: { ...SKY, tab_id: state.tab, item: { "Part No": "PN-1", "Serial No": "SN-1" } } });
    id.row = json!.row.id;
    return { as: "reader", body: { ...SKY, tab_id: state.tab, item: { "Part No": "PN-2" } }, expect: 422 };
  },
  oilSaveRow: async () => ({ body: { ...SKY, tab_id: state.oilTab, id: id.oilRow, watched: true } }),
  deleteRows: async () => [{ body: { ...SKY, tab_id: state.tab, ids: [id.row] } }, { body: { ...SKY, tab_id: state.tab, ids: [id.row] }, expect: 404 }],
  uploadTabData: async () => [
    { form: { ...SKY, tab_id: String(state.tab), mode: "append" }, file: csv("Part No,Serial No\nPN-3,SN-3\n") },
    { form: { ...SKY, tab_id: String(state.tab) }, file: csv("Unknown column\nx\n"), expect: 422 },
  ],
  validateTabData: async () => ({ form: { ...SKY, tab_id: String(state.tab) }, file: csv("Part No,Serial No\nPN-4,SN-4\n") }),
  keepValidation: async () => {
    const kept = await check(byId.get("keepValidation")!, { form: { ...SKY, tab_id: String(state.tab) }, file: csv("Part No,Serial No\nPN-5,SN-5\n") });
    state.validation = kept!.id;
    return { as: "reader", form: { ...SKY, tab_id: String(state.tab) }, file: csv("Part No,Serial No\nPN-6,SN-6\n") };
  },
  // The client's workbook: theirs only.
  validationWorkbook: async () => [{ body: { id: state.validation } }, { as: "reader", body: { id: state.validation }, expect: 422 }],
  hasDfp: async () => ({ body: { ...SKY, tab_id: state.opsTab } }),
  downloadDfp: async () => [{ body: { ...SKY, tab_id: state.opsTab } }, { body: { ...SKY, tab_id: "no-such-tab" }, expect: 422 }],
  opsHeader: async () => ({ body: SKY }),
  oilHeader: async () => ({ body: SKY }),
  oilOpsLinkIds: async () => ({ body: { ...SKY, tab_id: state.oilTab } }),
  opsIdsDirectLink: async () => ({ body: { ...SKY, tab_id: state.opsTab } }),
  oilLinkedRow: async () => ({ body: { ...SKY, tab_id: state.oilTab, row_id: id.oilRow } }),
  oilOpsLinkPk: async () => ({ body: SKY }),
  oilLimits: async () => ({ body: { ...SKY, tab_id: state.oilTab } }),
  oilStatusDashboard: async () => ({ body: { ...SKY } }),
  oilStatusDashboardPng: async () => [{ as: "reader", body: { ...SKY } }, { as: "reader", body: { organization: "skyline", msn_id: "no-such-msn" }, expect: 422 }],
  oilTrend: async () => ({ body: { ...SKY, tab_id: state.oilTab } }),
  setOilLimit: async () => [
    { as: "admin", body: { ...SKY, tab_id: state.oilTab, column_name: "Ag ppm", limit: 5 } },
    { as: "admin", body: { ...SKY, tab_id: state.oilTab, column_name: "No such column", limit: 1 }, expect: 422 },
  ],
  shareOilDashboard: async () => [{ body: { ...SKY, emails: "a@example.test" } }, { body: { ...SKY, emails: "not an address" }, expect: 422 }],
  binderAvailability: async () => ({ body: { ...SKY, tab_id: state.opsTab } }),
  binderDownload: async () => ({ body: { ...SKY, tab_id: state.opsTab, kind: "current" } }),
  opsTabExcel: async () => ({ body: { ...SKY, tab_id: state.opsTab, sort_order: "asc" } }),
  opsAllTabsShare: async () => ({ body: SKY }),
  oilTabExcel: async () => ({ body: { ...SKY, tab_id: state.oilTab } }),
  oilAllTabsShare: async () => [{ body: { ...SKY, emails: "a@example.test" } }, { body: { ...SKY, emails: "not an address" }, expect: 422 }],
  tabPdf: async () => ({ body: { ...SKY, tab_id: state.opsTab, product: "ops" } }),
  generalInfoPdf: async () => ({ body: SKY }),
  generalInfoExcel: async () => ({ body: SKY }),
  opsNotificationsExcel: async () => ({ body: SKY }),
  workOrderPdf: async () => ({ body: { work_order_id: id.workOrder } }),
  workOrderExcel: async () => [{ body: { work_order_id: id.workOrder, version: 1 } }, { body: { work_order_id: 999999 }, expect: 422 }],
  logbookPdf: async () => ({ body: { log_book_id: id.logbook, action: "download" } }),

  workOrders: async () => ({ body: { ...SKY, kind: "aircraft", per_page: 5 } }),
  workOrder: async () => [{ body: { work_order_id: id.workOrder } }, { body: { work_order_id: 999999 }, expect: 404 }],
  createWorkOrder: async () => {
    const json = await check(byId.get("createWorkOrder")!, { body: { ...SKY, kind: "aircraft", number: "OA-WO-1", title: "OpenAPI check", data: { station: "DUB" } } });
    id.newWorkOrder = json!.work_order.work_order_id;
    return { as: "reader", body: { ...SKY, kind: "aircraft", number: "OA-WO-2", title: "Refused" }, expect: 422 };
  },
  updateWorkOrder: async () => ({ body: { work_order_id: id.newWorkOrder, status: "closed" } }),
  deleteWorkOrder: async () => ({ body: { work_order_id: id.newWorkOrder } }),
  logbooks: async () => ({ body: SKY }),
  createLogbook: async () => {
    const json = await check(byId.get("createLogbook")!, { body: { ...SKY, title: "OpenAPI logbook" } });
    id.newLogbook = json!.logbook.log_book_id;
    return { body: { ...SKY, title: "" }, expect: 422 };
  },
  updateLogbook: async () => ({ body: { log_book_id: id.newLogbook, title: "OpenAPI logbook 2" } }),
  deleteLogbook: async () => ({ body: { log_book_id: id.newLogbook } }),
  logbookPages: async () => ({ body: { log_book_id: id.logbook, per_page: 5 } }),
  createLogbookPage: async () => {
    const json = await check(byId.get("createLogbookPage")!, { body: { log_book_id: id.logbook, date: "2026-11-01", data: { sector: "DUB-LHR" } } });
    id.page = json!.page.id;
    return { body: { log_book_id: id.logbook, date: "2026-13-45" }, expect: 422 };
  },
  updateLogbookPage: async () => ({ body: { page_id: id.page, data: { sector: "DUB-CDG" } } }),
  deleteLogbookPage: async () => ({ body: { page_id: id.page } }),

  signRecord: async () => {
    const body = { entity: "work_order", entity_id: id.workOrder, meaning: "Inspected", password: "demo-pass-2026" };
    const json = await check(byId.get("signRecord")!, { body });
    state.signatureCode = json!.signature.code;
    return [
      { body, expect: 422 },
      { as: "reader", body, expect: 422 },
    ];
  },
  verifySignature: async () => [
    { as: null, body: { code: state.signatureCode } },
    { as: null, body: { code: "0000-0000-0000" }, expect: 404 },
  ],
  signatureKey: async () => ({ as: null }),
  exportSignature: async () => [{ as: "reader", body: { code: state.signatureCode } }, { body: { code: "0000-0000-0000" }, expect: 404 }],
  signingPolicy: async () => ({ as: "reader", body: {} }),
  setSigningPolicy: async () => [
    { as: "admin", body: { organization_id: id.skylineOrg, roles: ["client", "member", "admin"], access: "write", require_authorisation: true } },
    { as: "reader", body: { roles: ["client"], access: "write", require_authorisation: false }, expect: 422 },
  ],

  userMsnPids: async () => ({ as: "admin", body: { user_id: id.reader, organization: "skyline", product: "ops" } }),
  opsMsnAccess: async () => ({ body: { org_msn_id: id.sky } }),
  oilMsnAccess: async () => ({ body: SKY }),
  opsUserAccessType: async () => [{ as: "reader", body: { org_msn_id: id.sky } }, { as: "reader", body: { org_msn_id: id.skyOther } }],
  userMsnAccess: async () => ({ body: { ...SKY, product: "ops" } }),
  orgAllUsers: async () => [{ as: "admin", body: { organization: "skyline" } }, { as: "reader", body: { organization: "skyline" }, expect: 422 }],
  grantOpsAccess: async () => ({ as: "admin", body: { user_id: id.reader, org_msn_id: id.skyOther, access: "read", product: "ops" } }),
  updateOpsAccess: async () => ({ as: "admin", body: { user_id: id.reader, org_msn_id: id.skyOther, access: "write", product: "ops" } }),
  revokeOpsAccess: async () => ({ as: "admin", body: { user_id: id.reader, org_msn_id: id.skyOther, product: "ops" } }),
  organisations: async () => [{}, { as: "template" }],
  msnIds: async () => ({ body: { organization: "skyline", product: "ops", per_page: 10 } }),
  msnIdCreated: async () => [
    { as: "admin", body: { organization: "skyline", msn_id: "OA-77", registration: "OA-SEVN", product: "ops", manufacturer: "Airbus", model: "A320-200" } },
    { as: "reader", body: { organization: "skyline", msn_id: "OA-78", registration: "OA-EIGT", product: "ops" }, expect: 422 },
  ],
  speedTestLink: async () => [
    { body: { s3_path: "speedtest/1MB.bin", expires_in: 600 } },
    { body: { s3_path: "speedtest/2MB.bin" }, expect: 404 },
    { body: { s3_path: "aircraft/1/secret.pdf" }, expect: 422 },
  ],
};

beforeAll(async () => {
  up = await startTestUpstream();
  for (const who of ["admin", "member", "template", "client", "reader", "consultant"] as const) H[who] = await up.signIn(`${who}@demo.aero`);
  // Seed ids (read from the seeded database; everything else comes through the APIs).
  const db = up.upstream.deps.db;
  const aircraft = await db.selectFrom("aircraft").innerJoin("organizations", "organizations.id", "aircraft.organization_id").select(["aircraft.id", "aircraft.msn", "organizations.slug", "organizations.id as org"]).execute();
  const find = (slug: string, msn: string) => aircraft.find((a) => a.slug === slug && a.msn === msn)!;
  id.sky = find("skyline", "5123").id;
  id.skyOther = find("skyline", "41230").id; // the reader has no access to it
  id.skylineOrg = find("skyline", "5123").org;
  for (const u of await db.selectFrom("users").select(["id", "email"]).where("email", "in", ["reader@demo.aero", "admin@demo.aero"]).execute()) id[u.email.split("@")[0]] = u.id;
  const consultants = await db.selectFrom("consultants").innerJoin("users", "users.id", "consultants.user_id").select(["consultants.id", "users.email"]).execute();
  id.consultant = consultants.find((c) => c.email === "consultant@demo.aero")!.id;
  id.otherConsultant = consultants.find((c) => c.email === "james.whitfield@consultants.demo.aero")!.id;

  const post = async (path: string, who: Who, body: unknown) => {
    const res = await fetch(`${up.opsUrl}${path}`, { method: "POST", headers: { ...H[who], "content-type": "application/json" }, body: JSON.stringify(body) });
    expect(res.status, path).toBe(200);
    return (await res.json()) as Json;
  };
  const root = (await (await fetch(`${up.mainUrl}/storage/v2/aircraft/${id.sky}/files.json?dir=/&per_page=500`, { headers: H.client })).json()) as Json;
  const fileIn = async (dir: string): Promise<number | undefined> => {
    const list = (await (await fetch(`${up.mainUrl}/storage/v2/aircraft/${id.sky}/files.json?dir=${encodeURIComponent(dir)}&per_page=500`, { headers: H.client })).json()) as Json;
    return list.contents.find((i: Json) => i.resourcetype === "file")?.id;
  };
  id.file = (await fileIn("/")) ?? (await fileIn(root.contents.find((i: Json) => i.resourcetype === "collection").path))!;
  // An ops tab and an oil tab with rows, an oil row, a template tab, a work order and a logbook with pages.
  for (const [product, key] of [["ops", "opsTab"], ["oil", "oilTab"]] as const) {
    const { tabs } = await post(`/v1/${product}_tab_info/list_tabs.json`, "client", SKY);
    for (const t of tabs.filter((x: Json) => x.tab_id.startsWith("tab-"))) {
      const rows = await post(`/v1/${product}_data/get_tab_data.json`, "client", { ...SKY, tab_id: t.tab_id, per_page: 1 });
      if (rows.total > 0) {
        state[key] = t.tab_id;
        if (product === "oil") id.oilRow = rows.rows[0].id;
        break;
      }
    }
  }
  const template = await post("/v1/ops_tab_info/template_list_tabs.json", "template", { manufacturer: "Airbus" });
  const tt = template.tabs.find((t: Json) => t.columns.some((c: Json) => c.editable && c.type === "text"));
  state.templateTab = tt.tab_id;
  state.templateColumn = tt.columns.find((c: Json) => c.editable && c.type === "text").name;
  id.workOrder = (await post("/v1/work_order/list.json", "client", SKY)).work_orders[0].work_order_id;
  id.logbook = (await post("/v1/logbook/list.json", "client", SKY)).logbooks.find((l: Json) => l.page_count > 0).log_book_id;
  expect(Object.values(state).every(Boolean) && Object.values(id).every(Boolean), JSON.stringify({ state, id })).toBe(true);
});
afterAll(async () => {
  await up?.close();
});

describe("every documented operation answers as documented", () => {
  it("has a case for every operation, and no case for an operation that does not exist", () => {
    const ops = API_OPERATIONS.map((o) => o.id);
    expect(ops.filter((o) => !cases[o])).toEqual([]);
    expect(Object.keys(cases).filter((c) => !byId.has(c))).toEqual([]);
  });

  for (const op of API_OPERATIONS) {
    it(`${op.id}: ${op.method} ${API_BASE[op.api]}${op.path}`, async () => {
      const make = cases[op.id];
      expect(make, `no case for ${op.id}`).toBeTypeOf("function");
      const calls = [(await make()) as Call | Call[]].flat();
      for (const call of calls) await check(op, call);
      if (op.auth === "token") {
        // Without the auth headers: the documented 401.
        await check(op, { ...lastCalls.get(op.id), as: null, headers: undefined, expect: 401 });
      }
      expect(called.has(op.id)).toBe(true);
    });
  }

  it("saw every operation succeed (200) at least once", () => {
    expect(API_OPERATIONS.map((o) => o.id).filter((o) => !succeeded.has(o))).toEqual([]);
  });
});
