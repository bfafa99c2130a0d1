import { z } from "zod";

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters"),
  CLIENT_UUID: z.string().min(8),
  MARKETING_URL: z.string().url().optional().or(z.literal("").transform(() => undefined)),
  SECURE_COOKIES: z.enum(["true", "false"]).optional(),
  /** Public URL of the portal; https:// turns on Secure cookies in production. */
  PORTAL_URL: z.string().url().optional().or(z.literal("").transform(() => undefined)),
  /** Log every upstream call a page makes (development aid; the count is in Server-Timing anyway). */
  DEBUG_UPSTREAM_CALLS: z.string().optional(),
});

export type Env = z.infer<typeof schema>;
let cached: Env | null = null;
let source: Record<string, unknown> | null = null;

/**
 * Where the environment comes from when there is no process.env: the Workers entry (edge/worker.ts)
 * hands over its env bindings (vars and secrets) before each request; the same object again costs
 * nothing, another one is checked again.
 */
export function provideEnv(values: Record<string, unknown>) {
  if (values === source) return;
  source = values;
  cached = null;
}

/** The portal's environment, checked once. server.ts fills SESSION_SECRET/CLIENT_UUID defaults for the demo. */
export function env(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(source ?? globalThis.process?.env);
  if (!parsed.success) {
    throw new Error(`Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  cached = parsed.data;
  return cached;
}

/** The only values that may reach the browser. */
export function publicEnv() {
  return { MODE: env().NODE_ENV };
}
