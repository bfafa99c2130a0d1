// Every page of the route list, as the demo user who may open it, over HTTP without JavaScript (the
// page list: tests/helpers/page-list.ts). For each page: it answers (no 5xx), it is the page it
// stands for (not a redirect elsewhere), it has a title, one h1 and a main landmark, every form has a
// named submit button, it makes at most MAX_UPSTREAM_CALLS calls to the upstream APIs (the count its
// Server-Timing header gives), axe-core finds no serious or critical violation in the server's HTML
// (jsdom; colour contrast and target size are left to the browser pass, tests/e2e/a11y.spec.ts), and
// the forms it offers (method, action, field names, buttons) are those of the snapshot: a page that
// loses a form or a field, or whose form posts elsewhere, fails here.
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { JSDOM, VirtualConsole } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPortal, type HttpPage, type Portal } from "../helpers/http-browser";
import { oneVoiceProblems } from "../helpers/one-voice";
import { entryUrl, harvestId, isResource, NOT_PAGES, PAGES_BY_USER, routeRe, type Entry, type Ids } from "../helpers/page-list";

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

let portal: Portal;
beforeAll(async () => {
  portal = await startPortal();
}, 120_000);
afterAll(async () => portal?.close());

/**
 * Upstream calls one page may make, its loaders together (the shell's one call per API included):
 * more means a loader should fold calls (one call answering what the page needs) or share a read.
 */
const MAX_UPSTREAM_CALLS = 6;

/** The upstream calls a page made, as entry.server.tsx's Server-Timing header counts them (null: no count). */
function upstreamCalls(page: HttpPage): number | null {
  const m = /upstream;desc="(\d+) calls/.exec(page.headers.get("server-timing") ?? "");
  return m ? Number(m[1]) : null;
}

type Violation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] };

/** The shell's parts that repeat from page to page: the side navigation and the top bar. */
const SHELL_PARTS = ['nav[aria-label="Main"]', "body header"];

/**
 * axe-core over the server's HTML in jsdom (no scripts of the page run). Rules that need a renderer
 * (colour contrast, target size) are left to the browser pass. The shell's navigation and top bar
 * are the same on most pages of a user: each different one is checked in full the first time it is
 * seen (`seen`) and left out after that (about half of the time of a run).
 */
async function axe(page: HttpPage, seen: Set<string>): Promise<string[]> {
  const exclude: string[] = [];
  for (const selector of SHELL_PARTS) {
    const part = page.doc.querySelector(selector);
    if (!part) continue;
    // What differs only by the page it is on: the current link's marks, links and forms back to this
    // page, React's generated ids, the script nonce.
    const here = page.pathname.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const html = part.outerHTML
      .replace(/ aria-current="[^"]*"/g, "")
      .replace(/ class="[^"]*"/g, "")
      .replace(/ nonce="[^"]*"/g, "")
      .replace(/<input type="hidden"[^>]*>/g, "")
      .replace(new RegExp(`(action|value)="${here}"`, "g"), '$1="{here}"')
      .replace(new RegExp(`="${here}[?#][^"]*"`, "g"), '="{here}"')
      .replace(/:R[0-9A-Za-z]+:/g, ":id:");
    const key = `${selector} ${html}`;
    if (seen.has(key)) exclude.push(selector);
    seen.add(key);
  }
  // jsdom says "not implemented" for what it lacks (a canvas axe probes for): not the page's fault.
  const virtualConsole = new VirtualConsole();
  // Without the inline stylesheet: jsdom resolves every element's style against its rules for each
  // of axe's visibility checks (three quarters of this file's time), and the rules that need the
  // styles (contrast, target size) are the browser pass's. An element only CSS hides is then checked
  // too: stricter, never laxer.
  const html = page.html.replace(/<style\b[^>]*>[\s\S]*?<\/style>/g, "");
  const dom = new JSDOM(html, { url: page.url, runScripts: "outside-only", pretendToBeVisual: true, virtualConsole });
  // A part checked before is emptied, not only excluded: axe reads the whole document into its tree
  // before it looks at the context, and the landmark itself stays.
  for (const selector of exclude) dom.window.document.querySelector(selector)?.replaceChildren();
  try {
    dom.window.eval(AXE);
    // label-content-name-mismatch (WCAG 2.5.3: a control's accessible name contains its visible label)
    // is one of axe's experimental rules, off unless asked for.
    const options = { resultTypes: ["violations"], rules: { "color-contrast": { enabled: false }, "target-size": { enabled: false }, "label-content-name-mismatch": { enabled: true } } };
    const result = (await dom.window.eval(`axe.run(document, ${JSON.stringify(options)})`)) as { violations: Violation[] };
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.impact} ${v.id} (${v.help}) at ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
  } finally {
    dom.window.close();
  }
}

/** The forms a page offers, as a stable text: method, action (path and query keys), field names, buttons. */
function formsOf(page: HttpPage, ids: Ids): string[] {
  // Ids of the demo differ between seeds only by number: write them as their key.
  const idValues = Object.entries(ids).filter(([, v]) => v.length > 0);
  const generic = (s: string) => {
    let out = s;
    for (const [k, v] of idValues) out = out.split(encodeURIComponent(v)).join(`{${k}}`).split(v).join(`{${k}}`);
    return out;
  };
  return page.forms().map((f) => {
    const u = new URL(f.action);
    const action = generic(u.pathname) + (u.search ? `?${[...u.searchParams.keys()].join("&")}` : "");
    const fields = f
      .controls()
      .map((c) => c.getAttribute("name"))
      .filter((n): n is string => !!n)
      .filter((n, i, all) => all.indexOf(n) === i);
    return `${f.method.toUpperCase()} ${action} [${fields.join(", ")}] buttons: ${f.buttons().join(" | ") || "(none)"}`;
  });
}

async function check(page: HttpPage, entry: Entry, url: string, found: string[], seen: Set<string>) {
  const errorPage = /(error|page)-500/.test(url);
  if (errorPage ? page.status > 500 : page.status >= 500) found.push(`${url}: status ${page.status}`);
  if (!routeRe(entry.route).test(page.pathname)) found.push(`${url}: ended at ${page.pathname}, not on ${entry.route}`);
  if (!page.isHtml) return void found.push(`${url}: not an HTML page (${page.headers.get("content-type")})`);
  if (!page.title.trim()) found.push(`${url}: no title`);
  const h1 = page.h1s();
  if (h1.length !== 1) found.push(`${url}: ${h1.length} h1 (${h1.join(" | ")})`);
  if (!page.landmarks().includes("main")) found.push(`${url}: no main landmark`);
  for (const f of page.forms()) {
    if (f.method === "post" && f.buttons().filter(Boolean).length === 0) found.push(`${url}: a form posting to ${new URL(f.action).pathname} has no named submit button`);
  }
  const calls = upstreamCalls(page);
  if (calls === null) found.push(`${url}: no upstream call count (Server-Timing)`);
  else if (calls > MAX_UPSTREAM_CALLS) found.push(`${url}: ${calls} upstream calls (at most ${MAX_UPSTREAM_CALLS})`);
  for (const v of await axe(page, seen)) found.push(`${url}: ${v}`);
  // One voice (ADR 089): dates as "28 Nov 2026", each status in the words of its map.
  for (const p of oneVoiceProblems(page.doc)) found.push(`${url}: ${p}`);
}

describe("every page of the route list, without JavaScript", () => {
  it("every route of the list is checked here or named as not a page", () => {
    const routes = fs
      .readFileSync(path.join(process.cwd(), "tests/fixtures/route-paths.txt"), "utf8")
      .split("\n")
      .filter((l) => l.startsWith("/"));
    const listed = new Set(PAGES_BY_USER.flatMap((g) => g.entries.map((x) => x.route)));
    expect(routes.filter((r) => !listed.has(r) && !(r in NOT_PAGES) && !isResource(r))).toEqual([]);
    expect([...listed, ...Object.keys(NOT_PAGES)].filter((r) => !routes.includes(r))).toEqual([]);
  });

  for (const group of PAGES_BY_USER) {
    it(group.who, async () => {
      const b = portal.browser();
      if (group.email) await b.signIn(group.email);
      const ids: Ids = {};
      const found: string[] = [];
      const forms: Record<string, string[]> = {};
      const seen = new Set<string>();
      for (const entry of group.entries) {
        const url = entryUrl(entry, ids);
        const page = await b.open(url);
        await check(page, entry, url, found, seen);
        const key = Object.entries(ids).reduce((s, [k, v]) => s.split(v).join(`{${k}}`), url);
        forms[key] = formsOf(page, ids);
        if (entry.harvest) {
          const hrefs = [...page.doc.querySelectorAll(entry.harvest.selector)].map((a) => a.getAttribute("href") ?? "");
          ids[entry.harvest.key] = harvestId(hrefs, entry.harvest, url);
        }
      }
      expect(found.join("\n")).toBe("");
      // The shell's forms (menu, sign-out, report, notifications) once, not on every page.
      const pages = Object.keys(forms).length;
      const count = new Map<string, number>();
      for (const list of Object.values(forms)) for (const f of new Set(list)) count.set(f, (count.get(f) ?? 0) + 1);
      const shell = [...count].filter(([, n]) => pages > 3 && n >= pages * 0.8).map(([f]) => f);
      const own = Object.fromEntries(Object.entries(forms).map(([k, list]) => [k, list.filter((f) => !shell.includes(f))]));
      expect({ "(the shell, on most pages)": shell, ...own }).toMatchSnapshot();
    }, 240_000);
  }
});
