// The speed test in the top bar as a lazy island (issue 12, lazy-island.tsx): the server renders it (the
// disabled button with Loading..., or the last result from the browser's cookie), and the browser
// fetches its code after the page's load event (or sooner, when the user comes near it). The test
// itself never starts before the page has loaded, so it starts no later than before; the page's
// first JavaScript no longer carries it.
import { LazyIsland, preloadIsland } from "~/components/lazy-island/lazy-island";
import type { LastSpeed } from "~/models/speedtest-display";
import { SpeedTest as ServerSpeedTest } from "./speed-test.server";

const ID = "shell-speed-test";
const load = () => import("./speed-test").then((m) => m.SpeedTest);
/** A client-side navigation into a layout: the code comes with the data (no server render to show). */
export const preloadSpeedTest = () => preloadIsland(ID, load);

export function SpeedTestIsland({ last }: { last: LastSpeed | null }) {
  return <LazyIsland id={ID} load={load} server={ServerSpeedTest} props={{ last }} afterLoad />;
}
