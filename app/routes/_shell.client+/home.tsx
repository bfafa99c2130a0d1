// /client/home: the client's landing (spec 000 §2, §6): the fleet at a glance (counts by status:
// total, grounded, operational, transitional) and the aircraft list, each linking to its records.
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom } from "~/utils/page-markup.server";
import { load, Page } from "./__home-page.server";

export const meta: MetaFunction = () => [{ title: "Home · AeroRecords" }];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-client-home", await load(args), () => <Page />);
}

export default function ClientHome() {
  return <PageMarkup id="page-client-home" />;
}

export const ErrorBoundary = PageErrorBoundary;
