// What the top bar shows without an aircraft in context (the product, the organization or the role),
// whether this page may show the product switcher, and the speed test's last result from the
// browser's cookie (shown before the test runs). The shell layout's loader computes it.
import { PRODUCT_NAME, ROLE_LABEL, switcherHiddenOn } from "~/models/shell";
import type { ShellData } from "~/models/shell.server";
import { lastSpeedFromCookie } from "~/models/speedtest-display";
import type { TopBarFallback } from "./top-bar";

export function topBarFallback(shell: ShellData, url: URL, cookie: string | null): TopBarFallback {
  return {
    lastSpeed: lastSpeedFromCookie(cookie, Date.now()),
    label: shell.area === "storage" || shell.area === "ops" || shell.area === "oil" ? PRODUCT_NAME[shell.product] : "AeroRecords",
    value: shell.branding.organization ?? ROLE_LABEL[shell.user.role],
    switcher: shell.switcher.shown && !switcherHiddenOn(url.pathname),
  };
}
