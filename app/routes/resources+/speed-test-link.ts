// GET /resources/speed-test-link?file=1MB|5MB|10MB|50MB → {url, expires_in}
// The speed-test widget's source of signed links: asks the ops API's
// work_order/get_signed_url_with_expiry.json for a speed-test file and answers the link. Signed-in
// users only (any role: the top bar shows the test to everyone). Documented in docs/api/speedtest.md.
//
// The call is `passthrough`: this route is fetched by script, so a failure must come back as a JSON
// status the widget can name ("Test file not found", "HTTP error 503"), not as the redirect to a
// landing page that a navigation would get. A 401/403 still ends the session, as everywhere.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/utils/auth.server";
import { getSession, destroySession } from "~/utils/session.server";
import { LINK_VALIDITY_S, REASONS, fileKey, isSpeedTestFile } from "~/models/speedtest";
import { signedFileLink } from "~/models/ops.server";

const noStore = { "Cache-Control": "no-store" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  const file = new URL(request.url).searchParams.get("file");
  if (!isSpeedTestFile(file)) {
    return Response.json({ error: REASONS.notFound }, { status: 404, headers: noStore });
  }
  const result = await signedFileLink(
    api,
    { s3_path: fileKey(file), expires_in: LINK_VALIDITY_S, additional_params: { purpose: "speed_test", file } },
    { passthrough: true },
  );
  if (result.ok) {
    return Response.json({ url: result.data.url, expires_in: result.data.expires_in }, { headers: noStore });
  }
  if (result.status === 401 || result.status === 403) {
    const session = await getSession(request);
    return Response.json({ error: result.error }, { status: result.status, headers: { ...noStore, "Set-Cookie": await destroySession(session) } });
  }
  return Response.json({ error: result.status === 404 ? REASONS.notFound : result.error }, { status: result.status, headers: noStore });
}
