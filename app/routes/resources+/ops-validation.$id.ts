// GET /resources/ops-validation/{id}: the validation workbook of an AeroOPS import the signed-in user
// checked a moment ago (the tab page offers it after "Validate"; issue 13 item 4). Held for 30
// minutes and only for that user (held-files.server.ts); otherwise a clear 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { heldFile } from "~/models/held-files.server";
import { requireOpsUser } from "~/models/ops-pages.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user } = await requireOpsUser(request, context);
  const file = heldFile(params.id, String(user.id));
  if (!file) throw new Response("This validation workbook has expired (they are kept for 30 minutes). Validate the file again.", { status: 404 });
  const name = file.filename.replace(/[^\w.() -]/g, "_");
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
      "Content-Length": String(file.bytes.byteLength),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
