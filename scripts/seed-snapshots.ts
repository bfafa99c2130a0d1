// Builds the seeded demo snapshots the tests copy (tests/helpers/seed-snapshot.ts: the plain one and
// the one with the documents' text extracted), so that `npm test` makes them on the second core while
// the type-check and the builds use the first, instead of the first test that needs one waiting.
import os from "node:os";
import path from "node:path";
import { seedSnapshot } from "../tests/helpers/seed-snapshot";

// The seed's drawn page images, shared with the test processes (vitest.config.ts sets the same).
process.env.SAMPLE_CACHE_DIR ??= path.join(os.tmpdir(), "aero-sample-cache");
await seedSnapshot();
await seedSnapshot({ extracted: true });
