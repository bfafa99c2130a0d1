import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useMatches, useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import "~/styles/global.css";
import { FullPageErrorBoundary } from "~/components/error-page/boundary";
import { Snackbar } from "~/components/toast/toast";
import { SnackbarTemplates } from "~/components/toast/snackbar-templates";
import { asksHydration } from "~/utils/hydrate";
import { useNonce } from "~/utils/nonce";
import { Stylesheet } from "~/utils/inline-css";
import type { loader } from "~/utils/root.server";

// The loader lives in a *.server module: the browser's root module imports nothing for it.
export { loader } from "~/utils/root.server";

// The stylesheet is rendered by Layout: inlined on a browser's first visit, linked after (issue 12).
export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export const meta: MetaFunction = () => [{ title: "AeroRecords" }, { name: "description", content: "Aircraft records, operations and oil analysis for lessors and operators." }];

export type RootData = ReturnType<typeof useLoaderData<typeof loader>>;
// Pages read the root's data with useRootData from ~/utils/root-data: importing root.tsx would take
// its code out of the root's own file into a shared chunk (issue 12).

const DEV_RELOAD = `import { createHotContext } from "/@vite/client"; let t; createHotContext("/dev-reload").on("remix:hmr", () => { clearTimeout(t); t = setTimeout(() => location.reload(), 150); });`;

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  const matches = useMatches();
  // Remix's scripts only where a matched route asks for them (Remix's "Disabling JavaScript" guide);
  // once a page has hydrated, the pages it navigates to in place keep them.
  const hydrate = !data?.lite && (matches.some((m) => asksHydration(m.handle)) || (typeof window !== "undefined" && "__remixContext" in window));
  // `<html data-hydrated>` once React has hydrated the page: the end-to-end tests wait for it before
  // they type, so that a key press never lands between the server's HTML and the client's handlers.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Stylesheet href={data?.stylesheetHref ?? undefined} />
        <Links />
        {/* What every page does in the browser without React (app/plain/page.ts): a module, so it
            runs once the document is parsed; named here so a thin link fetches it with the page. */}
        {!data?.lite && data?.pageScript ? (
          <>
            {data.pageScript.preload.map((href) => (
              <link key={href} rel="modulepreload" href={href} nonce={nonce} />
            ))}
            <script type="module" src={data.pageScript.src} nonce={nonce} />
          </>
        ) : null}
      </head>
      <body>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        {children}
        {/* The flash toast of the last form's answer (utils/toast.server.ts). */}
        <Snackbar toast={data?.toast ?? null} />
        {data?.lite ? null : <SnackbarTemplates />}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : import.meta.env.DEV ? (
          // `npm run dev`: a page without Remix's scripts reloads itself when a source changes (a
          // hydrated page gets hot module replacement instead).
          <script type="module" nonce={nonce} dangerouslySetInnerHTML={{ __html: DEV_RELOAD }} />
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** An uncaught error anywhere without a nearer boundary: reported, then on to the role landing (spec 000 §4). */
export const ErrorBoundary = FullPageErrorBoundary;
