// GET /resources/ops-validation/{id}: the validation workbook of an AeroOPS import the signed-in user
// checked a moment ago (the tab page offers it after "Validate"; issue 13 item 4). The ops API keeps
// it 30 minutes and gives it only to that user (ADR 079); it is streamed on, else a clear 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import * as ops from "~/models/ops.server";
import { requireOpsUser } from "~/models/ops-pages.server";
import { contentDisposition } from "~/utils/content-disposition";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireOpsUser(request, context);
  const file = await ops.validationWorkbook(api, params.id ?? "");
  if (!file.ok) throw new Response(file.error, { status: 404 });
  const length = file.response.headers.get("Content-Length");
  return new Response(file.response.body, {
    headers: {
      "Content-Type": file.response.headers.get("Content-Type") ?? "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": contentDisposition(file.filename),
      ...(length ? { "Content-Length": length } : {}),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
