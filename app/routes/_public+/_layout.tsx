// The public layout (sign-in, registration, resets). A signed-in visitor is sent to "/", which
// forwards by role (spec 000 §2). Its header, aside and footer: components/auth/public-layout.tsx.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { PublicAside, PublicFooter, PublicHeader } from "~/components/auth/public-layout";
import * as s from "~/components/auth/auth.css";
import { getUser } from "~/utils/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getUser(request)) throw redirect("/");
  return null;
}

export default function PublicLayout() {
  return (
    <div className={s.page}>
      <PublicHeader />
      <main className={s.main} id="main" tabIndex={-1}>
        <PublicAside />
        <div className={s.panel}>
          <Outlet />
        </div>
      </main>
      <PublicFooter />
    </div>
  );
}
