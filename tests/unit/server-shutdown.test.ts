// server.ts shuts down gracefully on SIGTERM: in-flight requests finish, then the database closes
// and the process exits 0. Runs the real production server (npm test builds before vitest).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aero-shutdown-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe.skipIf(!fs.existsSync("build/server/index.js"))("graceful shutdown", () => {
  it("finishes an in-flight 50 MB download after SIGTERM, then exits 0", async () => {
    const port = 4100 + Math.floor(Math.random() * 800);
    const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: "production", SEED_DEMO: "false", HOST: "127.0.0.1", SHUTDOWN_GRACE_MS: "120000" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 150 && !out.includes("portal on"); i++) await new Promise((r) => setTimeout(r, 100));
    expect(out).toContain("portal on");

    // A signed link to the 50 MB speed-test file, straight from the embedded blob store's signer.
    const { createLocalBlobStore } = await import("../../upstream/blob/local");
    const { loadUpstreamConfig } = await import("../../upstream/config");
    const config = loadUpstreamConfig({ ...process.env, DATA_DIR: dataDir, PORT: String(port) });
    const store = createLocalBlobStore(path.join(dataDir, "blobs"), config);
    const link = await store.signedGetUrl("speedtest/50MB.bin", { expiresInSeconds: 60, noCache: true });

    const res = await fetch(new URL(link, base));
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let received = 0;
    const first = await reader.read();
    received += first.value?.length ?? 0;
    child.kill("SIGTERM");
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.length;
    }
    expect(received).toBe(50_000_000); // the whole file: speedtest/50MB.bin is 50,000,000 bytes
    expect(await exited).toBe(0);
    expect(out).toContain("SIGTERM");
    // New connections are refused once it has stopped.
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  }, 60_000);
});
