// The root route's data, for pages that show the signed-in user (root.tsx's loader). Its own module
// so that pages do not import root.tsx (which then stays in the root's own file, issue 12).
import { useRouteLoaderData } from "@remix-run/react";
import type { loader } from "./root.server";

export const useRootData = () => useRouteLoaderData<typeof loader>("root");
