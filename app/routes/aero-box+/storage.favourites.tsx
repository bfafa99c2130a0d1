// /aero-box/storage/favourites (spec 000 §2): the user's favourites inside the AeroBOX shell. The star
// buttons post to /storage/favourites, which redirects back here.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { FileSearchHandle } from "~/components/file-search/file-search";
import { PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom } from "~/utils/page-markup.server";
import { FavouritesPage } from "~/components/file-list/favourites-page";
import { favouritesLoader as load } from "~/models/storage-pages.server";

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-aero-box-favourites", await load(args), () => <FavouritesPage aeroBox />);
}

export const handle: FileSearchHandle = { fileSearch: true };
export const meta: MetaFunction = () => [{ title: "Favourites · AeroBOX · AeroRecords" }];

export default function AeroBoxFavouritesRoute() {
  return <PageMarkup id="page-aero-box-favourites" />;
}
