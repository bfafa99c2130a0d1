// The AeroOIL status dashboard's actions (Download PNG, Share), in the page's header and in the top bar
// (the route's handle places them there).
import { Link } from "@remix-run/react";
import * as chart from "~/components/svg-chart/svg-chart.css";
import * as ui from "~/components/ui/ui.css";

/**
 * Download PNG (a plain link: the file comes as an attachment) and Share (the dialog, in the URL): in
 * the top bar on wider screens, in the page header on phones (the top bar has no room there).
 */
export function DashboardActions({ q, place }: { q: string; place: "top" | "page" }) {
  const cls = `${ui.button.secondary} ${ui.buttonSmall} ${place === "top" ? chart.wideOnly : chart.narrowOnly}`;
  return (
    <>
      <a href={`/resources/oil-dashboard-png${q}`} download className={cls} title="The status dashboard as a PNG image">
        Download PNG
      </a>
      <Link to={`/client/Aerooil/statusDashboard${q}&dialog=share`} preventScrollReset className={cls}>
        Share
      </Link>
    </>
  );
}

