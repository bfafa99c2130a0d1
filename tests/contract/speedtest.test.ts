// Contract: POST /v1/work_order/get_signed_url_with_expiry.json and the signed GET it hands out.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestUpstream, type TestUpstream } from "../helpers/upstream";
import { signedUrlAnswerSchema } from "~/models/schemas/speedtest";
import { FILE_BYTES, LINK_VALIDITY_S } from "~/models/speedtest";

const PATH = "/v1/work_order/get_signed_url_with_expiry.json";

describe("speed test: get_signed_url_with_expiry", () => {
  let up: TestUpstream;
  let auth: Record<string, string>;
  beforeAll(async () => {
    up = await startTestUpstream();
    auth = await up.signIn("client@demo.aero");
  });
  afterAll(async () => up?.close());

  const sign = (body: unknown, headers = auth) =>
    fetch(`${up.opsUrl}${PATH}`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body) });
  const abs = (url: string) => new URL(url, up.origin).toString();

  it("signs a speed-test file; the link serves the exact bytes with no caching and no compression", async () => {
    const res = await sign({ s3_path: "speedtest/1MB.bin", expires_in: LINK_VALIDITY_S, additional_params: { purpose: "speed_test" } });
    expect(res.status).toBe(200);
    const body = signedUrlAnswerSchema.parse(await res.json());
    expect(body).toMatchObject({ s3_path: "speedtest/1MB.bin", expires_in: 172800, size: FILE_BYTES["1MB"] });
    const get = await fetch(abs(body.url), { headers: { "accept-encoding": "gzip, br" } });
    expect(get.status).toBe(200);
    expect(get.headers.get("cache-control")).toBe("no-store");
    expect(["identity", null]).toContain(get.headers.get("content-encoding"));
    expect((await get.arrayBuffer()).byteLength).toBe(1_000_000);
  });

  it("serves byte ranges (the parallel connections split a file)", async () => {
    const body = signedUrlAnswerSchema.parse(await (await sign({ s3_path: "speedtest/5MB.bin", expires_in: 60 })).json());
    const get = await fetch(abs(body.url), { headers: { range: "bytes=1000000-1999999" } });
    expect(get.status).toBe(206);
    expect(get.headers.get("content-range")).toBe("bytes 1000000-1999999/5000000");
    expect((await get.arrayBuffer()).byteLength).toBe(1_000_000);
  });

  it("caps expires_in at 172800 s and defaults to it", async () => {
    const capped = signedUrlAnswerSchema.parse(await (await sign({ s3_path: "speedtest/10MB.bin", expires_in: 9_999_999 })).json());
    expect(capped.expires_in).toBe(172800);
    const dflt = signedUrlAnswerSchema.parse(await (await sign({ s3_path: "/speedtest/50MB.bin" })).json());
    expect(dflt.expires_in).toBe(172800);
    expect(dflt.s3_path).toBe("speedtest/50MB.bin");
    expect(Date.parse(dflt.expires_at) - Date.now()).toBeGreaterThan(172_000_000);
  });

  it("refuses keys outside speedtest/ (422) and bad input", async () => {
    for (const s3_path of ["records/1/manual.pdf", "speedtest/../records/x.pdf", "speedtest/", "blob-secret.key"]) {
      const res = await sign({ s3_path, expires_in: 60 });
      expect(res.status, s3_path).toBe(422);
      expect(((await res.json()) as { error: string }).error).toMatch(/speed-test files/);
    }
    expect((await sign({ expires_in: 60 })).status).toBe(422);
    expect((await sign({ s3_path: "speedtest/1MB.bin", expires_in: -5 })).status).toBe(422);
    expect((await sign({ s3_path: "speedtest/1MB.bin", expires_in: "soon" })).status).toBe(422);
  });

  it("answers 404 Test file not found for a missing file", async () => {
    const res = await sign({ s3_path: "speedtest/2MB.bin", expires_in: 60 });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Test file not found" });
  });

  it("needs a signed-in caller", async () => {
    expect((await sign({ s3_path: "speedtest/1MB.bin" }, {})).status).toBe(401);
  });

  it("an expired or altered link is refused with a 4xx (the island then fetches a fresh one)", async () => {
    const body = signedUrlAnswerSchema.parse(await (await sign({ s3_path: "speedtest/1MB.bin", expires_in: 1 })).json());
    const altered = abs(body.url).replace("1MB.bin", "5MB.bin");
    expect((await fetch(altered)).status).toBe(403);
    up.clock.advance(2100);
    const res = await fetch(abs(body.url));
    expect(res.status).toBe(403);
  });
});
