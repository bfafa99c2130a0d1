// A local S3-compatible server for the S3 blob store's tests (s3rver, an npm devDependency): started
// in a child process on a random port over a temporary directory, with one bucket; removed on stop.
// What s3rver does not check (POST policies, SigV4 signatures) is listed in ADR 055 and in
// tests/contract/blob-store.test.ts.
//
// A child process because s3rver's ListObjectsV2 continuation tokens are DES-encrypted, and DES is
// only in OpenSSL 3's legacy provider (node --openssl-legacy-provider), which the tests' own
// process should not switch on.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import type { S3Config } from "../../upstream/context";

/** s3rver's built-in account (its README): the only credentials it accepts. */
const S3RVER_KEY = "S3RVER";

export interface TestS3 {
  /** The S3_* variables upstream/config.ts reads. */
  env: Record<string, string>;
  config: S3Config;
  endpoint: string;
  stop(): Promise<void>;
}

const SERVER = `
const S3rver = require(process.argv[1]);
const server = new S3rver({ address: "127.0.0.1", port: 0, directory: process.argv[2], silent: true, configureBuckets: [{ name: process.argv[3] }] });
server.run().then((a) => process.stdout.write(JSON.stringify({ port: a.port }) + "\\n"), (e) => { console.error(e); process.exit(1); });
process.on("SIGTERM", () => server.close().then(() => process.exit(0)));
`;

export async function startS3rver(bucket = "aero-test"): Promise<TestS3> {
  const main = createRequire(import.meta.url).resolve("s3rver");
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "aero-s3rver-"));
  const child: ChildProcess = spawn(process.execPath, ["--openssl-legacy-provider", "-e", SERVER, main, directory, bucket], { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const line = out.split("\n")[0];
      if (out.includes("\n")) resolve((JSON.parse(line!) as { port: number }).port);
    });
    child.once("exit", (code) => reject(new Error(`s3rver exited (${code}) before listening: ${stderr}`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const env = {
    S3_BUCKET: bucket,
    S3_REGION: "us-east-1",
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: S3RVER_KEY,
    S3_SECRET_ACCESS_KEY: S3RVER_KEY,
    S3_FORCE_PATH_STYLE: "true",
  };
  return {
    env,
    endpoint,
    config: { bucket, region: "us-east-1", endpoint, accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY, forcePathStyle: true },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise<void>((r) => child.once("exit", () => r()));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
