// /consultant/home: the consultant's landing (spec 000 §2, §3): GET /consultant/landing.json, which
// answers the profile and the last five projects. Consultant calls: a 401 ends the session, any
// other failure goes to /errors/error-500 (spec 000 §8).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PageErrorBoundary } from "~/components/error-page/boundary";
import { PageMarkup } from "~/components/server-markup/server-markup";
import { routeMarkup } from "~/utils/page-markup.server";
import { ConsultantHome, pageData } from "./__home-page.server";

export const meta: MetaFunction = () => [{ title: "Home · AeroRecords" }];

// The page is server markup (ADR 063): the loader renders it.
export async function loader(args: LoaderFunctionArgs) {
  return routeMarkup(args, "page-consultant-home", <ConsultantHome />, await pageData(args));
}

export default function ConsultantHomeRoute() {
  return <PageMarkup id="page-consultant-home" />;
}

export const ErrorBoundary = PageErrorBoundary;
