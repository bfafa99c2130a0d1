// qrcode's browser entry (its package.json "browser" field): the package's API without the PNG, file
// and terminal renderers of its main entry (pngjs, zlib, fs), so it runs on Workers as on Node.
declare module "qrcode/lib/browser.js" {
  export * from "qrcode";
}
