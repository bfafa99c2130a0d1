// Any path no route claims goes to /page/page-404 (spec 000 §2, 001 §2), which sends the user on.
import { redirect } from "@remix-run/node";

export const loader = () => redirect("/page/page-404");
export const action = () => redirect("/page/page-404");
