// The OpenAPI 3.1 document of both APIs (issue 18 item 6, ADR 046), generated from the one list of
// operations (app/models/schemas/api-operations.ts) and the zod schemas it names. Served at
// /_api/openapi.json beside the APIs (server.ts, same API_ALLOW rule); a copy is committed in
// docs/api/openapi.json (npm run gen:openapi; a unit test fails when it is stale).
import { OpenAPIRegistry, OpenApiGeneratorV31, extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z, type ZodTypeAny } from "zod";
import * as operations from "../app/models/schemas/api-operations";
import { API_BASE, API_OPERATIONS, answersWithoutJsonSuffix, isFileAnswer, type ApiOperation } from "../app/models/schemas/api-operations";
import * as admin from "../app/models/schemas/admin";
import * as auth from "../app/models/schemas/auth";
import * as consultant from "../app/models/schemas/consultant";
import * as inventory from "../app/models/schemas/inventory";
import * as ocr from "../app/models/schemas/ocr";
import * as ops from "../app/models/schemas/ops";
import * as speedtest from "../app/models/schemas/speedtest";
import * as storage from "../app/models/schemas/storage";

// The generator names parameters through zod's .openapi() (it adds that method to zod's prototype, in
// the processes that import this module only: the server, the generator script and the tests).
extendZodWithOpenApi(z);

export const OPENAPI_PATH = "/_api/openapi.json";

const STATUS_TEXT: Record<number, string> = {
  200: "OK",
  401: "Missing or bad credentials: the portal ends the session",
  403: "Account deactivated, or this network is not allowed for the organization: the portal ends the session",
  404: "Unknown record, or one the caller may not see (never says which)",
  413: "The request body is too large",
  422: "Invalid input, or an operation refused (role, access level): nothing was changed",
  429: "Too many attempts (Retry-After on the sign-in lock)",
};

/**
 * The schema as the generator can describe it: `.catch()` (a lenient query parameter) becomes its inner
 * type and a pipeline its input side; containers are rebuilt around the rewritten children. The
 * validating schemas themselves are not changed.
 */
const seen = new Map<ZodTypeAny, ZodTypeAny>();
export function forDocument(schema: ZodTypeAny, { named = true } = {}): ZodTypeAny {
  const hit = named && seen.get(schema);
  if (hit) return hit;
  const def = schema._def as Record<string, unknown> & { typeName: string };
  const clone = (patch: Record<string, unknown>) => new (schema.constructor as new (d: unknown) => ZodTypeAny)({ ...def, ...patch });
  const w = (s: unknown) => forDocument(s as ZodTypeAny);
  let out: ZodTypeAny;
  switch (def.typeName) {
    case "ZodCatch":
      out = w(def.innerType);
      break;
    case "ZodPipeline":
      out = w(def.in);
      break;
    case "ZodObject": {
      const shape = Object.fromEntries(Object.entries((schema as z.AnyZodObject).shape).map(([k, v]) => [k, w(v)]));
      out = clone({ shape: () => shape });
      break;
    }
    case "ZodArray":
      out = clone({ type: w(def.type) });
      break;
    case "ZodOptional":
    case "ZodNullable":
    case "ZodDefault":
      out = clone({ innerType: w(def.innerType) });
      break;
    case "ZodEffects":
      out = clone({ schema: w(def.schema) });
      break;
    case "ZodUnion":
      out = clone({ options: (def.options as unknown[]).map(w) });
      break;
    case "ZodIntersection":
      out = clone({ left: w(def.left), right: w(def.right) });
      break;
    case "ZodRecord":
      out = clone({ valueType: w(def.valueType) });
      break;
    default:
      out = schema;
  }
  if (!named) return out;
  // An exported schema becomes a component (#/components/schemas/<name>), referenced wherever it is used.
  const name = COMPONENT_NAMES.get(schema);
  if (name) out = (out as ZodTypeAny & { openapi: (refId: string) => ZodTypeAny }).openapi(name);
  seen.set(schema, out);
  return out;
}

/**
 * Component names: every schema the schema modules export under a capitalized name; when two modules
 * export different schemas under one name, the later module's gets its name first (StorageMessageAnswer).
 */
const COMPONENT_NAMES = (() => {
  const modules: Record<string, Record<string, unknown>> = { operations, admin, auth, consultant, inventory, ocr, ops, speedtest, storage };
  const byName = new Map<string, [string, ZodTypeAny][]>();
  for (const [module, exports] of Object.entries(modules)) {
    for (const [name, value] of Object.entries(exports)) {
      if (!(value instanceof z.ZodType) || !/^[A-Z]/.test(name)) continue;
      const def = value._def as { typeName: string };
      if (!["ZodObject", "ZodUnion", "ZodEffects", "ZodIntersection", "ZodEnum"].includes(def.typeName)) continue;
      (byName.get(name) ?? byName.set(name, []).get(name)!).push([module, value]);
    }
  }
  const names = new Map<ZodTypeAny, string>();
  const cap = (s: string) => s[0].toUpperCase() + s.slice(1);
  for (const [name, owners] of [...byName.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    // The first module's schema (the registry's own first) keeps the plain name.
    const [, first] = owners[0];
    for (const [module, value] of owners) {
      if (names.has(value)) continue;
      names.set(value, value === first ? name : `${cap(module)}${name}`);
    }
  }
  return names;
})();

const SECURITY = [{ userEmail: [], userToken: [], clientUuid: [] }];

function describe(op: ApiOperation): string {
  const lines = [`Who: ${op.who}.`, `Reference: ${op.doc}.`];
  if (answersWithoutJsonSuffix(op)) lines.push(`Also answers at \`${op.path.replace(/\.json$/, "")}\` (without .json).`);
  if (op.body && op.method !== "GET") lines.push("A flat body may also be sent as application/x-www-form-urlencoded.");
  return lines.join("\n\n");
}

function register(registry: OpenAPIRegistry, op: ApiOperation) {
  const responses: Record<string, { description: string; content: Record<string, { schema: never }> }> = {};
  for (const [status, answer] of Object.entries(op.answers)) {
    const content = isFileAnswer(answer)
      ? Object.fromEntries(answer.file.map((type) => [type, { schema: { type: "string", contentMediaType: type } }]))
      : { "application/json": { schema: forDocument(answer) } };
    responses[status] = { description: STATUS_TEXT[Number(status)] ?? "See the reference", content: content as Record<string, { schema: never }> };
  }
  const body = op.body
    ? { required: true, content: { "application/json": { schema: forDocument(op.body) } } }
    : op.multipart
      ? { required: true, content: { "multipart/form-data": { schema: forDocument(op.multipart) } } }
      : undefined;
  registry.registerPath({
    method: op.method.toLowerCase() as "get" | "post" | "put",
    path: `${API_BASE[op.api]}${op.path}`,
    operationId: op.id,
    tags: [op.tag],
    summary: op.summary,
    description: describe(op),
    security: op.auth === "public" ? [] : SECURITY,
    request: {
      params: op.params && (forDocument(op.params, { named: false }) as z.AnyZodObject),
      query: op.query && (forDocument(op.query, { named: false }) as z.AnyZodObject),
      body,
    },
    responses,
  });
}

type Doc = ReturnType<OpenApiGeneratorV31["generateDocument"]>;

/** The multipart bodies' file part (zod has no file type the generator knows). */
function addFileParts(doc: Doc) {
  for (const item of Object.values(doc.paths ?? {})) {
    for (const operation of [item.get, item.post, item.put]) {
      const media = (operation?.requestBody as { content?: Record<string, { schema?: Record<string, unknown> }> } | undefined)?.content?.["multipart/form-data"];
      if (!media?.schema) continue;
      const schema = media.schema as { properties?: Record<string, unknown>; required?: string[]; allOf?: unknown[] };
      media.schema = {
        allOf: [schema, { type: "object", properties: { file: { type: "string", contentMediaType: "application/octet-stream", description: ".xlsx, .xls or .csv, at most 10 MB" } }, required: ["file"] }],
      };
    }
  }
}

/** The whole document (deterministic: the same registry gives the same bytes). */
export function buildOpenApiDocument(): Doc {
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", "userEmail", { type: "apiKey", in: "header", name: "X-User-Email", description: "The signed-in user's e-mail." });
  registry.registerComponent("securitySchemes", "userToken", { type: "apiKey", in: "header", name: "X-User-Token", description: "The token from POST /_api/main/users/sign_in.json." });
  registry.registerComponent("securitySchemes", "clientUuid", { type: "apiKey", in: "header", name: "X-User-Uuid", description: "The fixed client uuid (CLIENT_UUID)." });
  for (const op of API_OPERATIONS) register(registry, op);
  const doc = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "AeroRecords upstream APIs",
      version: "1",
      description: [
        "Both APIs of the aviation records portal as the embedded upstream serves them: the main API (sign-in, user, storage, consultants, admin) under /_api/main and the ops / oil API (/v1/...) under /_api/ops.",
        "Signed-in calls carry three headers (X-User-Email, X-User-Token, X-User-Uuid); get a token from POST /_api/main/users/sign_in.json.",
        "Answers: 200 (mutations add a human `message`), 422 `{error, errors?}` (file endpoints: `{error, Message: {error}}`), 401 / 403 (the session ends), 404, 413, 429.",
        "Generated from the zod schemas the portal and the contract tests share (app/models/schemas/api-operations.ts); the prose reference is docs/api/*.md.",
      ].join("\n\n"),
    },
    servers: [{ url: "/", description: "The portal's origin (the embedded upstream's mounts)" }],
    security: SECURITY,
  });
  addFileParts(doc);
  return doc;
}

let cached: string | null = null;
/** The document as served and committed: JSON with two-space indents and a final newline. */
export function openApiJson(): string {
  cached ??= `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
  return cached;
}

/** A Web-standard handler for the document (mounted by server.ts behind API_ALLOW). */
export async function openApiHandler(request: Request): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") return Response.json({ error: "No such endpoint." }, { status: 404 });
  return new Response(request.method === "HEAD" ? null : openApiJson(), {
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-cache" },
  });
}
