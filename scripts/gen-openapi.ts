// Writes docs/api/openapi.json: the OpenAPI 3.1 document of both APIs, generated from the one list of
// operations (app/models/schemas/api-operations.ts) and their zod schemas (ADR 046). Run after changing
// an operation or a schema: `npm run gen:openapi`. tests/unit/openapi.test.ts fails when the file is
// out of date. The running server serves the same document at /_api/openapi.json.
import fs from "node:fs";
import path from "node:path";
import { openApiJson } from "../upstream/openapi";

export const OPENAPI_FILE = path.resolve(import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname), "../docs/api/openapi.json");

if (process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname) {
  fs.writeFileSync(OPENAPI_FILE, openApiJson());
  console.log(`wrote ${path.relative(process.cwd(), OPENAPI_FILE)} (${fs.statSync(OPENAPI_FILE).size} bytes)`);
}
