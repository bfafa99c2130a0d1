// The storage pages' loaders and actions called as plain functions against the embedded upstream
// (in process, a fresh seeded DATA_DIR): listings, path tricks, names with HTML, folder operations,
// the no-JS streaming upload, the island's resource route, downloads, search and favourites; and the
// pure pieces (pager, highlight) they use.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppLoadContext } from "@remix-run/node";
import { cookieFrom, isResponse, PORTAL_ORIGIN, setPortalEnv, startPortal, toastOf, toResponse, type Portal } from "../helpers/portal";

setPortalEnv();

type Fn = Parameters<Portal["run"]>[0];
let p: Portal;
let context: AppLoadContext;
const cookies: Record<string, string> = {};
let ids: { writable: number; readable: number; hidden: number; otherOrg: number };

const routes = {
  files: () => import("~/routes/_shell.storage+/aircraft.$aircraftId.files"),
  uefFiles: () => import("~/routes/_shell.storage+/uef.aircraft.$aircraftId.files"),
  create: () => import("~/routes/_shell.storage+/create"),
  copy: () => import("~/routes/_shell.storage+/copy"),
  move: () => import("~/routes/_shell.storage+/move"),
  del: () => import("~/routes/_shell.storage+/delete"),
  search: () => import("~/routes/_shell.storage+/search"),
  favourites: () => import("~/routes/_shell.storage+/favourites"),
  preview: () => import("~/routes/_shell.storage+/aircraft.$aircraftId.preview"),
  following: () => import("~/routes/aero-box+/storage.following"),
  // Server-markup pages (ADR 063): their data comes from the page module's load (the route renders it).
  overview: () => import("~/routes/_shell.storage+/overview"),
  upload: () => import("~/routes/resources+/storage.upload"),
  download: () => import("~/routes/resources+/storage.download"),
  zip: () => import("~/routes/resources+/storage.zip"),
  ocr: () => import("~/routes/_shell.storage+/OCRReport.$aircraftId"),
};

async function as(email: string) {
  cookies[email] ??= await p.signIn(email);
  return cookies[email];
}


/** Runs a route function with our context (the helper's plus the blob store). */
async function call(fn: Fn, path: string, opts: { email: string; params?: Record<string, string>; form?: Record<string, string>; body?: BodyInit; json?: unknown }) {
  const headers = new Headers({ Cookie: await as(opts.email) });
  let init: RequestInit & { duplex?: "half" } = { method: "GET", headers };
  if (opts.form) {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    init = { method: "POST", headers, body: new URLSearchParams(opts.form).toString() };
  } else if (opts.json !== undefined) {
    headers.set("Content-Type", "application/json");
    init = { method: "POST", headers, body: JSON.stringify(opts.json) };
  } else if (opts.body !== undefined) {
    // A multipart body: serialize it once so that the request has a proper Content-Type.
    const r = new Request(PORTAL_ORIGIN, { method: "POST", body: opts.body });
    headers.set("Content-Type", r.headers.get("Content-Type")!);
    init = { method: "POST", headers, body: r.body, duplex: "half" };
  }
  try {
    const out = await fn({ request: new Request(PORTAL_ORIGIN + path, init), context, params: opts.params ?? {} });
    return toResponse(out);
  } catch (e) {
    if (isResponse(e)) return e;
    throw e;
  }
}

type FilesData = { contents: { id: number; name: string; size: number; resourcetype: string; path: string }[]; folder: { path: string }; total: number; canWrite: boolean; dialog: unknown };
const listing = async (email: string, aircraftId: number, dir = "/") => {
  const res = await call((await routes.files()).loader as Fn, `/storage/aircraft/${aircraftId}/files?dir=${encodeURIComponent(dir)}`, { email, params: { aircraftId: String(aircraftId) } });
  expect(res.status).toBe(200);
  return (await res.json()) as FilesData;
};

beforeAll(async () => {
  p = await startPortal();
  context = { ...p.context, upstream: { ...p.context.upstream, blob: p.up.upstream.blob } } as AppLoadContext;
  const db = p.up.upstream.deps.db;
  const skyline = await db.selectFrom("organizations").select("id").where("slug", "=", "skyline").executeTakeFirstOrThrow();
  const reader = await db.selectFrom("users").select("id").where("email", "=", "reader@demo.aero").executeTakeFirstOrThrow();
  const granted = await db.selectFrom("aircraft_access").select("aircraft_id").where("user_id", "=", reader.id).where("product", "=", "storage").execute();
  const readerIds = new Set(granted.map((g) => g.aircraft_id));
  const sky = await db.selectFrom("aircraft").select("id").where("organization_id", "=", skyline.id).orderBy("id").execute();
  const other = await db.selectFrom("aircraft").select("id").where("organization_id", "!=", skyline.id).orderBy("id").executeTakeFirstOrThrow();
  ids = {
    // client@demo.aero has Edit Access to every Skyline aircraft, reader@demo.aero Read Access to some.
    readable: sky.find((a) => readerIds.has(a.id))!.id,
    writable: sky.find((a) => readerIds.has(a.id))!.id,
    hidden: sky.find((a) => !readerIds.has(a.id))!.id,
    otherOrg: other.id,
  };
}, 120_000);

afterAll(async () => {
  await p?.close();
});

describe("pager (pageRangeDisplayed 5, margin pages 2)", () => {
  it("shows every page when there are few, and margins, a window and breaks when there are many", async () => {
    const { pageItems } = await import("~/components/pagination/pages");
    const show = (page: number, count: number) => pageItems(page, count).map((i) => (i.type === "break" ? "…" : i.current ? `[${i.page}]` : String(i.page))).join(" ");
    expect(show(1, 0)).toBe("");
    expect(show(1, 1)).toBe("[1]");
    expect(show(3, 5)).toBe("1 2 [3] 4 5");
    expect(show(1, 20)).toBe("[1] 2 3 4 5 … 19 20");
    expect(show(10, 20)).toBe("1 2 … 8 9 [10] 11 12 … 19 20");
    expect(show(20, 20)).toBe("1 2 … 16 17 18 19 [20]");
    expect(show(4, 20)).toBe("1 2 3 [4] 5 6 … 19 20");
    expect(show(999, 20)).toBe("1 2 … 16 17 18 19 [20]");
    expect(show(-3, 20)).toBe("[1] 2 3 4 5 … 19 20");
  });
});

describe("search highlight", () => {
  it("renders <mark> only, and everything else (even tags) as text", async () => {
    const { parseHighlight } = await import("~/components/file-search/highlight");
    expect(parseHighlight("Engine <mark>Repo</mark>rt &amp; &lt;b&gt;x&lt;/b&gt;.pdf")).toEqual([
      { text: "Engine ", mark: false },
      { text: "Repo", mark: true },
      { text: "rt & <b>x</b>.pdf", mark: false },
    ]);
    // A raw tag in the highlight is not markup either: it stays text.
    expect(parseHighlight("<img src=x onerror=alert(1)>")).toEqual([{ text: "<img src=x onerror=alert(1)>", mark: false }]);
  });
});

describe("listing", () => {
  it("lists folders first with sizes, breadcrumb and write access for a write user", async () => {
    const d = await listing("client@demo.aero", ids.writable);
    expect(d.canWrite).toBe(true);
    const kinds = d.contents.map((c) => c.resourcetype);
    expect(kinds.indexOf("file") === -1 || kinds.lastIndexOf("collection") < kinds.indexOf("file")).toBe(true);
    expect(d.folder.path).toBe("/");
  });

  it("gives read users no write access and no dialog", async () => {
    const res = await call((await routes.files()).loader as Fn, `/storage/aircraft/${ids.readable}/files?dialog=create`, { email: "reader@demo.aero", params: { aircraftId: String(ids.readable) } });
    const d = (await res.json()) as FilesData;
    expect(d.canWrite).toBe(false);
    expect(d.dialog).toBeNull();
  });

  it.each([
    ["../..", "a parent segment"],
    ["/a/../../etc", "a parent segment inside"],
    ["%2F..%2F..", "encoded separators"],
    ["..%2Fsecret", "an encoded slash"],
    ["/Records%00.pdf", "an encoded NUL"],
    ["/Records\u0000x", "a NUL byte"],
    ["C:\\Windows", "a drive letter"],
    ["//evil.example/x", "a protocol-relative path"],
    ["\\\\server\\share", "backslashes"],
  ])("refuses dir=%s (%s) with a redirect to the aircraft root and an error toast", async (dir) => {
    const res = await call((await routes.files()).loader as Fn, `/storage/aircraft/${ids.writable}/files?dir=${encodeURIComponent(dir)}`, {
      email: "client@demo.aero",
      params: { aircraftId: String(ids.writable) },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/storage/aircraft/${ids.writable}/files`);
    expect((await toastOf(res))?.description).toBe("The folder path is not valid.");
  });

  it("treats an absolute path as a folder of the aircraft (never the server's disk): unknown → not found", async () => {
    const res = await call((await routes.files()).loader as Fn, `/storage/aircraft/${ids.writable}/files?dir=/etc/passwd`, { email: "client@demo.aero", params: { aircraftId: String(ids.writable) } });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/client/home");
    expect((await toastOf(res))?.description).toMatch(/not found/i);
  });

  it("hides other organizations' aircraft and aircraft without a grant (404 → landing)", async () => {
    for (const [email, id] of [
      ["reader@demo.aero", ids.hidden],
      ["client@demo.aero", ids.otherOrg],
    ] as const) {
      const res = await call((await routes.files()).loader as Fn, `/storage/aircraft/${id}/files`, { email, params: { aircraftId: String(id) } });
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/client/home");
    }
  });

  it("answers 404 for an aircraft id that is not a number", async () => {
    const res = await call((await routes.files()).loader as Fn, "/storage/aircraft/abc/files", { email: "client@demo.aero", params: { aircraftId: "abc" } });
    expect(res.status).toBe(404);
  });

  it("shows the report pages with the aircraft's context", async () => {
    const res = await call((await routes.ocr()).loader as Fn, `/storage/OCRReport/${ids.readable}`, { email: "reader@demo.aero", params: { aircraftId: String(ids.readable) } });
    const d = (await res.json()) as { aircraft: { id: number }; access: string };
    expect(d.aircraft.id).toBe(ids.readable);
    expect(d.access).toBe("read");
  });

  it("counts the fleet by status on the overview", async () => {
    const res = await call((await routes.overview()).loader as Fn, "/storage/overview", { email: "reader@demo.aero" });
    const d = (await res.json()) as { counts: { total: number; grounded: number; operational: number; transitional: number }; aircraft: unknown[] };
    expect(d.counts.total).toBe(4);
    expect(d.counts.grounded + d.counts.operational + d.counts.transitional).toBe(4);
    expect(d.aircraft).toHaveLength(4);
  });
});

describe("folder operations", () => {
  const folderName = `Ops ${Date.now().toString(36)}`;

  it("creates a folder (names with HTML are sanitized) and comes back with a success toast", async () => {
    const res = await call((await routes.create()).action as Fn, "/storage/create", {
      email: "client@demo.aero",
      form: { aircraft_id: String(ids.writable), dir: "/", name: folderName, redirectTo: `/storage/aircraft/${ids.writable}/files`, returnTo: "/x" },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/storage/aircraft/${ids.writable}/files`);
    expect((await toastOf(res))?.type).toBe("success");
    const html = await call((await routes.create()).action as Fn, "/storage/create", {
      email: "client@demo.aero",
      form: { aircraft_id: String(ids.writable), dir: `/${folderName}`, name: "<script>alert(1)</script>" },
    });
    expect((await toastOf(html))?.type).toBe("success");
    // "/" makes nested folders ("<script>alert(1)<" / "script>"); every special character became "_".
    const inside = await listing("client@demo.aero", ids.writable, `/${folderName}`);
    expect(inside.contents.map((c) => c.name)).toEqual(["_script_alert_1__"]);
    const nested = await listing("client@demo.aero", ids.writable, `/${folderName}/_script_alert_1__`);
    expect(nested.contents.map((c) => c.name)).toEqual(["script_"]);
  });

  it("refuses every write of a read user with the upstream's message and changes nothing", async () => {
    const before = await listing("reader@demo.aero", ids.readable);
    const target = before.contents[0]!;
    const forms: [() => Promise<{ action?: unknown }>, string, Record<string, string>][] = [
      [routes.create, "/storage/create", { aircraft_id: String(ids.readable), dir: "/", name: "Should not exist" }],
      [routes.copy, "/storage/copy", { aircraft_id: String(ids.readable), id: String(target.id), to_dir: "/" }],
      [routes.move, "/storage/move", { intent: "rename", aircraft_id: String(ids.readable), id: String(target.id), new_name: "Renamed" }],
      [routes.move, "/storage/move", { intent: "move", aircraft_id: String(ids.readable), id: String(target.id), to_dir: "/" }],
      [routes.del, "/storage/delete", { aircraft_id: String(ids.readable), id: String(target.id) }],
    ];
    for (const [mod, path, form] of forms) {
      const res = await call((await mod()).action as Fn, path, { email: "reader@demo.aero", form: { ...form, redirectTo: "/done", returnTo: "/back" } });
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/back");
      const toast = await toastOf(res);
      expect(toast?.type).toBe("error");
      expect(toast?.description).toContain("Read Access");
    }
    const after = await listing("reader@demo.aero", ids.readable);
    expect(after.contents.map((c) => [c.id, c.name])).toEqual(before.contents.map((c) => [c.id, c.name]));
  });

  it("does not follow an off-site redirectTo", async () => {
    const res = await call((await routes.create()).action as Fn, "/storage/create", {
      email: "client@demo.aero",
      form: { aircraft_id: String(ids.writable), dir: "/", name: `${folderName} 2`, redirectTo: "//evil.example/", returnTo: "https://evil.example/" },
    });
    expect(res.headers.get("Location")).toBe(`/storage/aircraft/${ids.writable}/files`);
  });

  it("refuses a bad destination path without calling the upstream", async () => {
    const d = await listing("client@demo.aero", ids.writable, `/${folderName}`);
    const res = await call((await routes.move()).action as Fn, "/storage/move", {
      email: "client@demo.aero",
      form: { intent: "move", aircraft_id: String(ids.writable), id: String(d.contents[0]!.id), to_dir: "../../etc", returnTo: "/back" },
    });
    expect(res.headers.get("Location")).toBe("/back");
    expect((await toastOf(res))?.description).toMatch(/valid destination folder/);
  });

  it("renames, copies and deletes (the folder's contents leave listings, search and the store)", async () => {
    const d = await listing("client@demo.aero", ids.writable, `/${folderName}`);
    const item = d.contents[0]!;
    const ren = await call((await routes.move()).action as Fn, "/storage/move", {
      email: "client@demo.aero",
      form: { intent: "rename", aircraft_id: String(ids.writable), id: String(item.id), new_name: "Renamed folder" },
    });
    expect((await toastOf(ren))?.description).toBe("Renamed.");
    const cp = await call((await routes.copy()).action as Fn, "/storage/copy", {
      email: "client@demo.aero",
      form: { aircraft_id: String(ids.writable), id: String(item.id), to_dir: "/" },
    });
    expect((await toastOf(cp))?.type).toBe("success");
    const root = await listing("client@demo.aero", ids.writable);
    const copied = root.contents.find((c) => c.name === "Renamed folder")!;
    expect(copied).toBeTruthy();
    const del = await call((await routes.del()).action as Fn, "/storage/delete", { email: "client@demo.aero", form: { aircraft_id: String(ids.writable), id: String(copied.id) } });
    expect((await toastOf(del))?.description).toBe("1 item moved to the trash.");
    expect((await listing("client@demo.aero", ids.writable)).contents.some((c) => c.id === copied.id)).toBe(false);
  });
});

describe("uploads", () => {
  const stamp = Date.now().toString(36);

  it("streams a no-JS multipart upload into the store, drops exe silently, indexes it, and redirects with a toast", async () => {
    const form = new FormData();
    form.append("intent", "upload");
    const bytes = new Uint8Array(300_000).map((_, i) => (i * 7) % 251);
    form.append("files", new File([bytes], `nojs ${stamp}.bin`, { type: "application/octet-stream" }));
    form.append("files", new File(["MZ"], "setup.exe"));
    form.append("files", new File(["hello"], `notes (${stamp}).txt`, { type: "text/plain" }));
    const res = await call((await routes.files()).action as Fn, `/storage/aircraft/${ids.writable}/files?dir=/`, { email: "client@demo.aero", params: { aircraftId: String(ids.writable) }, body: form });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/storage/aircraft/${ids.writable}/files`);
    const toast = await toastOf(res);
    expect(toast).toMatchObject({ type: "success", description: "2 files uploaded." });
    const d = await listing("client@demo.aero", ids.writable);
    const bin = d.contents.find((c) => c.name === `nojs ${stamp}.bin`)!;
    expect(bin.size).toBe(300_000);
    expect(d.contents.some((c) => c.name === `notes _${stamp}_.txt`)).toBe(true);
    expect(d.contents.some((c) => c.name.includes("setup"))).toBe(false);

    // Downloaded byte for byte through the signed link.
    const dl = await call((await routes.download()).loader as Fn, `/resources/storage/download?aircraft_id=${ids.writable}&fileid=${bin.id}`, { email: "client@demo.aero" });
    expect(dl.status).toBe(302);
    const link = dl.headers.get("Location")!;
    const blob = await p.up.upstream.blob(new Request(new URL(link, p.up.origin)));
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
    // ... and resumable: a Range request answers the tail.
    const part = await p.up.upstream.blob(new Request(new URL(link, p.up.origin), { headers: { Range: "bytes=299990-" } }));
    expect(part.status).toBe(206);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.slice(299_990));
  });

  it("keeps the relative paths of a folder picked without JS (webkitdirectory sends them as file names)", async () => {
    const form = new FormData();
    form.append("files", new File(["a"], `Pack ${stamp}/Sub #1/a.txt`));
    form.append("files", new File(["bb"], `Pack ${stamp}/b.txt`));
    const res = await call((await routes.files()).action as Fn, `/storage/aircraft/${ids.writable}/files?dir=/`, { email: "client@demo.aero", params: { aircraftId: String(ids.writable) }, body: form });
    expect((await toastOf(res))?.description).toBe("2 files uploaded.");
    expect((await listing("client@demo.aero", ids.writable, `/Pack ${stamp}`)).contents.map((c) => c.name)).toEqual(["Sub _1", "b.txt"]);
    expect((await listing("client@demo.aero", ids.writable, `/Pack ${stamp}/Sub _1`)).contents.map((c) => [c.name, c.size])).toEqual([["a.txt", 1]]);
  });

  it("refuses a no-JS upload of a read user before reading the file, and changes nothing", async () => {
    const form = new FormData();
    form.append("files", new File(["x"], `reader ${stamp}.txt`));
    const res = await call((await routes.files()).action as Fn, `/storage/aircraft/${ids.readable}/files?dir=/`, { email: "reader@demo.aero", params: { aircraftId: String(ids.readable) }, body: form });
    expect(res.headers.get("Location")).toBe(`/storage/aircraft/${ids.readable}/files?dialog=upload`);
    expect((await toastOf(res))?.description).toContain("Read Access");
    const d = await listing("reader@demo.aero", ids.readable);
    expect(d.contents.some((c) => c.name.startsWith("reader"))).toBe(false);
  });

  it("gives the island a link, indexes what arrived, and reports what did not", async () => {
    const upload = (await routes.upload()).action as Fn;
    const res = await call(upload, "/resources/storage/upload", { email: "client@demo.aero", json: { op: "link", aircraft_id: ids.writable, dir: "/" } });
    expect(res.status).toBe(200);
    const link = (await res.json()) as { url: string; url_fields: Record<string, string>; key_prefix: string; uid: string };
    expect(link.key_prefix).toMatch(new RegExp(`^aircraft/${ids.writable}/[0-9a-f]{32}/$`));
    // The browser's part: the file straight to the blob store with the signed policy.
    const fd = new FormData();
    for (const [k, v] of Object.entries(link.url_fields)) fd.append(k, k === "key" ? `${link.key_prefix}island ${stamp}.txt` : v);
    fd.append("file", new File(["island bytes"], "x.txt"));
    const put = await p.up.upstream.blob(new Request(new URL(link.url, p.up.origin), { method: "POST", body: fd }));
    expect(put.status).toBeLessThan(300);
    const idx = await call(upload, "/resources/storage/upload", {
      email: "client@demo.aero",
      json: { op: "index", aircraft_id: ids.writable, dir: "/", key: link.key_prefix, files: [{ path: `island ${stamp}.txt`, size: 12 }, { path: "never-sent.txt", size: 5 }] },
    });
    expect(await idx.json()).toMatchObject({ indexed: 1, missing: ["never-sent.txt"] });
    // A refresh keeps the prefix (a retried file keeps its key).
    const again = await call(upload, "/resources/storage/upload", { email: "client@demo.aero", json: { op: "link", aircraft_id: ids.writable, dir: "/", uid: link.uid } });
    expect(((await again.json()) as { key_prefix: string }).key_prefix).toBe(link.key_prefix);
  });

  it("refuses the island's link to a read user with the message as JSON (not a redirect)", async () => {
    const res = await call((await routes.upload()).action as Fn, "/resources/storage/upload", { email: "reader@demo.aero", json: { op: "link", aircraft_id: ids.readable, dir: "/" } });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: string }).error).toContain("Read Access");
    const hidden = await call((await routes.upload()).action as Fn, "/resources/storage/upload", { email: "reader@demo.aero", json: { op: "link", aircraft_id: ids.hidden, dir: "/" } });
    expect(hidden.status).toBe(404);
    const bad = await call((await routes.upload()).action as Fn, "/resources/storage/upload", { email: "client@demo.aero", json: { op: "link", aircraft_id: ids.writable, dir: "../x" } });
    expect(bad.status).toBe(422);
  });

  it("streams a folder as a zip", async () => {
    const res = await call((await routes.zip()).loader as Fn, `/resources/storage/zip?aircraft_id=${ids.writable}&dir=/`, { email: "client@demo.aero" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/zip");
    const buf = new Uint8Array(await res.arrayBuffer());
    expect([buf[0], buf[1]]).toEqual([0x50, 0x4b]); // "PK"
  });
});

describe("search, favourites, following", () => {
  it("checks the query before asking the upstream", async () => {
    const search = (await routes.search()).loader as Fn;
    const chars = await (await call(search, "/storage/search?query=" + encodeURIComponent("a!b@c#"), { email: "client@demo.aero" })).json();
    expect(chars).toMatchObject({ error: "Special characters are not supported in search: ! @ #", scope: null });
    const short = await (await call(search, "/storage/search?query=ab", { email: "client@demo.aero" })).json();
    expect(short).toMatchObject({ error: "Enter at least 3 characters to search.", scope: null });
    const empty = await (await call(search, "/storage/search?query=", { email: "client@demo.aero" })).json();
    expect(empty).toMatchObject({ error: null, scope: null });
  });

  it("finds files by name in the user's fleet, scoped to one aircraft on request", async () => {
    const search = (await routes.search()).loader as Fn;
    const all = (await (await call(search, "/storage/search?query=certificate", { email: "reader@demo.aero" })).json()) as { scope: string; total: number; results: { aircraft_id: number; highlight: string }[] };
    expect(all.scope).toBe("all");
    expect(all.total).toBeGreaterThan(0);
    const one = (await (await call(search, `/storage/search?query=certificate&aircraft_id=${ids.readable}`, { email: "reader@demo.aero" })).json()) as typeof all;
    expect(one.scope).toBe("aircraft");
    expect(one.results.every((r) => r.aircraft_id === ids.readable)).toBe(true);
    expect(one.results[0]?.highlight).toMatch(/<mark>/i);
    const scopedAll = (await (await call(search, `/storage/search?query=certificate&aircraft_id=${ids.readable}&scope=all`, { email: "reader@demo.aero" })).json()) as typeof all;
    expect(scopedAll.scope).toBe("all");
  });

  it("stars and un-stars a file with a form, and follows an aircraft", async () => {
    const d = await listing("reader@demo.aero", ids.readable);
    const folder = d.contents.find((c) => c.resourcetype === "collection")!;
    const fav = (await routes.favourites()).action as Fn;
    const add = await call(fav, "/storage/favourites", { email: "reader@demo.aero", form: { intent: "add", id: String(folder.id), redirectTo: "/storage/favourites" } });
    expect((await toastOf(add))?.description).toBe("Added to favourites.");
    const list = (await (await call((await routes.favourites()).loader as Fn, "/storage/favourites", { email: "reader@demo.aero" })).json()) as { items: { id: number }[] };
    expect(list.items.map((i) => i.id)).toContain(folder.id);
    const rm = await call(fav, "/storage/favourites", { email: "reader@demo.aero", form: { intent: "remove", id: String(folder.id), redirectTo: "/storage/favourites" } });
    expect((await toastOf(rm))?.description).toBe("Removed from favourites.");
    const fol = await call((await routes.following()).action as Fn, "/aero-box/storage/following", { email: "reader@demo.aero", form: { intent: "follow", aircraft_id: String(ids.readable), redirectTo: "/aero-box/storage/following" } });
    expect((await toastOf(fol))?.type).toBe("success");
    const following = (await (await call((await routes.following()).loader as Fn, "/aero-box/storage/following", { email: "reader@demo.aero" })).json()) as { aircraft: { id: number }[] };
    expect(following.aircraft.map((a) => a.id)).toContain(ids.readable);
  });
});

describe("preview and bulk actions (issue 16 items 1-3, ADR 041)", () => {
  const bulkName = `Bulk ${Date.now().toString(36)}`;
  const body = (fields: Record<string, string>, ids: number[]) => {
    const b = new URLSearchParams(fields);
    for (const i of ids) b.append("ids", String(i));
    return b;
  };

  it("decides what a preview shows and finds next / previous among the files", async () => {
    const { previewKind, neighbours } = await import("~/models/preview");
    expect(previewKind({ name: "a.PDF", content_type: "application/octet-stream", text: null })).toBe("pdf");
    expect(previewKind({ name: "scan", content_type: "application/pdf", text: null })).toBe("pdf");
    expect(previewKind({ name: "p.png", content_type: "image/png", text: null })).toBe("image");
    expect(previewKind({ name: "p.jpeg", content_type: "application/octet-stream", text: null })).toBe("image");
    // SVG is active content: never an <img> of the store's origin, it is downloaded.
    expect(previewKind({ name: "logo.svg", content_type: "image/svg+xml", text: null })).toBe("other");
    expect(previewKind({ name: "list.csv", content_type: "text/csv", text: "a,b" })).toBe("text");
    expect(previewKind({ name: "report.docx", content_type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", text: null })).toBe("other");
    const items = [
      { id: 1, resourcetype: "collection" as const },
      { id: 2, resourcetype: "file" as const },
      { id: 3, resourcetype: "file" as const },
      { id: 4, resourcetype: "file" as const },
    ];
    expect(neighbours(items, 2)).toMatchObject({ prev: null, next: { id: 3 }, index: 0, count: 3 });
    expect(neighbours(items, 4)).toMatchObject({ prev: { id: 3 }, next: null, index: 2 });
    expect(neighbours(items, 9)).toMatchObject({ prev: null, next: null, index: -1 });
  });

  it("reads the ids of a bulk form: positive integers, once each, at most 500", async () => {
    const { selectedIds, BULK_MAX_ITEMS } = await import("~/models/storage-pages.server");
    expect(selectedIds(["3", "1", "3", "x", "-2", "0", "1e3", "7"])).toEqual([3, 1, 7]);
    expect(selectedIds(Array.from({ length: BULK_MAX_ITEMS + 1 }, (_, i) => String(i + 1)))).toEqual([]);
  });

  it("moves and deletes several items with one post; a reader's replay is refused with the upstream's message", async () => {
    await call((await routes.create()).action as Fn, "/storage/create", { email: "client@demo.aero", form: { aircraft_id: String(ids.writable), dir: "/", name: `${bulkName}/a` } });
    await call((await routes.create()).action as Fn, "/storage/create", { email: "client@demo.aero", form: { aircraft_id: String(ids.writable), dir: `/${bulkName}`, name: "b" } });
    await call((await routes.create()).action as Fn, "/storage/create", { email: "client@demo.aero", form: { aircraft_id: String(ids.writable), dir: `/${bulkName}`, name: "Target" } });
    const before = await listing("client@demo.aero", ids.writable, `/${bulkName}`);
    const two = before.contents.filter((c) => c.name === "a" || c.name === "b").map((c) => c.id);
    expect(two).toHaveLength(2);

    const refused = await call((await routes.del()).action as Fn, "/storage/delete", { email: "reader@demo.aero", body: body({ aircraft_id: String(ids.readable), dir: "/", returnTo: "/back" }, two) });
    expect(refused.headers.get("Location")).toBe("/back");
    expect((await toastOf(refused))?.description).toContain("Read Access");

    const moved = await call((await routes.move()).action as Fn, "/storage/move", {
      email: "client@demo.aero",
      body: body({ intent: "move", aircraft_id: String(ids.writable), dir: `/${bulkName}`, to_dir: `/${bulkName}/Target`, redirectTo: "/done" }, two),
    });
    expect(moved.headers.get("Location")).toBe("/done");
    expect((await toastOf(moved))?.type).toBe("success");
    const target = await listing("client@demo.aero", ids.writable, `/${bulkName}/Target`);
    expect(target.contents.map((c) => c.name).sort()).toEqual(["a", "b"]);

    const deleted = await call((await routes.del()).action as Fn, "/storage/delete", { email: "client@demo.aero", body: body({ aircraft_id: String(ids.writable), dir: "/" }, two) });
    expect((await toastOf(deleted))?.description).toBe("2 items moved to the trash.");
    const none = await call((await routes.del()).action as Fn, "/storage/delete", { email: "client@demo.aero", body: body({ aircraft_id: String(ids.writable), dir: "/", returnTo: "/back" }, []) });
    expect((await toastOf(none))?.description).toBe("Choose what to delete.");
  });

  it("renders the bulk dialog only for writers, with the items of the folder on screen and the picker", async () => {
    const files = (await routes.files()).loader as Fn;
    const root = await listing("client@demo.aero", ids.writable, `/${bulkName}`);
    const t = root.contents.find((c) => c.name === "Target")!;
    const url = `/storage/aircraft/${ids.writable}/files?dir=${encodeURIComponent(`/${bulkName}`)}&dialog=bulk-copy&sel=${t.id}&sel=999999999&pick=${encodeURIComponent(`/${bulkName}`)}`;
    const res = await call(files, url, { email: "client@demo.aero", params: { aircraftId: String(ids.writable) } });
    const d = (await res.json()) as { dialog: { kind: string; items: { id: number }[]; picker: { path: string; folders: { name: string }[] } } };
    expect(d.dialog.kind).toBe("bulk-copy");
    expect(d.dialog.items.map((i) => i.id)).toEqual([t.id]);
    expect(d.dialog.picker.path).toBe(`/${bulkName}`);
    expect(d.dialog.picker.folders.map((f) => f.name)).toEqual(["Target"]);
    // Moving a folder: it is not offered as its own destination. A bad pick falls back to the folder on screen.
    const mv = await call(files, url.replace("bulk-copy", "bulk-move").replace(/pick=[^&]*/, "pick=..%2F.."), { email: "client@demo.aero", params: { aircraftId: String(ids.writable) } });
    const m = (await mv.json()) as { dialog: { picker: { path: string; folders: unknown[] } } };
    expect(m.dialog.picker.path).toBe(`/${bulkName}`);
    expect(m.dialog.picker.folders).toEqual([]);
    // Nothing chosen: back to the listing with a message.
    const empty = await call(files, url.replace(/&sel=\d+&sel=\d+/, ""), { email: "client@demo.aero", params: { aircraftId: String(ids.writable) } });
    expect(empty.status).toBe(302);
    expect((await toastOf(empty))?.description).toContain("Choose files or folders first");
  });

  it("zips a selection (read access) and previews a file with its neighbours", async () => {
    const zip = (await routes.zip()).loader as Fn;
    const root = await listing("reader@demo.aero", ids.readable);
    const file = root.contents.find((c) => c.resourcetype === "file") ?? (await listing("reader@demo.aero", ids.readable, "/01 Certificates")).contents.find((c) => c.resourcetype === "file")!;
    const z = await call(zip, `/resources/storage/zip?aircraft_id=${ids.readable}&bulk=1&sel=${file.id}`, { email: "reader@demo.aero" });
    expect(z.status).toBe(200);
    expect(z.headers.get("Content-Type")).toBe("application/zip");
    const nothing = await call(zip, `/resources/storage/zip?aircraft_id=${ids.readable}&bulk=1`, { email: "reader@demo.aero" });
    expect(nothing.status).toBe(302);
    expect((await toastOf(nothing))?.description).toBe("Choose files or folders first.");

    const preview = (await routes.preview()).loader as Fn;
    const res = await call(preview, `/storage/aircraft/${ids.readable}/preview?fileid=${file.id}`, { email: "reader@demo.aero", params: { aircraftId: String(ids.readable) } });
    expect(res.status).toBe(200);
    const d = (await res.json()) as { file: { kind: string; url: string; path: string }; position: { index: number } };
    expect(d.file.path).toBe(file.path);
    expect(d.file.url).toMatch(/\/_blob\/o\/.+X-Signature=/);
    expect(d.file.url).not.toContain("download=1");
    expect(d.position.index).toBeGreaterThanOrEqual(0);
    const hidden = await call(preview, `/storage/aircraft/${ids.hidden}/preview?fileid=${file.id}`, { email: "reader@demo.aero", params: { aircraftId: String(ids.hidden) } });
    expect(hidden.status).toBe(302);
  });

  it("the stand-alone pages lead on: the aircraft to choose, then the folder picker", async () => {
    const create = (await routes.create()).loader as Fn;
    const first = await call(create, "/storage/create", { email: "client@demo.aero" });
    const d = (await first.json()) as { ready: boolean; aircraft: { id: number; href: string }[] };
    expect(d.ready).toBe(false);
    expect(d.aircraft.find((a) => a.id === ids.writable)?.href).toBe(`/storage/create?aircraft_id=${ids.writable}`);
    const next = await call(create, `/storage/create?aircraft_id=${ids.writable}&pick=${encodeURIComponent(`/${bulkName}`)}`, { email: "client@demo.aero" });
    const n = (await next.json()) as { ready: boolean; dir: string; picker: { path: string; folders: { name: string }[] } };
    expect(n).toMatchObject({ ready: true, dir: `/${bulkName}` });
    expect(n.picker.folders.map((f) => f.name)).toContain("Target");
    const del = await call((await routes.del()).loader as Fn, `/storage/delete?aircraft_id=${ids.writable}`, { email: "client@demo.aero" });
    const dd = (await del.json()) as { ready: boolean; aircraft: { href: string }[] };
    expect(dd.ready).toBe(false);
    expect(dd.aircraft.map((a) => a.href)).toEqual([`/storage/aircraft/${ids.writable}/files`]);
    // A reader has no aircraft to change here.
    const r = (await (await call(create, "/storage/create", { email: "reader@demo.aero" })).json()) as { aircraft: unknown[] };
    expect(r.aircraft).toEqual([]);
  });
});
