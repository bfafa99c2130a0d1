import net from "node:net";

function ipv4ToBigInt(ip: string): bigint {
  return ip.split(".").reduce((acc, part) => (acc << 8n) + BigInt(Number(part)), 0n);
}

function ipv6ToBigInt(ip: string): bigint {
  // Expand "::" and embedded IPv4.
  let s = ip;
  const v4 = s.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (v4) {
    const n = ipv4ToBigInt(v4[1]);
    s = s.replace(v4[1], `${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`);
  }
  const [head, tail] = s.split("::");
  const h = head ? head.split(":") : [];
  const t = tail !== undefined && tail ? tail.split(":") : [];
  const fill = tail !== undefined ? 8 - h.length - t.length : 0;
  const parts = [...h, ...Array(fill).fill("0"), ...t];
  return parts.reduce((acc, p) => (acc << 16n) + BigInt(parseInt(p || "0", 16)), 0n);
}

/** Normalizes IPv4-mapped IPv6 (::ffff:1.2.3.4) to IPv4. */
export function normalizeIp(ip: string): string {
  const m = ip.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i);
  return m ? m[1] : ip;
}

/** Is `ip` inside `cidr` ("10.0.0.0/8", "2001:db8::/32" or a single address)? */
export function ipInCidr(ipRaw: string, cidr: string): boolean {
  const ip = normalizeIp(ipRaw.trim());
  const [baseRaw, bitsRaw] = cidr.trim().split("/");
  const base = normalizeIp(baseRaw);
  const fam = net.isIP(ip);
  if (fam === 0 || fam !== net.isIP(base)) return false;
  const width = fam === 4 ? 32 : 128;
  const bits = bitsRaw === undefined ? width : Number(bitsRaw);
  if (!Number.isInteger(bits) || bits < 0 || bits > width) return false;
  const toInt = fam === 4 ? ipv4ToBigInt : ipv6ToBigInt;
  const shift = BigInt(width - bits);
  return toInt(ip) >> shift === toInt(base) >> shift;
}

/** Validates an address or CIDR range; returns an error message or null. */
export function cidrError(value: string): string | null {
  const [base, bits] = value.trim().split("/");
  const fam = net.isIP(base ?? "");
  if (fam === 0) return "Enter an IPv4 or IPv6 address, optionally with a /prefix.";
  if (bits !== undefined) {
    const n = Number(bits);
    if (!/^\d+$/.test(bits) || n > (fam === 4 ? 32 : 128)) return "The prefix length is out of range.";
  }
  return null;
}
