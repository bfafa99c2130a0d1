import { cssBundleHref } from "@remix-run/css-bundle";
import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import "~/styles/global.css";
import { FullPageErrorBoundary } from "~/components/error-page/boundary";
import { Snackbar } from "~/components/toast/toast";
import { getUser } from "~/utils/auth.server";
import { publicEnv } from "~/utils/env.server";
import { useNonce } from "~/utils/nonce";
import { getToast } from "~/utils/toast.server";
import { isLite, liteChoice } from "~/models/lite-mode";
import { Stylesheet } from "~/utils/inline-css";

// The stylesheet is rendered by Layout: inlined on a browser's first visit, linked after (issue 12).
export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export const meta: MetaFunction = () => [{ title: "AeroRecords" }, { name: "description", content: "Aircraft records, operations and oil analysis for lessors and operators." }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  const { toast, headers: toastHeaders } = await getToast(request);
  const headers = new Headers(toastHeaders ?? undefined);
  // Only public fields: the upstream token never leaves the session cookie.
  return json(
    {
      user: user ? { id: user.id, email: user.email, role: user.role, username: user.username, first_name: user.first_name } : null,
      toast,
      ENV: publicEnv(),
      /** Lite mode: the page is sent without its scripts (issue 12). */
      lite: isLite(liteChoice(request.headers.get("Cookie"))),
    },
    { headers },
  );
}

export type RootData = ReturnType<typeof useLoaderData<typeof loader>>;
export const useRootData = () => useRouteLoaderData<typeof loader>("root");

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Stylesheet href={cssBundleHref} />
        <Links />
      </head>
      <body>
        {children}
        <Snackbar toast={data?.toast ?? null} />
        {data?.lite ? null : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** An uncaught error anywhere without a nearer boundary: reported, then on to the role landing (spec 000 §4). */
export const ErrorBoundary = FullPageErrorBoundary;
