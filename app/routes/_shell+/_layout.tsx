// The signed-in shell (pathless layout): requires a user (else /auth/login, keeping where they were
// going). Child routes check their own roles with requireUser(…, {roles}). The loader gathers the
// side navigation, top bar, notifications and product switcher (app/models/shell.server.ts); the
// upstream token stays in the session and never reaches this data.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { FullPageErrorBoundary } from "~/components/error-page/boundary";
import { FULLSCREEN_PARAM } from "~/components/shell/full-screen";
import { navCollapsedFrom } from "~/components/shell/nav-pref";
import { Shell } from "~/components/shell/shell";
import { topBarFallback } from "~/components/shell/top-bar-fallback.server";
import { loadShell } from "~/models/shell.server";
import { requireUser } from "~/utils/auth.server";
// The admin forms' and lists' styles and the aircraft cards'; the pages and components that use them
// import them too (Remix's one CSS bundle holds them either way).
import "~/components/admin/admin.css";
import "~/components/aircraft-cards/aircraft-cards.css"; // the homes, fleets and dashboards render aircraft cards

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, api } = await requireUser(request, context);
  const shell = await loadShell({ request, user, api });
  const url = new URL(request.url);
  const collapsed = navCollapsedFrom(request.headers.get("Cookie"));
  return {
    shell,
    top: topBarFallback(shell, url, request.headers.get("Cookie")),
    collapsed,
    fullscreen: url.searchParams.get(FULLSCREEN_PARAM) === "1",
  };
}

/** What of a URL the shell's data depends on: the page, the aircraft in context, its own params. */
const SHELL_PARAMS = ["fleet", "expand", FULLSCREEN_PARAM, "org_msn_id", "aircraft_id", "aerotype", "module"];
function shellKey(url: URL) {
  return [url.pathname, ...SHELL_PARAMS.map((k) => url.searchParams.get(k) ?? "")].join("|");
}

// Paging or sorting inside a page does not reload the navigation; a new page, an aircraft change,
// the shell's own parameters and every form post the server took do (a refused one, 4xx, changed nothing).
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, formAction, actionStatus, defaultShouldRevalidate }) => {
  if (formAction?.startsWith("/prefs/")) return false;
  if (actionStatus && actionStatus >= 400) return false;
  if (formMethod && formMethod.toUpperCase() !== "GET") return defaultShouldRevalidate;
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return shellKey(currentUrl) !== shellKey(nextUrl);
};

export default function ShellLayout() {
  const { shell, top, collapsed, fullscreen } = useLoaderData<typeof loader>();
  return (
    <Shell shell={shell} top={top} collapsed={collapsed} fullscreen={fullscreen}>
      <Outlet />
    </Shell>
  );
}

export const ErrorBoundary = FullPageErrorBoundary;
