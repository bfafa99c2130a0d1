// The sealed cookies on Web Crypto (the edge runtime issue): the format is the one node:crypto wrote,
// so the cookies browsers hold from before the change still open, and the other way round.
import nodeCrypto from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fromBase64url, toBase64, toBase64url } from "~/utils/base64url";
import { seal, unseal } from "~/utils/sealed-cookie.server";

// The node:crypto sealing as it was before Web Crypto (app/utils/sealed-cookie.server.ts at b1b363b).
const oldKey = (secret: string, purpose: string) => Buffer.from(nodeCrypto.hkdfSync("sha256", secret, "aero-records/sealed-cookie", `v1:${purpose}`, 32));
function oldSeal(plaintext: string, secrets: readonly string[], name: string): string {
  const iv = nodeCrypto.randomBytes(12);
  const cipher = nodeCrypto.createCipheriv("aes-256-gcm", oldKey(secrets[0]!, name), iv);
  cipher.setAAD(Buffer.from(name));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return `v1.${iv.toString("base64url")}.${body.toString("base64url")}`;
}
function oldUnseal(sealed: string, secrets: readonly string[], name: string): string | null {
  const [version, ivPart, bodyPart] = sealed.split(".");
  if (version !== "v1" || !ivPart || !bodyPart) return null;
  const iv = Buffer.from(ivPart, "base64url");
  const body = Buffer.from(bodyPart, "base64url");
  if (iv.length !== 12 || body.length < 16) return null;
  for (const secret of secrets) {
    try {
      const decipher = nodeCrypto.createDecipheriv("aes-256-gcm", oldKey(secret, name), iv);
      decipher.setAAD(Buffer.from(name));
      decipher.setAuthTag(body.subarray(body.length - 16));
      return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString("utf8");
    } catch {
      /* the next secret */
    }
  }
  return null;
}

const OLD = "old-secret-0123456789abcdef0123456789";
const NEW = "new-secret-0123456789abcdef0123456789";
const PLAINTEXTS = ["", '{"user":{"id":1},"token":"tok_abc"}', "Zürich ✈ 東京 🛩", "x".repeat(3000)];

describe("sealed cookies on Web Crypto", () => {
  afterEach(() => vi.restoreAllMocks());

  it("open what node:crypto sealed, and seal what node:crypto opens", async () => {
    for (const name of ["__session", "en_toast"]) {
      for (const text of PLAINTEXTS) {
        expect(await unseal(oldSeal(text, [NEW], name), [NEW], name)).toBe(text);
        const sealed = await seal(text, [NEW], name);
        expect(sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]+$/);
        expect(oldUnseal(sealed, [NEW], name)).toBe(text);
      }
    }
  });

  it("keep the rules across the change: rotation, the cookie's name bound in, foreign secrets refused", async () => {
    const before = oldSeal("{}", [OLD], "__session");
    expect(await unseal(before, [NEW, OLD], "__session")).toBe("{}");
    expect(await unseal(before, [NEW], "__session")).toBeNull();
    expect(await unseal(before, [OLD], "en_toast")).toBeNull();
    const after = await seal("{}", [NEW, OLD], "__session");
    expect(oldUnseal(after, [NEW], "__session")).toBe("{}");
    expect(oldUnseal(after, [OLD], "__session")).toBeNull();
    expect(oldUnseal(after, [NEW], "en_toast")).toBeNull();
  });

  it("refuse malformed values without throwing", async () => {
    const good = await seal("{}", [NEW], "__session");
    const [, iv, body] = good.split(".");
    for (const bad of ["", "v1", `v1.${iv}`, `v2.${iv}.${body}`, `v1.${iv}=.${body}`, `v1.${iv}.${body}=`, `v1.${iv}.${body!.replace(/^./, "+")}`, `v1.${iv!.slice(4)}.${body}`, `v1.${iv}.${body!.slice(0, 20)}`]) {
      expect(await unseal(bad, [NEW], "__session"), bad).toBeNull();
    }
  });

  it("derive a key once per secret and cookie name", async () => {
    const derive = vi.spyOn(crypto.subtle, "deriveKey");
    const secret = `fresh-${Math.random()}-0123456789abcdef0123456789`;
    const a = await seal("a", [secret], "__session");
    await seal("b", [secret], "__session");
    expect(await unseal(a, [secret], "__session")).toBe("a");
    expect(derive).toHaveBeenCalledTimes(1);
    await seal("c", [secret], "en_toast");
    expect(derive).toHaveBeenCalledTimes(2);
  });
});

describe("base64 helpers", () => {
  it("write what Buffer writes, and read base64url back", () => {
    const samples = [...Array.from({ length: 40 }, (_, n) => nodeCrypto.randomBytes(n)), nodeCrypto.randomBytes(100_000)];
    for (const bytes of samples) {
      const view = new Uint8Array(bytes);
      expect(toBase64(view)).toBe(bytes.toString("base64"));
      expect(toBase64url(view)).toBe(bytes.toString("base64url"));
      expect(fromBase64url(bytes.toString("base64url"))).toEqual(view);
    }
  });

  it("read nothing but unpadded base64url", () => {
    for (const bad of ["ab=c", "YQ==", "a+b/", "ab cd", "abcde", "é"]) expect(fromBase64url(bad), bad).toBeNull();
  });
});
