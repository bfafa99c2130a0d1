// /aero-box/storage/following (spec 000 §2 "Following"): the aircraft the user follows. POST (intent
// follow|unfollow, aircraft_id, redirectTo) toggles following from any page, with a toast.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { FileSearchHandle } from "~/components/file-search/file-search";
import { PageMarkup } from "~/components/server-markup/server-markup";
import { followingAction } from "~/models/storage-pages.server";
import { routeMarkupFrom } from "~/utils/page-markup.server";
import { FollowingPage, load } from "./__storage-following-page.server";

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-aero-box-following", await load(args), () => <FollowingPage />);
}

export const action = (args: ActionFunctionArgs) => followingAction(args);
export const handle: FileSearchHandle = { fileSearch: true };
export const meta: MetaFunction = () => [{ title: "Following · AeroBOX · AeroRecords" }];

export default function AeroBoxFollowingRoute() {
  return <PageMarkup id="page-aero-box-following" />;
}
