// The worker bundle's check (scripts/build-edge.ts): on a fixture it names every built-in, Node
// global and native module with the file that brings it in, and lets pass what a Web runtime has.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { bundleForWorkerd, unexpectedFindings } from "../../scripts/build-edge";

it("finds Node built-ins, globals and native modules, each with the file that needs it", async () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "aero-edge-check-"));
  try {
    const { code, findings, detected } = await bundleForWorkerd({ entry: path.resolve("tests/edge/fixtures/node-only.js"), outfile: path.join(out, "bundle.js"), quiet: true });
    expect(findings).toEqual(
      expect.arrayContaining([
        { need: "node:fs", from: "tests/edge/fixtures/node-only.js" },
        { need: "Buffer", from: "tests/edge/fixtures/node-only.js" },
        { need: "node:stream", from: "tests/edge/fixtures/legacy.cjs" },
        { need: "node_modules/better-sqlite3", from: "node_modules/better-sqlite3" },
      ]),
    );
    // A bare name that a package answers is that package (events), as in a browser.
    expect(findings.some((f) => f.need === "node:events")).toBe(false);
    // Detected before use: not counted.
    expect(detected).toContainEqual({ need: "setImmediate", from: "tests/edge/fixtures/node-only.js" });
    expect(findings).not.toContainEqual({ need: "setImmediate", from: "tests/edge/fixtures/node-only.js" });
    // A require() of a built-in became an import, which workerd can answer; no require() is left.
    expect(code).toMatch(/^import \w+ from "node:stream";$/m);
    expect(code).not.toMatch(/require\("stream"\)/);
    // The check fails on all of it.
    expect(unexpectedFindings(findings)).toEqual(findings);
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
});
