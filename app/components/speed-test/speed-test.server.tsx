// The speed test's server markup (the lazy island's `server`, ADR 063): the same component, rendered
// by the server only, so the browser's first JavaScript leaves it out (speed-test-island.tsx).
export { SpeedTest } from "./speed-test";
