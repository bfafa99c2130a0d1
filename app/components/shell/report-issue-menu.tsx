// Report Issue in the top bar (report-issue.tsx): a disclosure that opens without JavaScript, with a
// form that works as a plain form. Its code, and the form-state code it needs, is fetched when the
// user comes near it (issue 12, LazyIsland).
import { useLocation } from "@remix-run/react";
import { LazyIsland, preloadIsland } from "~/components/lazy-island/lazy-island";
import { ReportIssueMenu as ServerMenu } from "./report-issue.server";

const ID = "shell-report-issue";
const load = () => import("./report-issue").then((m) => m.ReportIssueMenu);
export const preloadReportIssue = () => preloadIsland(ID, load);

export function ReportIssueMenuIsland() {
  const location = useLocation();
  return <LazyIsland id={ID} load={load} server={ServerMenu} props={{ url: location.pathname + location.search }} />;
}
