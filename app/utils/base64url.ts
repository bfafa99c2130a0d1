// Base64 and base64url of bytes with the Web's btoa/atob: the portal's server code runs on Node and on
// Workers alike, so it uses no Buffer. Base64url is written without padding, as Node's "base64url".

/** Bytes as a binary string (one char per byte), in slices: spreading a large array overflows the stack. */
function binary(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 0x8000) out += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return out;
}

export const toBase64 = (bytes: Uint8Array): string => btoa(binary(bytes));

export const toBase64url = (bytes: Uint8Array): string => toBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/** The bytes of unpadded base64url; null for anything else (another alphabet, padding, an impossible length). */
export function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[\w-]*$/.test(text) || text.length % 4 === 1) return null;
  const decoded = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(decoded, (c) => c.charCodeAt(0));
}
