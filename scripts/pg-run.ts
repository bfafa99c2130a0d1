// Runs one command against a throwaway PostgreSQL cluster (scripts/pg-temp.ts): starts the cluster,
// creates the database "aero", runs the command with DATABASE_URL set to it, stops the cluster and
// exits with the command's status. npm test's PostgreSQL end-to-end pass (ADR 060).
//
//   npx tsx scripts/pg-run.ts <command> [args…]
import { spawn } from "node:child_process";
import pg from "pg";
import { startTempPostgres } from "./pg-temp";

const [cmd, ...args] = process.argv.slice(2);
if (!cmd) {
  console.error("Usage: npx tsx scripts/pg-run.ts <command> [args…]");
  process.exit(2);
}
const cluster = await startTempPostgres();
let code = 1;
try {
  const admin = new pg.Client(cluster.url);
  await admin.connect();
  await admin.query("CREATE DATABASE aero");
  await admin.end();
  const child = spawn(cmd, args, { stdio: "inherit", env: { ...process.env, DATABASE_URL: cluster.urlFor("aero") } });
  const stop = () => child.kill("SIGTERM");
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  code = await new Promise<number>((resolve) => child.on("close", (c, signal) => resolve(c ?? (signal ? 1 : 0))));
} finally {
  await cluster.stop();
}
process.exit(code);
