// The public layout (sign-in, registration, resets). A signed-in visitor is sent to "/", which
// forwards by role (spec 000 §2). Its header, aside and footer are server markup (issue 12, ADR 031):
// the browser keeps the server's HTML, and useMarkupLinks makes its links behave as <NavLink>s.
import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { useRef } from "react";
import * as s from "~/components/auth/auth.css";
import { publicMarkup } from "~/components/auth/public-markup.server";
import { MARKUP_KEY, ServerMarkup, useMarkupLinks } from "~/components/server-markup/server-markup";
import { getUser } from "~/utils/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getUser(request)) throw redirect("/");
  return json({ [MARKUP_KEY]: publicMarkup(context, new URL(request.url)) });
}

export default function PublicLayout() {
  const markup = useLoaderData<typeof loader>()?.[MARKUP_KEY];
  const root = useRef<HTMLDivElement>(null);
  useMarkupLinks(root);
  return (
    <div className={s.page} ref={root}>
      <ServerMarkup id="public-header" html={markup?.["public-header"]} />
      <main className={s.main} id="main" tabIndex={-1}>
        <ServerMarkup id="public-aside" html={markup?.["public-aside"]} />
        <div className={s.panel}>
          <Outlet />
        </div>
      </main>
      <ServerMarkup id="public-footer" html={markup?.["public-footer"]} />
    </div>
  );
}
