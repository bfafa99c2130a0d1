// Configuration of the embedded upstream, from the environment, with demo-friendly defaults.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { UpstreamConfig } from "./context";

/** The demo's fixed client uuid (printed in the README). Production sets CLIENT_UUID. */
export const DEFAULT_CLIENT_UUID = "a4e0f9d2-7c1b-4e8a-9f3d-2b6c5e8a1d70";

/** Reads `${dataDir}/${name}`, creating it with a random value on first use (mode 0600). */
export function persistentSecret(dataDir: string, name: string): string {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, name);
  try {
    const v = fs.readFileSync(file, "utf8").trim();
    if (v.length >= 32) return v;
  } catch {
    /* first start */
  }
  const v = crypto.randomBytes(32).toString("base64url");
  fs.writeFileSync(file, v + "\n", { mode: 0o600 });
  return v;
}

export function loadUpstreamConfig(env: NodeJS.ProcessEnv = process.env): UpstreamConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? "./data");
  const port = env.PORT ?? "3000";
  return {
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    clientUuid: env.CLIENT_UUID ?? DEFAULT_CLIENT_UUID,
    secret: env.BLOB_SECRET ?? persistentSecret(dataDir, "blob-secret.key"),
    forwardSecret: env.UPSTREAM_SECRET || undefined,
    blobBaseUrl: env.BLOB_PUBLIC_URL ?? "/_blob",
    portalUrl: env.PORTAL_URL ?? `http://localhost:${port}`,
    smtpUrl: env.SMTP_URL || undefined,
    tokenTtlHours: Number(env.TOKEN_TTL_HOURS ?? 12),
    jobWorkers: env.JOB_WORKERS != null && env.JOB_WORKERS !== "" ? Math.max(0, Math.min(8, Math.floor(Number(env.JOB_WORKERS)) || 0)) : 1,
    adminEmails: env.ADMIN_EMAILS ? env.ADMIN_EMAILS.split(",").map((s) => s.trim()).filter(Boolean) : undefined,
  };
}
