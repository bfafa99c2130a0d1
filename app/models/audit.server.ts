// The audit trail as the portal writes to it: refusals the portal itself makes (a write by a role
// the route does not allow) are recorded beside the APIs' own (issue 10).
import type { Api } from "./api.server";

/** Records a refused write by the signed-in user; never throws (the refusal itself must go on). */
export async function recordRefusal(api: Api, request: Request, reason = "Your role does not allow this.") {
  const url = new URL(request.url);
  await api
    .call("main", "POST", "/audit/refusal.json", { json: { method: request.method, path: url.pathname.slice(0, 500), reason }, passthrough: true })
    .catch(() => undefined);
}
