import type { LoaderFunctionArgs } from "@remix-run/node";

/** Liveness for load balancers and the test runner: the portal answers and its upstream does too. */
export async function loader({ context }: LoaderFunctionArgs) {
  const res = await context.upstream.main(new Request("http://upstream.internal/healthz.json")).catch(() => null);
  const upstreamOk = res !== null && res.status < 500;
  return new Response(JSON.stringify({ ok: upstreamOk }), {
    status: upstreamOk ? 200 : 503,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });
}
