// What route modules import for their loaders and actions: the browser build leaves *.server modules
// out, so the zod schemas never reach a page (issue 12). Constants pages show live in zod-free modules.
export * from "./speedtest";
