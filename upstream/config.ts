// Configuration of the embedded upstream, from the environment, with demo-friendly defaults.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { S3Config, UpstreamConfig } from "./context";
import { DEFAULT_EXTRACT_LIMITS } from "./jobs/extract-sandbox";
import { DEFAULT_ORPHAN_GRACE_HOURS } from "./blob/orphans";
import { loadSheetLimits } from "./ops/sheet-limits";

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

export function loadUpstreamConfig(env: Record<string, string | undefined> = process.env): UpstreamConfig {
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
    s3: loadS3Config(env),
    extract: {
      memoryMb: positive(env.EXTRACT_MEMORY_MB, DEFAULT_EXTRACT_LIMITS.memoryMb),
      fileMs: positive(env.EXTRACT_FILE_TIMEOUT_MS, DEFAULT_EXTRACT_LIMITS.fileMs),
      pageMs: positive(env.EXTRACT_PAGE_TIMEOUT_MS, DEFAULT_EXTRACT_LIMITS.pageMs),
    },
    orphanGraceHours: positive(env.UPLOAD_ORPHAN_GRACE_HOURS, DEFAULT_ORPHAN_GRACE_HOURS),
    sheetLimits: loadSheetLimits(env),
  };
}

/** A positive number from the environment, or the default when unset or not a positive number. */
function positive(v: string | undefined, fallback: number): number {
  const n = Number(v);
  return v != null && v.trim() !== "" && Number.isFinite(n) && n > 0 ? n : fallback;
}

/** The S3_* variables (ADR 055), in the order the README lists them. */
export const S3_VARIABLES = ["S3_BUCKET", "S3_REGION", "S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE"] as const;

/**
 * S3-compatible storage when S3_BUCKET is set; undefined (the local blob store) when no S3_* variable
 * is. Throws at start, naming what is missing or wrong, when the set is incomplete or invalid: a
 * portal that silently fell back to local disk would scatter files across the nodes.
 */
export function loadS3Config(env: Record<string, string | undefined> = process.env): S3Config | undefined {
  const v = (name: (typeof S3_VARIABLES)[number]) => (env[name] ?? "").trim();
  const given = S3_VARIABLES.filter((n) => v(n) !== "");
  if (given.length === 0) return undefined;
  if (!v("S3_BUCKET")) throw new Error(`S3 storage: ${given.join(", ")} ${given.length === 1 ? "is" : "are"} set but S3_BUCKET is not. Set S3_BUCKET (with S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY), or unset every S3_* variable to keep the local blob store.`);
  const missing = (["S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const).filter((n) => !v(n));
  if (missing.length) throw new Error(`S3 storage: S3_BUCKET is set but ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} missing.`);
  const endpoint = v("S3_ENDPOINT") || undefined;
  if (endpoint) {
    let u: URL | null = null;
    try {
      u = new URL(endpoint);
    } catch {
      /* reported below */
    }
    if (!u || (u.protocol !== "http:" && u.protocol !== "https:") || u.search || u.hash) {
      throw new Error(`S3 storage: S3_ENDPOINT must be an http:// or https:// URL (e.g. https://s3.example.net), not ${JSON.stringify(endpoint)}.`);
    }
  }
  const pathStyle = v("S3_FORCE_PATH_STYLE").toLowerCase();
  if (!["", "true", "false", "1", "0"].includes(pathStyle)) {
    throw new Error(`S3 storage: S3_FORCE_PATH_STYLE must be true or false, not ${JSON.stringify(env.S3_FORCE_PATH_STYLE)}.`);
  }
  return {
    bucket: v("S3_BUCKET"),
    region: v("S3_REGION"),
    endpoint: endpoint?.replace(/\/+$/, ""),
    accessKeyId: v("S3_ACCESS_KEY_ID"),
    secretAccessKey: v("S3_SECRET_ACCESS_KEY"),
    forcePathStyle: pathStyle === "true" || pathStyle === "1",
  };
}
