// /nextcloud/group: file-server groups and the organization each maps to (GET /admin/fs/groups.json),
// searched, sorted and paged in the URL.
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom } from "~/utils/page-markup.server";
import { load, Page } from "./__group-index-page.server";

export const meta: MetaFunction = () => [{ title: "File-server groups · AeroRecords" }];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-nextcloud-groups", await load(args), () => <Page />, { index: true });
}

export default function FileServerGroups() {
  return <PageMarkup id="page-nextcloud-groups" />;
}

export const ErrorBoundary = PageErrorBoundary;
