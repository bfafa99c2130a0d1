// The user's address the portal forwards to a remote upstream, signed with Web Crypto (the edge
// runtime issue): the upstream's node:crypto check (upstream/client-address.ts, unchanged) accepts it
// and refuses a tampered one, and the remote fetcher (app/utils/front-door.server.ts, server.ts's and
// the worker's) sends it.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forwardedAddressHeaders, signForwardedAddress } from "~/utils/forwarded-address.server";
import { FORWARDED_IP_HEADER, FORWARDED_IP_SIGNATURE, forwardedIpHeaders, httpEntry, signClientIp, verifyClientIp } from "../../upstream/client-address";
import { remoteFetcher } from "~/utils/front-door.server";

const SECRET = "test-forward-secret-0123456789abcdef";

describe("the forwarded address signature", () => {
  it("is the upstream's own format, and the upstream accepts it", async () => {
    const now = Date.now();
    for (const ip of ["203.0.113.10", "2001:db8::1"]) {
      const signature = await signForwardedAddress(ip, SECRET, now);
      expect(signature).toBe(signClientIp(ip, SECRET, now));
      expect(verifyClientIp(ip, signature, SECRET, now)).toBe(true);
      expect(await forwardedAddressHeaders(ip, SECRET, now)).toEqual(forwardedIpHeaders(ip, SECRET, now));
    }
    expect(Object.keys(await forwardedAddressHeaders("203.0.113.10", SECRET))).toEqual([FORWARDED_IP_HEADER, FORWARDED_IP_SIGNATURE]);
  });

  it("is refused when the address, the time or the MAC is changed, or another secret made it", async () => {
    const now = Date.now();
    const signature = await signForwardedAddress("203.0.113.10", SECRET, now);
    const [ts, mac] = signature.split(".") as [string, string];
    expect(verifyClientIp("203.0.113.11", signature, SECRET, now)).toBe(false);
    expect(verifyClientIp("203.0.113.10", `${Number(ts) + 1}.${mac}`, SECRET, now)).toBe(false);
    expect(verifyClientIp("203.0.113.10", `${ts}.${mac.slice(0, -2)}${mac.at(-2) === "A" ? "B" : "A"}${mac.at(-1)}`, SECRET, now)).toBe(false);
    expect(verifyClientIp("203.0.113.10", await signForwardedAddress("203.0.113.10", "another-secret-0123456789abcdef", now), SECRET, now)).toBe(false);
    expect(verifyClientIp("203.0.113.10", await signForwardedAddress("203.0.113.10", SECRET, now - 3600_000), SECRET, now)).toBe(false);
  });

  it("is sent only with an address and a secret", async () => {
    expect(await forwardedAddressHeaders(null, SECRET)).toEqual({});
    expect(await forwardedAddressHeaders("203.0.113.10", undefined)).toEqual({});
    expect(await forwardedAddressHeaders("203.0.113.10", "")).toEqual({});
  });
});

describe("the remote fetcher", () => {
  // An upstream over HTTP as deployed apart (httpEntry): it answers with the address it believes.
  let server: Server;
  let base: string;
  beforeAll(async () => {
    const echo = httpEntry(async (request, meta) => Response.json({ ip: meta?.clientIp ?? null, header: request.headers.get(FORWARDED_IP_HEADER), path: new URL(request.url).pathname }), {
      forwardSecret: SECRET,
    });
    server = createServer((req, res) => void echo(req, res));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const ask = async (secret: string | undefined) =>
    (await (await remoteFetcher(base, secret)(new Request("http://portal.internal/user/shell.json"), { clientIp: "198.51.100.7" })).json()) as { ip: string; header: string | null; path: string };

  it("speaks for the user with the shared secret, and only then", async () => {
    expect(await ask(SECRET)).toEqual({ ip: "198.51.100.7", header: null, path: "/user/shell.json" });
    expect((await ask("another-secret-0123456789abcdef")).ip).toBe("127.0.0.1");
    expect((await ask(undefined)).ip).toBe("127.0.0.1");
  });
});
