// POST /v1/work_order/get_signed_url_with_expiry.json (spec 001 §7): a presigned GET link for a
// speed-test file. Documented in docs/api/speedtest.md.
//
// The call is used by the speed test only, so it signs nothing but keys under "speedtest/": it can
// never hand out a link to a customer's records. The link is served with no caching (Cache-Control:
// no-store, so every test really crosses the network) and no compression (Content-Encoding: identity
// on random bytes), and supports Range, which the browser uses to split a file between connections.
import type { Hono } from "hono";
import type { HonoEnv } from "../context";
import { ApiError, readBody, refuse } from "../http";
import { LINK_VALIDITY_S, SPEED_TEST_PREFIX } from "../../app/models/speedtest";
import { signedUrlRequestSchema, type SignedUrlAnswer } from "../../app/models/schemas/speedtest";

const SEGMENT = /^[A-Za-z0-9._-]+$/;

/** "speedtest/10MB.bin" (a leading "/" tolerated) or null when the path is not a speed-test key. */
export function speedTestKey(s3Path: string): string | null {
  const key = s3Path.trim().replace(/^\/+/, "");
  if (!key.startsWith(SPEED_TEST_PREFIX)) return null;
  const segs = key.slice(SPEED_TEST_PREFIX.length).split("/");
  if (segs.some((s) => !SEGMENT.test(s) || /^\.+$/.test(s))) return null;
  return key;
}

export function registerSpeedTestRoutes(app: Hono<HonoEnv>) {
  app.post("/v1/work_order/get_signed_url_with_expiry.json", async (c) => {
    const { blob } = c.get("deps");
    const body = await readBody(c, signedUrlRequestSchema);
    const key = speedTestKey(body.s3_path);
    if (!key) {
      throw refuse(`Only speed-test files (${SPEED_TEST_PREFIX}…) may be signed by this call.`, {
        s3_path: [`must be a file under ${SPEED_TEST_PREFIX}`],
      });
    }
    // additional_params is accepted for compatibility with the S3 signer's call; the speed-test
    // files are always signed with no caching and no compression, whatever it says.
    const expiresIn = Math.min(body.expires_in ?? LINK_VALIDITY_S, LINK_VALIDITY_S);
    const obj = await blob.stat(key);
    if (!obj) throw new ApiError(404, "Test file not found");
    const url = await blob.signedGetUrl(key, { expiresInSeconds: expiresIn, noCache: true });
    const answer: SignedUrlAnswer = {
      url,
      expires_in: expiresIn,
      expires_at: new Date(Date.now() + expiresIn * 1000).toISOString(),
      s3_path: key,
      size: obj.size,
    };
    c.header("Cache-Control", "no-store");
    return c.json(answer);
  });
}
