// Before the browser tests: the production build (when sources changed) and the seeded demo snapshot
// with its text extracted (tests/helpers/seed-snapshot.ts), made once here so that the workers only copy it.
import { buildIfStale } from "../../scripts/build-if-stale";
import { seedSnapshot } from "../helpers/seed-snapshot";

export default async function globalSetup() {
  buildIfStale({ quiet: true });
  if (!process.env.DATABASE_URL) await seedSnapshot({ extracted: true });
}
