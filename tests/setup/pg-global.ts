// vitest globalSetup when PG_TESTS=1 (ADR 056): one throwaway PostgreSQL cluster for the run
// (scripts/pg-temp.ts); each test upstream creates its own database in it (tests/helpers/upstream.ts).
import { startTempPostgres, type TempPostgres } from "../../scripts/pg-temp";

let cluster: TempPostgres | null = null;

export async function setup() {
  cluster = await startTempPostgres();
  process.env.PG_TEST_URL = cluster.url;
}

export async function teardown() {
  await cluster?.stop();
}
