// The portal's server code on Web APIs only (the edge runtime issue): one bundle runs on Node and on
// Workers, so nothing under app/ imports a Node built-in (`node:fs` or `fs`), a package that needs
// Node, or the code outside app/ (the upstream and the scripts are Node's), nor uses Node's global
// Buffer. Static imports, re-exports, `import()` and `require()` count; type-only imports do not
// (they leave no trace in the build). The files below are still Node's, each until its own change.
import fs from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { runAsOnWorkers } from "../helpers/workers-bundle";

const root = path.resolve(__dirname, "../..");
const APP = path.join(root, "app");

/** Still on Node: none (a module that must be, on its way to Web APIs, would be named here). */
const STILL_NODE = new Set<string>([]);

/**
 * The Node build's own render (Node streams, the fast way there), never in the worker: its build puts
 * render-web.server.tsx in its place (vite.edge.config.ts), and the bundle's check would name it.
 */
const NODE_BUILD_ONLY = new Set(["app/utils/render-node.server.tsx"]);

/**
 * Packages that need Node: native code, Node streams, sockets or files (a subpath counts as the
 * package). `qrcode` by its main entry only, which carries PNG and file renderers (pngjs, zlib, fs):
 * its browser entry (`qrcode/lib/browser.js`) is plain JS. `@remix-run/node` is not here: what app/
 * takes from it (json, redirect, createCookie, createSession, types) is the same API as
 * `@remix-run/cloudflare`'s, for the worker build to put in its place.
 */
const NODE_PACKAGES = ["@hono/node-server", "@napi-rs/canvas", "@remix-run/express", "@tesseract.js-data/eng", "archiver", "better-sqlite3", "busboy", "compression", "dejavu-fonts-ttf", "exceljs", "express", "nodemailer", "pdfkit", "pg", "pg-boss", "tesseract.js", "tsx"];
const NODE_ENTRIES = ["qrcode", "qrcode/lib/index.js", "qrcode/lib/server.js"];

function needsNode(specifier: string, from: string): boolean {
  if (specifier.startsWith("node:") || builtinModules.includes(specifier) || NODE_ENTRIES.includes(specifier)) return true;
  if (NODE_PACKAGES.some((p) => specifier === p || specifier.startsWith(`${p}/`))) return true;
  return specifier.startsWith(".") && !path.resolve(path.dirname(from), specifier).startsWith(APP + path.sep);
}

/** What a module takes from Node: `import "x"`, `import("x")`, `require("x")` of a Node module, and `Buffer`. */
export function nodeUses(source: string, file: string): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const add = (specifier: ts.Node | undefined, kind: string) => {
    if (!specifier) return;
    if (!ts.isStringLiteralLike(specifier)) found.push(`${kind}(<computed>)`);
    else if (needsNode(specifier.text, file)) found.push(`${kind} ${specifier.text}`);
  };
  const typeOnly = (clause: ts.ImportClause | undefined) =>
    !!clause && (clause.isTypeOnly || (!clause.name && !!clause.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((e) => e.isTypeOnly)));
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && !typeOnly(node.importClause)) add(node.moduleSpecifier, "import");
    else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) add(node.moduleSpecifier, "export from");
    else if (ts.isImportEqualsDeclaration(node) && !node.isTypeOnly && ts.isExternalModuleReference(node.moduleReference)) add(node.moduleReference.expression, "import =");
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) add(node.arguments[0], "import()");
    else if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "require") add(node.arguments[0], "require()");
    else if (ts.isIdentifier(node) && node.text === "Buffer" && !(ts.isPropertyAccessExpression(node.parent) && node.parent.name === node)) found.push("Buffer");
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return [...new Set(found)];
}

const walk = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? walk(p) : /\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts") ? [p] : [];
  });

describe("the portal's server code on Web APIs", () => {
  it("finds each way of reaching Node (the check itself works)", () => {
    const file = path.join(APP, "models/example.server.ts");
    const uses = (source: string) => nodeUses(source, file);
    expect(uses(`import fs from "node:fs";`)).toEqual(["import node:fs"]);
    expect(uses(`import { createHmac } from "crypto";`)).toEqual(["import crypto"]);
    expect(uses(`import "busboy";`)).toEqual(["import busboy"]);
    expect(uses(`import { createCanvas } from "@napi-rs/canvas";`)).toEqual(["import @napi-rs/canvas"]);
    expect(uses(`import QRCode from "qrcode";`)).toEqual(["import qrcode"]);
    expect(uses(`export { readFile } from "node:fs/promises";`)).toEqual(["export from node:fs/promises"]);
    expect(uses(`const { Readable } = await import("node:stream");`)).toEqual(["import() node:stream"]);
    expect(uses(`const zlib = require("zlib");`)).toEqual(["require() zlib"]);
    expect(uses(`const m = await import(name);`)).toEqual(["import()(<computed>)"]);
    expect(uses(`import { createUpstream } from "../../upstream/index";`)).toEqual(["import ../../upstream/index"]);
    expect(uses(`const b = Buffer.from("x");`)).toEqual(["Buffer"]);
    expect(uses(`let parts: Buffer[] = [];`)).toEqual(["Buffer"]);
    // Types leave no trace in the build; the browser entry of qrcode, app's own modules and Web APIs are fine.
    expect(uses(`import type { Readable } from "node:stream";\nimport { type Server } from "node:http";\ntype S = import("node:stream").Readable;`)).toEqual([]);
    expect(uses(`import QRCode from "qrcode/lib/browser.js";\nimport { toBase64 } from "~/utils/base64url";\nimport { api } from "./api.server";`)).toEqual([]);
    expect(uses(`const id = crypto.randomUUID();\nconst x = new TextEncoder().encode("a");\nconst y = bytes.buffer;`)).toEqual([]);
  });

  it("nothing under app/ reaches Node but the files on the list, and each of those still does", () => {
    const found = new Map<string, string[]>();
    for (const file of walk(APP)) {
      const uses = nodeUses(fs.readFileSync(file, "utf8"), file);
      const name = path.relative(root, file).split(path.sep).join("/");
      if (uses.length && !NODE_BUILD_ONLY.has(name)) found.set(name, uses);
    }
    expect([...found].filter(([file]) => !STILL_NODE.has(file))).toEqual([]);
    // A file that no longer needs Node leaves the list (which ends empty, with the worker build).
    expect([...found.keys()].sort()).toEqual([...STILL_NODE].sort());
  });

  it("the two-factor QR code is made without Node: bundled as for Workers, run with Web globals only", async () => {
    const qr = await runAsOnWorkers<typeof import("~/utils/qr.server")>(path.join(APP, "utils/qr.server.ts"), { TextEncoder, btoa });
    const url = "otpauth://totp/AeroRecords:client%40demo.aero?secret=JBSWY3DPEHPK3PXP&issuer=AeroRecords";
    const onNode = await import("~/utils/qr.server");
    const made = await qr.otpauthQr(url);
    expect(made).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(atob(made!.slice(made!.indexOf(",") + 1))).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*viewBox="0 0 \d+ \d+"[^>]*><path /);
    expect(made).toBe(await onNode.otpauthQr(url));
  });
});
