// A throwaway PostgreSQL cluster in a temporary directory on a free port (tests and local trials of
// DATABASE_URL, ADR 056). initdb refuses to run as root: as root the cluster is created and run as
// the "postgres" system user (runuser), otherwise as the current user. Trust authentication on a
// Unix socket in the cluster's directory and on 127.0.0.1 only.
//
//   npx tsx scripts/pg-temp.ts      starts one, prints its DATABASE_URL, stops it on Ctrl-C
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const BIN_DIRS = [process.env.PG_BIN, "/usr/lib/postgresql/17/bin", "/usr/lib/postgresql/16/bin", "/usr/lib/postgresql/15/bin", "/usr/local/bin", "/usr/bin"].filter(
  (d): d is string => !!d,
);

/** The directory holding initdb and postgres, or null when PostgreSQL is not installed. */
export function findPgBin(): string | null {
  for (const d of BIN_DIRS) if (fs.existsSync(path.join(d, "initdb")) && fs.existsSync(path.join(d, "postgres"))) return d;
  return null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface TempPostgres {
  /** postgres://…/postgres: the maintenance database (CREATE DATABASE for each test). */
  url: string;
  /** A URL for another database of the same cluster. */
  urlFor: (database: string) => string;
  port: number;
  dir: string;
  stop: () => Promise<void>;
}

export async function startTempPostgres(): Promise<TempPostgres> {
  const bin = findPgBin();
  if (!bin) throw new Error("PostgreSQL is not installed (no initdb found; set PG_BIN).");
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aero-pg-"));
  const data = path.join(dir, "data");
  if (asRoot) execFileSync("chown", ["postgres:postgres", dir]);
  fs.chmodSync(dir, 0o700);
  const run = (cmd: string, args: string[]) => (asRoot ? ["runuser", ["-u", "postgres", "--", cmd, ...args]] : [cmd, args]) as [string, string[]];
  const [c1, a1] = run(path.join(bin, "initdb"), ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"]);
  execFileSync(c1, a1, { stdio: "pipe" });
  const port = await freePort();
  const [c2, a2] = run(path.join(bin, "postgres"), [
    "-D", data, "-p", String(port), "-k", dir, "-c", "listen_addresses=127.0.0.1",
    "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off", "-c", "max_connections=200",
  ]);
  const child: ChildProcess = spawn(c2, a2, { stdio: ["ignore", "ignore", "pipe"] });
  let log = "";
  child.stderr?.on("data", (b: Buffer) => {
    log = (log + b.toString()).slice(-4000);
  });
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  // Ready when it accepts a TCP connection and says so in its log.
  const started = Date.now();
  for (;;) {
    if (child.exitCode != null) throw new Error(`postgres exited (${child.exitCode}): ${log}`);
    if (/ready to accept connections/.test(log)) break;
    if (Date.now() - started > 30_000) throw new Error(`postgres did not start in 30 s: ${log}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  let stopped = false;
  return {
    url,
    urlFor: (database) => `postgres://postgres@127.0.0.1:${port}/${encodeURIComponent(database)}`,
    port,
    dir,
    async stop() {
      if (stopped) return;
      stopped = true;
      if (child.exitCode == null) {
        const exited = new Promise((r) => child.once("exit", r));
        // Fast shutdown, sent to the postmaster itself (runuser does not pass signals on).
        let pid = 0;
        try {
          pid = Number(fs.readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]);
        } catch {
          /* not started */
        }
        if (pid > 0) process.kill(pid, "SIGINT");
        else child.kill("SIGINT");
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

if (process.argv[1] && /pg-temp\.ts$/.test(process.argv[1])) {
  startTempPostgres().then((pg) => {
    console.log(`DATABASE_URL=${pg.url}`);
    const stop = () => void pg.stop().then(() => process.exit(0));
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}
