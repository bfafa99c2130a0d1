// The top bar (spec 001 §2 "Top bar"): aircraft MSN, registration and issue dates (from the shell or
// from the page's handle), the page's export/share buttons, the speed test, full screen, Report
// Issue, notifications and, for clients, the product switcher. The drawer's menu button (drawer.tsx); the mark, the
// notifications and the switcher: shell-parts.tsx. On phones the issue dates and the speed test take a
// second row (shell.css.ts, ADR 085).
import { useRouteLoaderData } from "@remix-run/react";
import { FileSearchSlot } from "~/components/file-search/file-search-slot";
import { SpeedTest } from "~/components/speed-test/speed-test";
import { dayMonthYear } from "~/utils/dates";
import type { LastSpeed } from "~/models/speedtest-display";
import type { ShellData } from "~/models/shell.server";
import { DrawerButton } from "./drawer";
import { FullScreenToggle } from "./full-screen";
import type { TopBarInfo } from "./handle";
import { LiteModeOff } from "./lite-mode-off";
import { ReportIssueMenu } from "./report-issue";
import { Notifications, Switcher, TopLead } from "./shell-parts";
import * as s from "./shell.css";

export const DRAWER_TOGGLE_ID = "nav-drawer";

/** Short labels for narrow top bars (below 1200 px); the full label stays for screen readers. */
const SHORT_LABEL: Record<string, string> = {
  "Aircraft MSN": "MSN",
  "Aircraft Registration": "Reg.",
  "OPS issue date": "OPS issue",
  "OIL issue date": "OIL issue",
};

function Info({ label, value, secondary }: { label: string; value: string; secondary?: boolean }) {
  const short = SHORT_LABEL[label];
  return (
    <div className={secondary ? `${s.infoItem} ${s.infoSecondary}` : s.infoItem}>
      <span className={s.infoLabel} title={label}>
        {short ? (
          <>
            <span className={s.labelLong}>{label}</span>
            <span className={s.labelShort} aria-hidden="true">
              {short}
            </span>
          </>
        ) : (
          label
        )}
      </span>
      <span className={s.infoValue}>{value}</span>
    </div>
  );
}

/**
 * What the top bar shows without an aircraft, whether the page may show the switcher (the layout's
 * loader decides: models/shell.ts stays out of the bundle), and the speed test's last result from
 * the browser's cookie (shown before the test's code comes, ADR 063).
 */
export interface TopBarFallback {
  lastSpeed: LastSpeed | null;
  label: string;
  value: string;
  switcher: boolean;
}

export function TopBar({
  shell,
  info,
  top,
  location,
}: {
  shell: ShellData;
  info: TopBarInfo;
  top: TopBarFallback;
  location: { pathname: string; search: string };
}) {
  const msn = info.msn ?? shell.aircraft?.msn ?? null;
  const registration = info.registration ?? shell.aircraft?.registration ?? null;
  const lite = useRouteLoaderData<{ lite?: boolean }>("root")?.lite === true;
  const showSwitcher = top.switcher && !info.hideProductSwitcher;
  return (
    <header className={s.topbar}>
      <DrawerButton drawerId={DRAWER_TOGGLE_ID} className={s.menuButton} />
      <TopLead shell={shell} />
      <div className={s.aircraftInfo} data-testid="top-bar-info">
        {msn ? (
          <>
            <Info label="Aircraft MSN" value={msn} />
            {registration && !info.hideRegistration && !shell.transition ? <Info label="Aircraft Registration" value={registration} /> : null}
            {(info.issueDates ?? []).map((d) => (
              <Info key={d.label} label={d.label} value={dayMonthYear(d.date) || "—"} secondary />
            ))}
          </>
        ) : (
          <Info label={top.label} value={top.value} />
        )}
      </div>
      <FileSearchSlot />
      <div className={s.topActions}>
        <span className={s.rowSpacer} aria-hidden="true" />
        {info.actions ? (
          <div className={s.slot} data-slot="export-share">
            {info.actions}
          </div>
        ) : null}
        <div className={`${s.slot} ${s.speedSlot} ${s.secondRow}`} data-slot="speed-test">
          {lite ? <LiteModeOff /> : <SpeedTest last={top.lastSpeed} />}
        </div>
        <span className={s.divider} aria-hidden="true" />
        <span className={s.hideTiny}>
          <FullScreenToggle pathname={location.pathname} search={location.search} />
        </span>
        <ReportIssueMenu url={location.pathname + location.search} />
        <Notifications items={shell.notifications.items} unread={shell.notifications.unread} />
        {showSwitcher && shell.switcher.shown ? <Switcher shell={shell} /> : null}
      </div>
    </header>
  );
}
