// What route modules import for their loaders and actions (the browser build leaves *.server out).
export * from "./records";
