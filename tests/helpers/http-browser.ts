// What a browser without JavaScript does, over HTTP, against the production server (tests/http/):
// GET a page, read it, fill a form's own fields, submit it as the browser would encode it, follow the
// redirects, read the next page. No Playwright, no browser: fast and exact.
//
//   const portal = await startPortal();               // production server on a fresh copy of the demo seed
//   const b = portal.browser();
//   await b.signIn("client@demo.aero");                // through the login form
//   let page = await b.open("/storage/overview");
//   const form = page.form({ has: "input[name=folderName]" });
//   form.set("folderName", "Engine records");
//   page = await form.submit("Create");                // POST, redirect followed, next page read
//   expect(page.toast()).toBe("Folder created.");
//   const api = await portal.api("client@demo.aero");   // the upstream's own answer, to check the effect
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { JSDOM } from "jsdom";
import { copyDataDir, seedSnapshot } from "./seed-snapshot";

export const DEMO_PASSWORD = "demo-pass-2026";
const DEFAULT_CLIENT_UUID = "a4e0f9d2-7c1b-4e8a-9f3d-2b6c5e8a1d70";

export interface Portal {
  url: string;
  dataDir: string;
  /** A new browser (its own cookies) without JavaScript. */
  browser(): NoJsBrowser;
  /** The main and ops APIs as a user (to check a form's effect the way another client would see it). */
  api(email: string, password?: string): Promise<UpstreamApi>;
  /** What the server printed (for failure messages). */
  log(): string;
  close(): Promise<void>;
}

export interface UpstreamApi {
  headers: Record<string, string>;
  main<T = any>(method: string, p: string, body?: unknown): Promise<{ status: number; body: T }>;
  ops<T = any>(method: string, p: string, body?: unknown): Promise<{ status: number; body: T }>;
}

/**
 * Starts the production server (`server.ts` on `build/`, as `npm start` runs it) on a fresh copy of
 * the seeded demo, with no background job workers. One per test file is the usual use.
 */
export async function startPortal(opts: { env?: Record<string, string>; extracted?: boolean; fresh?: boolean } = {}): Promise<Portal> {
  if (!fs.existsSync("build/server/index.js")) throw new Error("No production build: run `npm run build` (npm test builds first).");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aero-http-"));
  // fresh: an empty DATA_DIR the server seeds itself (a PostgreSQL database given by DATABASE_URL).
  if (!opts.fresh) copyDataDir(await seedSnapshot({ extracted: opts.extracted }), dataDir);
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      JOB_WORKERS: "0",
      SHUTDOWN_GRACE_MS: "2000",
      TRUST_PROXY: "loopback",
      ...opts.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 60 s:\n${out}`)), 60_000);
    const look = () => {
      const m = /portal on (http:\/\/localhost:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!.replace("localhost", "127.0.0.1"));
      }
    };
    child.stdout!.on("data", look);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before it started:\n${out}`));
    });
  });
  return {
    url,
    dataDir,
    browser: () => new NoJsBrowser(url),
    api: (email, password) => upstreamApi(url, email, password),
    log: () => out,
    async close() {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A portal already running at `url` (the worker in workerd: tests/edge/), its upstream's APIs at
 * `apiOrigin` (/_api/main, /_api/ops). Nothing to start or stop here.
 */
export function runningPortal(url: string, apiOrigin: string, opts: { headers?: Record<string, string>; log?: () => string } = {}): Omit<Portal, "dataDir" | "close"> {
  return { url, browser: () => new NoJsBrowser(url, opts.headers), api: (email, password) => upstreamApi(apiOrigin, email, password), log: opts.log ?? (() => "") };
}

/** One JSON call to an upstream API; the body parsed when it is JSON. */
async function apiCall(base: string, headers: Record<string, string>, method: string, p: string, body?: unknown) {
  const res = await fetch(`${base}${p}`, { method, headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed as any };
}

/** The main and ops APIs under `origin` as a user, signed in through the API. */
async function upstreamApi(origin: string, email: string, password = DEMO_PASSWORD): Promise<UpstreamApi> {
  const signIn = await apiCall(`${origin}/_api/main`, {}, "POST", "/users/sign_in.json", { user: { email, password } });
  if (signIn.status !== 200) throw new Error(`API sign-in of ${email} failed: ${signIn.status} ${JSON.stringify(signIn.body)}`);
  const headers = { "x-user-email": email, "x-user-token": signIn.body.token as string, "x-user-uuid": process.env.CLIENT_UUID ?? DEFAULT_CLIENT_UUID };
  return {
    headers,
    main: (method, p, body) => apiCall(`${origin}/_api/main`, headers, method, p, body),
    ops: (method, p, body) => apiCall(`${origin}/_api/ops`, headers, method, p, body),
  };
}

/** A file for a form's file input. */
export interface UploadFile {
  name: string;
  type?: string;
  bytes: Uint8Array | string;
}

/** One answer as the browser got it, after redirects: an HTML page, or another document (a download). */
export class HttpPage {
  readonly doc: Document;
  private dom: JSDOM | null;
  constructor(
    readonly browser: NoJsBrowser,
    readonly url: string,
    readonly status: number,
    readonly headers: Headers,
    readonly body: Uint8Array,
    /** The URLs the browser went through (the first request's, then every redirect's target). */
    readonly chain: string[]
  ) {
    const type = headers.get("content-type") ?? "";
    this.dom = type.startsWith("text/html") ? new JSDOM(Buffer.from(body).toString("utf8"), { url }) : null;
    this.doc = this.dom?.window.document ?? new JSDOM("").window.document;
  }

  get isHtml() {
    return this.dom !== null;
  }
  get html() {
    return Buffer.from(this.body).toString("utf8");
  }
  /** The path and query the browser ended on. */
  get path() {
    const u = new URL(this.url);
    return u.pathname + u.search;
  }
  get pathname() {
    return new URL(this.url).pathname;
  }
  get title() {
    return this.doc.title;
  }
  /** The text of every h1. */
  h1s(): string[] {
    return [...this.doc.querySelectorAll("h1")].map((h) => clean(h.textContent));
  }
  /** The text content of the first element matching, or null. */
  text(selector = "body"): string | null {
    const el = this.doc.querySelector(selector);
    return el ? clean(el.textContent) : null;
  }
  /** The snackbar's text (the flash toast the server rendered), or null. */
  toast(): string | null {
    const el = this.doc.querySelector("[data-toast]");
    return el ? clean(el.textContent) : null;
  }
  toastType(): string | null {
    return this.doc.querySelector("[data-toast]")?.getAttribute("data-toast") ?? null;
  }
  /** Every link: its text (or accessible label) and href. */
  links(scope = "body"): { text: string; href: string }[] {
    return [...this.doc.querySelectorAll(`${scope} a[href]`)].map((a) => ({ text: clean(a.getAttribute("aria-label") ?? a.textContent), href: a.getAttribute("href")! }));
  }
  /** The href of the first link whose text (or aria-label) matches. Throws when none does. */
  link(name: string | RegExp, scope = "body"): string {
    const all = this.links(scope);
    const hit = all.find((l) => (typeof name === "string" ? l.text === name : name.test(l.text)));
    if (!hit) throw new Error(`${this.path}: no link ${name} (links: ${all.map((l) => l.text).filter(Boolean).slice(0, 40).join(" | ")})`);
    return hit.href;
  }
  /** Follows a link by its text, as a click would. */
  async click(name: string | RegExp, scope = "body"): Promise<HttpPage> {
    return this.browser.open(new URL(this.link(name, scope), this.url).toString());
  }
  /** The forms of the page. */
  forms(): HttpForm[] {
    return [...this.doc.querySelectorAll("form")].map((f) => new HttpForm(this, f as HTMLFormElement));
  }
  /**
   * The one form that matches: `has` a CSS selector inside it (its own fields, or fields outside it
   * that name it with form=), `button` a submit button's text, `action` a substring of its action.
   */
  form(match: { has?: string; button?: string | RegExp; action?: string; name?: string } = {}): HttpForm {
    const hits = this.forms().filter((f) => f.matches(match));
    if (hits.length !== 1) {
      throw new Error(`${this.path}: ${hits.length} forms match ${JSON.stringify(match, (_k, v) => (v instanceof RegExp ? String(v) : v))} (forms: ${this.forms().map((f) => `${f.method} ${f.action} [${f.buttons().join(", ")}]`).join("; ")})`);
    }
    return hits[0]!;
  }
  /** The named landmarks of the page (main, banner, navigation, contentinfo, …). */
  landmarks(): string[] {
    const out: string[] = [];
    for (const el of this.doc.querySelectorAll("main, header, nav, footer, aside, [role]")) {
      const role = el.getAttribute("role") ?? { MAIN: "main", HEADER: "banner", NAV: "navigation", FOOTER: "contentinfo", ASIDE: "complementary" }[el.tagName];
      if (role && ["main", "banner", "navigation", "contentinfo", "complementary", "search", "region"].includes(role)) out.push(role);
    }
    return out;
  }
}

/** An attribute value inside double quotes of a CSS selector. */
const cssEscape = (s: string) => s.replace(/["\\]/g, "\\$&");

const clean = (s: string | null | undefined) => (s ?? "").replace(/\s+/g, " ").trim();

/** A form as the browser would submit it. */
export class HttpForm {
  private values: [string, string | UploadFile][] = [];
  private readonly fileInputs = new Set<string>();
  constructor(
    readonly page: HttpPage,
    readonly el: HTMLFormElement
  ) {
    this.values = this.defaults();
  }

  get action(): string {
    return new URL(this.el.getAttribute("action") ?? "", this.page.url).toString();
  }
  get method(): string {
    return (this.el.getAttribute("method") ?? "get").toLowerCase();
  }
  get enctype(): string {
    return (this.el.getAttribute("enctype") ?? "application/x-www-form-urlencoded").toLowerCase();
  }

  /** The form's controls, its own and those outside it that name it with form="id". */
  controls(): Element[] {
    const own = [...this.el.querySelectorAll("input, select, textarea, button")].filter((c) => !c.hasAttribute("form") || c.getAttribute("form") === this.el.id);
    const outside = this.el.id ? [...this.page.doc.querySelectorAll(`[form="${cssEscape(this.el.id)}"]`)].filter((c) => !this.el.contains(c)) : [];
    return [...own, ...outside];
  }

  /** The submit buttons' texts (or values). */
  buttons(): string[] {
    return this.controls()
      .filter(isSubmit)
      .map((b) => clean(b.getAttribute("aria-label") ?? (b.tagName === "INPUT" ? b.getAttribute("value") : b.textContent)));
  }

  matches(m: { has?: string; button?: string | RegExp; action?: string; name?: string }): boolean {
    if (m.has && !this.el.querySelector(m.has) && !(this.el.id && this.page.doc.querySelector(`${m.has}[form="${cssEscape(this.el.id)}"]`))) return false;
    if (m.button && !this.buttons().some((t) => (typeof m.button === "string" ? t === m.button : m.button!.test(t)))) return false;
    if (m.action && !this.action.includes(m.action)) return false;
    if (m.name && this.el.getAttribute("name") !== m.name && this.el.getAttribute("aria-label") !== m.name) return false;
    return true;
  }

  private defaults(): [string, string | UploadFile][] {
    const out: [string, string | UploadFile][] = [];
    for (const c of this.controls()) {
      const name = c.getAttribute("name");
      if (!name || c.hasAttribute("disabled") || c.closest("fieldset[disabled]")) continue;
      if (c.tagName === "INPUT") {
        const type = (c.getAttribute("type") ?? "text").toLowerCase();
        if (["submit", "image", "button", "reset"].includes(type)) continue;
        if (type === "file") {
          this.fileInputs.add(name);
          continue;
        }
        if ((type === "checkbox" || type === "radio") && !c.hasAttribute("checked")) continue;
        out.push([name, c.getAttribute("value") ?? (type === "checkbox" || type === "radio" ? "on" : "")]);
      } else if (c.tagName === "SELECT") {
        const options = [...c.querySelectorAll("option")];
        const chosen = options.filter((o) => o.hasAttribute("selected"));
        const pick = chosen.length ? chosen : c.hasAttribute("multiple") ? [] : options.slice(0, 1);
        for (const o of pick) if (!o.hasAttribute("disabled")) out.push([name, o.getAttribute("value") ?? clean(o.textContent)]);
      } else if (c.tagName === "TEXTAREA") {
        out.push([name, (c.textContent ?? "").replace(/^\n/, "")]);
      }
    }
    return out;
  }

  /** The value a field would send now (the first, when there are several). */
  get(name: string): string | undefined {
    const v = this.values.find(([k]) => k === name)?.[1];
    return typeof v === "string" ? v : undefined;
  }
  /** Every field name the form would send. */
  names(): string[] {
    return [...new Set([...this.values.map(([k]) => k), ...this.fileInputs])];
  }
  private control(name: string): Element {
    const c = this.controls().find((x) => x.getAttribute("name") === name);
    if (!c) throw new Error(`${this.page.path}: the form ${this.method} ${this.action} has no field "${name}" (fields: ${this.names().join(", ")})`);
    return c;
  }

  /** Types into a text field, picks an option of a select, or sets a hidden field's value (only fields the form has). */
  set(name: string, value: string): this {
    const c = this.control(name);
    if (c.tagName === "SELECT") {
      const values = [...c.querySelectorAll("option")].map((o) => o.getAttribute("value") ?? clean(o.textContent));
      if (!values.includes(value)) throw new Error(`${this.page.path}: the select "${name}" has no option "${value}" (options: ${values.join(", ")})`);
    }
    const i = this.values.findIndex(([k]) => k === name);
    if (i >= 0) {
      this.values[i] = [name, value];
      this.values = this.values.filter(([k], j) => k !== name || j === i);
    } else this.values.push([name, value]);
    return this;
  }
  /** Ticks (or unticks) a checkbox or picks a radio button by its value. */
  check(name: string, value?: string, on = true): this {
    const boxes = this.controls().filter((c) => c.getAttribute("name") === name && ["checkbox", "radio"].includes((c.getAttribute("type") ?? "").toLowerCase()));
    const box = boxes.find((b) => value === undefined || (b.getAttribute("value") ?? "on") === value);
    if (!box) throw new Error(`${this.page.path}: no checkbox or radio "${name}"${value ? ` = "${value}"` : ""}`);
    const v = box.getAttribute("value") ?? "on";
    const radio = (box.getAttribute("type") ?? "").toLowerCase() === "radio";
    this.values = this.values.filter(([k, x]) => !(k === name && (radio || x === v)));
    if (on) this.values.push([name, v]);
    return this;
  }
  /** Chooses files for a file input. */
  attach(name: string, ...files: UploadFile[]): this {
    if (!this.fileInputs.has(name)) throw new Error(`${this.page.path}: no file input "${name}"`);
    this.values = this.values.filter(([k]) => k !== name);
    for (const f of files) this.values.push([name, f]);
    return this;
  }

  /** Submits with the given button (by text or aria-label; the first submit button by default), as the browser encodes the form. */
  async submit(button?: string | RegExp): Promise<HttpPage> {
    const buttons = this.controls().filter(isSubmit);
    const label = (b: Element) => clean(b.getAttribute("aria-label") ?? (b.tagName === "INPUT" ? b.getAttribute("value") : b.textContent));
    const b = button === undefined ? buttons[0] : buttons.find((x) => (typeof button === "string" ? label(x) === button : button.test(label(x))));
    if (button !== undefined && !b) throw new Error(`${this.page.path}: no button ${button} in the form (buttons: ${this.buttons().join(", ")})`);
    if (b?.hasAttribute("disabled")) throw new Error(`${this.page.path}: the button ${label(b)} is disabled`);
    const entries: [string, string | UploadFile][] = [...this.values];
    if (b?.getAttribute("name")) entries.push([b.getAttribute("name")!, b.getAttribute("value") ?? ""]);
    // A file input left empty still sends an empty part in a multipart form, as browsers do.
    for (const name of this.fileInputs) if (!entries.some(([k]) => k === name)) entries.push([name, { name: "", type: "application/octet-stream", bytes: new Uint8Array() }]);
    const action = b?.getAttribute("formaction") ? new URL(b.getAttribute("formaction")!, this.page.url).toString() : this.action;
    const method = (b?.getAttribute("formmethod") ?? this.method).toLowerCase();
    const enctype = (b?.getAttribute("formenctype") ?? this.enctype).toLowerCase();
    if (method === "get") {
      const u = new URL(action);
      u.search = new URLSearchParams(entries.filter(([, v]) => typeof v === "string") as [string, string][]).toString();
      return this.page.browser.open(u.toString());
    }
    let body: FormData | URLSearchParams;
    if (enctype === "multipart/form-data") {
      const fd = new FormData();
      for (const [k, v] of entries) {
        if (typeof v === "string") fd.append(k, v);
        else if (this.fileInputs.has(k)) fd.append(k, new Blob([typeof v.bytes === "string" ? v.bytes : Buffer.from(v.bytes)], { type: v.type ?? "application/octet-stream" }), v.name);
      }
      body = fd;
    } else {
      body = new URLSearchParams(entries.map(([k, v]) => [k, typeof v === "string" ? v : v.name]));
    }
    return this.page.browser.request(action, { method: "POST", body, referer: this.page.url });
  }
}

function isSubmit(c: Element) {
  if (c.tagName === "BUTTON") return (c.getAttribute("type") ?? "submit").toLowerCase() === "submit";
  return c.tagName === "INPUT" && ["submit", "image"].includes((c.getAttribute("type") ?? "").toLowerCase());
}

/**
 * One request of a navigation, sent with node:http rather than fetch(): undici's fetch overwrites
 * Sec-Fetch-Mode with "cors", and the server answers a guest's script fetch with a 401 where a
 * navigation gets the sign-in redirect (isScriptFetch in app/utils/auth.server.ts). The body is
 * encoded by a Request, as fetch would (urlencoded or multipart with its boundary).
 */
export async function navigationRequest(url: string, method: string, headers: Record<string, string>, body?: FormData | URLSearchParams): Promise<Response> {
  const sent: Record<string, string> = { ...headers };
  let payload: Buffer | undefined;
  if (body !== undefined) {
    const encoded = new Request(url, { method, body });
    payload = Buffer.from(await encoded.arrayBuffer());
    sent["content-type"] = encoded.headers.get("content-type")!;
    sent["content-length"] = String(payload.length);
  }
  return new Promise<Response>((resolve, reject) => {
    const req = http.request(url, { method, headers: sent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", reject);
      res.on("end", () => {
        const out = new Headers();
        for (let i = 0; i < res.rawHeaders.length; i += 2) out.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
        const status = res.statusCode ?? 0;
        resolve(new Response([204, 205, 304].includes(status) ? null : Buffer.concat(chunks), { status, headers: out }));
      });
    });
    req.on("error", reject);
    req.end(payload);
  });
}

/** Cookies, redirects and form posts as a browser without JavaScript has them. */
export class NoJsBrowser {
  readonly cookies = new Map<string, string>();
  /** `headers`: sent with every request (what a proxy in front would add, e.g. CF-Connecting-IP). */
  constructor(
    readonly base: string,
    readonly headers: Record<string, string> = {},
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  private keep(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(";");
      const i = pair!.indexOf("=");
      const name = pair!.slice(0, i).trim();
      const value = pair!.slice(i + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split("=")[1]!) < Date.now()));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** GETs a page (a path or URL), following redirects. */
  open(pathOrUrl: string): Promise<HttpPage> {
    return this.request(pathOrUrl, { method: "GET" });
  }

  /** One navigation: the request, then every redirect with GET (as browsers follow 301/302/303). */
  async request(pathOrUrl: string, init: { method: string; body?: FormData | URLSearchParams; referer?: string; headers?: Record<string, string> }): Promise<HttpPage> {
    let url = new URL(pathOrUrl, this.base).toString();
    let method = init.method;
    let body = init.body;
    const chain = [url];
    for (let hop = 0; hop < 12; hop++) {
      const headers: Record<string, string> = { accept: "text/html,application/xhtml+xml,*/*;q=0.8", "sec-fetch-mode": "navigate", "sec-fetch-dest": "document", ...this.headers, ...(init.headers ?? {}) };
      const cookie = this.cookieHeader();
      if (cookie) headers.cookie = cookie;
      if (method !== "GET") {
        headers.origin = new URL(this.base).origin;
        headers["sec-fetch-site"] = "same-origin";
      }
      if (init.referer) headers.referer = init.referer;
      const res = await navigationRequest(url, method, headers, body);
      this.keep(res);
      const location = res.headers.get("location");
      if (res.status >= 300 && res.status < 400 && location) {
        await res.arrayBuffer();
        url = new URL(location, url).toString();
        chain.push(url);
        if (res.status !== 307 && res.status !== 308) {
          method = "GET";
          body = undefined;
        }
        continue;
      }
      return new HttpPage(this, url, res.status, res.headers, new Uint8Array(await res.arrayBuffer()), chain);
    }
    throw new Error(`too many redirects from ${pathOrUrl}: ${chain.join(" -> ")}`);
  }

  /** Signs in through the login form, as a person would; answers the page the login lands on. */
  async signIn(email: string, password = DEMO_PASSWORD): Promise<HttpPage> {
    const login = await this.open("/auth/login");
    const form = login.form({ has: "input[name=password]" });
    form.set("email", email).set("password", password);
    const landed = await form.submit();
    if (landed.pathname.startsWith("/auth/login")) throw new Error(`sign-in of ${email} failed: ${landed.toast() ?? landed.text("main")}`);
    return landed;
  }
}
