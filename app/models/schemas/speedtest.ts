// Contract of POST /v1/work_order/get_signed_url_with_expiry.json (docs/api/speedtest.md), shared by
// the upstream, the portal's resource route and the contract tests. Browser-safe (zod only).
import { z } from "zod";

export const signedUrlRequestSchema = z.object({
  s3_path: z.string().trim().min(1, "is required").max(1024),
  expires_in: z.coerce.number().int("must be a whole number of seconds").positive("must be positive").optional(),
  additional_params: z.record(z.unknown()).nullish(),
});
export type SignedUrlRequest = z.infer<typeof signedUrlRequestSchema>;

export const signedUrlAnswerSchema = z.object({
  /** The presigned GET link (relative to the portal's origin for the embedded blob store). */
  url: z.string().min(1),
  /** Seconds the link stays valid (the request's expires_in, capped at 172800). */
  expires_in: z.number().int().positive(),
  /** ISO time at which the link stops working. */
  expires_at: z.string(),
  s3_path: z.string(),
  /** The object's size in bytes. */
  size: z.number().int().nonnegative(),
});
export type SignedUrlAnswer = z.infer<typeof signedUrlAnswerSchema>;

/** What the portal's /resources/speed-test-link answers the island. */
export const speedTestLinkSchema = z.object({ url: z.string().min(1), expires_in: z.number().int().positive() });
export type SpeedTestLink = z.infer<typeof speedTestLinkSchema>;
