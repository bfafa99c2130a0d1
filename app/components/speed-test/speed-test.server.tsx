// The speed test's server render (the lazy island's `server`, lazy-island.tsx): the same component,
// rendered by the server only, so the browser's first JavaScript leaves it out (speed-test-island.tsx).
export { SpeedTest } from "./speed-test";
