// Any path no route claims goes to /page/page-404 (spec 000 §2, 001 §2), which sends the user on.
// A missing built asset (/assets/…, e.g. a chunk of an older deployment) answers a plain 404 instead:
// a redirect to an HTML page would hand a script or stylesheet tag an HTML document.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";

function notFound(request: Request) {
  if (new URL(request.url).pathname.startsWith("/assets/")) {
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
  }
  return redirect("/page/page-404");
}

export const loader = ({ request }: LoaderFunctionArgs) => notFound(request);
export const action = ({ request }: ActionFunctionArgs) => notFound(request);
