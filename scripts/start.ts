// `npm start`: build when needed, then serve the portal (PORT, DATA_DIR honoured).
import { buildIfStale } from "./build-if-stale";

process.env.NODE_ENV ??= "production";
buildIfStale();
process.env.AERO_START = "1";
await import("../server");
