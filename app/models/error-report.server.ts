// The front-end error report (spec 000 §7: POST /error/send_fe_error.json with error, errorInfo,
// errorUrl and email). Passthrough: a failed report never redirects anyone.
import type { Api } from "./api.server";

export const reportFrontEndError = (api: Api, report: { error: string; errorInfo: string; errorUrl: string; email: string }) =>
  api.post("main", "/error/send_fe_error.json", { json: report, passthrough: true });
