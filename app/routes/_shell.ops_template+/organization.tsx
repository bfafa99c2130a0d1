// /ops_template/organization (spec 001 §2): the template manager's list of AeroOPS organizations,
// the same page as /admin/aeroops/organization (the role's landing), under the role's own path.
export { ErrorBoundary, default, loader, meta } from "../_shell.admin+/aeroops.organization";
