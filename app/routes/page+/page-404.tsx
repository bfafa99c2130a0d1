// /page/page-404 sends the user on by role (admin to /admin/analytics) or to login (spec 000 §2).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getUser } from "~/utils/auth.server";
import { sendOn } from "~/utils/landing.server";

export const loader = async ({ request }: LoaderFunctionArgs) => sendOn(await getUser(request), "page-404");
export const action = async ({ request }: ActionFunctionArgs) => sendOn(await getUser(request), "page-404");
