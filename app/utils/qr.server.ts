// QR codes for the two-factor setup, as data: URLs for an <img> (never inlined markup). qrcode's
// browser entry: plain JS for the SVG, none of the main entry's Node-only renderers.
import QRCode from "qrcode/lib/browser.js";
import { toBase64 } from "./base64url";

export const svgDataUrl = (svg: string) => `data:image/svg+xml;base64,${toBase64(new TextEncoder().encode(svg))}`;

/** An otpauth:// URL as a QR code image; null for anything that is not a TOTP provisioning URL. */
export async function otpauthQr(otpauthUrl: string): Promise<string | null> {
  if (!/^otpauth:\/\/totp\/[^\s]{1,500}$/.test(otpauthUrl)) return null;
  const svg = await QRCode.toString(otpauthUrl, { type: "svg", margin: 1, width: 200, errorCorrectionLevel: "M" });
  return svgDataUrl(svg);
}
