import { describe, expect, it } from "vitest";
import { cidrError, ipInCidr } from "../../upstream/ipwhitelist";

describe("IP whitelist matching", () => {
  it.each([
    ["10.1.2.3", "10.0.0.0/8", true],
    ["11.1.2.3", "10.0.0.0/8", false],
    ["192.168.1.7", "192.168.1.7", true],
    ["192.168.1.8", "192.168.1.7/32", false],
    ["::ffff:203.0.113.5", "203.0.113.0/24", true],
    ["2001:db8::1", "2001:db8::/32", true],
    ["2001:db9::1", "2001:db8::/32", false],
    ["::1", "::1", true],
    ["10.0.0.1", "2001:db8::/32", false],
    ["garbage", "10.0.0.0/8", false],
    ["10.0.0.1", "0.0.0.0/0", true],
  ])("%s in %s: %s", (ip, cidr, want) => expect(ipInCidr(ip, cidr)).toBe(want));

  it("validates entries", () => {
    expect(cidrError("10.0.0.0/8")).toBeNull();
    expect(cidrError("2001:db8::/129")).toMatch(/prefix/);
    expect(cidrError("10.0.0.0/x")).toMatch(/prefix/);
    expect(cidrError("not an ip")).toMatch(/IPv4 or IPv6/);
  });
});
