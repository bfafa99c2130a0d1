// Where the build puts things, and what the server reads from it at start (vite.config.ts builds the
// app; scripts/build-plain.ts the page script):
//   build/server/index.js          Remix's server build
//   build/client/                  what browsers download: public/'s files, and assets/ (hashed names,
//                                  served with immutable caching; the page script in assets/plain/)
//   build/.vite/client-manifest.json  Vite's manifest of the browser build (the stylesheet's name)
//   build/plain-manifest.json      the page script's entry and its imports
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const BUILD_DIR = path.join(root, "build");
export const SERVER_BUILD = path.join(BUILD_DIR, "server/index.js");
export const CLIENT_DIR = path.join(BUILD_DIR, "client");
export const ASSETS_DIR = path.join(CLIENT_DIR, "assets");
export const CLIENT_MANIFEST = path.join(BUILD_DIR, ".vite/client-manifest.json");
export const PLAIN_MANIFEST = path.join(BUILD_DIR, "plain-manifest.json");

/** The app's one stylesheet (`/assets/style-HASH.css`), or null without a build. */
export function readStylesheet(): string | null {
  try {
    const m = JSON.parse(fs.readFileSync(CLIENT_MANIFEST, "utf8")) as Record<string, { file: string }>;
    const file = m["style.css"]?.file;
    return file ? `/${file}` : null;
  } catch {
    return null;
  }
}

/**
 * The stylesheet and its text, read once at start: a browser's first visit gets the text inline
 * (app/utils/first-visit-css.server.ts), so the portal's code reads no file. Null without a build;
 * text null when the file cannot be read (the page links it instead).
 */
export function loadStylesheet(): { href: string; text: string | null } | null {
  const href = readStylesheet();
  if (!href) return null;
  try {
    return { href, text: fs.readFileSync(path.join(CLIENT_DIR, href), "utf8") };
  } catch {
    return { href, text: null };
  }
}

/** The page script and the files it imports (preloaded with it), or null without a build of it. */
export function readPageScript(): { src: string; preload: string[] } | null {
  try {
    const m = JSON.parse(fs.readFileSync(PLAIN_MANIFEST, "utf8")) as { entry: string; imports: Record<string, string[]> };
    const preload = new Set<string>();
    const walk = (f: string) => (m.imports[f] ?? []).forEach((i) => preload.has(i) || (preload.add(i), walk(i)));
    walk(m.entry);
    return { src: m.entry, preload: [...preload] };
  } catch {
    return null;
  }
}
