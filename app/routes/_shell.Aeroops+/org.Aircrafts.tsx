// /Aeroops/org/Aircrafts: My Fleet (spec 001 §2): every aircraft the user may open in AeroOPS, with
// MSN, registration, status, the user's access level and the OPS issue date, each linking to it.
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkupFrom } from "~/utils/page-markup.server";
import { load, Page } from "./__org-aircrafts-page.server";

export const meta: MetaFunction = () => [{ title: "My Fleet · AeroOPS · AeroRecords" }];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkupFrom(args, "page-ops-fleet", await load(args), () => <Page />);
}

export default function MyFleet() {
  return <PageMarkup id="page-ops-fleet" />;
}

export const ErrorBoundary = PageErrorBoundary;
