// /aero-box: the separate storage shell (spec 000 §2 "Storage"). A layout with its own sidebar (Home,
// Storage → All Aircrafts, Favourites, Following, Inventory Report, OCR Status, the role's entries,
// Sign Out) and a top bar with the file search. Its pages reuse the storage pages' loaders.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AeroBoxShell } from "~/components/aero-box/aero-box";
import { FullPageErrorBoundary } from "~/components/error-page/boundary";
import { STORAGE_ROLES } from "~/models/storage.server";
import { requireUser } from "~/utils/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, context, { roles: STORAGE_ROLES });
  const shown = { name: [user.first_name].filter(Boolean).join(" ") || user.username, email: user.email, role: user.role };
  return { user: shown };
}

export const meta: MetaFunction = () => [{ title: "AeroBOX · AeroRecords" }];

export default function AeroBoxLayout() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <AeroBoxShell user={user}>
      <Outlet />
    </AeroBoxShell>
  );
}

export const ErrorBoundary = FullPageErrorBoundary;
