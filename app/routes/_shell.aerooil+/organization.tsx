// /aerooil/organization: the organizations using AeroOIL (admin and member), from GET
// /v1/user_access/organisation/get.json. Each opens at /aerooil/view.
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom } from "~/utils/page-markup.server";
import { load, Page } from "./__organization-page.server";

export const meta: MetaFunction = () => [{ title: "AeroOIL organizations · AeroRecords" }];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-oil-orgs", await load(args), () => <Page />);
}

export default function OilOrganizations() {
  return <PageMarkup id="page-oil-orgs" />;
}

export const ErrorBoundary = PageErrorBoundary;
