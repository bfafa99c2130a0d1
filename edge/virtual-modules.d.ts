// The Remix server build of vite.edge.config.ts, which scripts/build-edge.ts hands to the worker.
declare module "virtual:edge/server-build";
