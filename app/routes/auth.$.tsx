// Unknown /auth/... paths go to /page/page-404 (spec 000 §2).
import { redirect } from "@remix-run/node";

export const loader = () => redirect("/page/page-404");
export const action = () => redirect("/page/page-404");
