// /aero-box/storage/following (spec 000 §2 "Following"): the aircraft the user follows. POST (intent
// follow|unfollow, aircraft_id, redirectTo) toggles following from any page, with a toast.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { FileSearchHandle } from "~/components/file-search/file-search";
import { PageMarkup } from "~/components/server-markup/server-markup";
import { STORAGE_ROLES, followingAction, listFollowing } from "~/models/storage-pages.server";
import { requireUser } from "~/utils/auth.server";
import { markupJson, routePage } from "~/utils/page-markup.server";
import { FollowingPage } from "./__storage-following-page.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, { roles: STORAGE_ROLES });
  const { aircrafts } = await listFollowing(api);
  // The page is server markup (ADR 063).
  return markupJson({ context }, "page-aero-box-following", await routePage(request, <FollowingPage />, { aircraft: aircrafts }), {}, { headers: { "Cache-Control": "private, no-store" } });
}

export const action = (args: ActionFunctionArgs) => followingAction(args);
export const handle: FileSearchHandle = { fileSearch: true };
export const meta: MetaFunction = () => [{ title: "Following · AeroBOX · AeroRecords" }];

export default function AeroBoxFollowingRoute() {
  return <PageMarkup id="page-aero-box-following" />;
}
