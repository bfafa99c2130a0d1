// The upload island's engine against a fake transport: flows, naming rules, batching, the offline
// retry, link refresh, cancel, and the extended (UEF) flow.
import { describe, expect, it } from "vitest";
import {
  CancelledError,
  HttpError,
  INDEX_EVERY,
  LINK_REFRESH_MS,
  NetworkError,
  OFFLINE_RETRY_MS,
  UploadEngine,
  type IndexedAnswer,
  type UploadLink,
  type UploadSnapshot,
  type UploadTransport,
} from "~/components/upload-dialog/upload-engine";
import { SPECIAL_CHARS_WARNING } from "~/models/file-names";

type FakeFile = { name: string; size: number };
type Outcome = "ok" | "network" | "403" | "413" | "hang";

class FakeTransport implements UploadTransport<FakeFile> {
  links = 0;
  linkUids: (string | null)[] = [];
  refuse = new Map<string, string>();
  clock = { now: 0 };
  /** Outcomes to play for POSTs of a path, in order; "ok" once the list is used up. */
  script = new Map<string, Outcome[]>();
  /** Keys in the store and how many times their bytes arrived. */
  arrived = new Map<string, number>();
  posts: string[] = [];
  indexCalls: { prefix: string; files: { path: string; size: number }[] }[] = [];
  missingOnce = new Set<string>();
  preprocessCalls: { files: string[]; uid: string | null }[] = [];
  failBatch = new Set<number>();
  validateAnswers: string[][] = [];
  linkNetworkFailures = 0;
  advanceOnPost = 0;
  onPost?: (key: string) => void;

  async uploadLink(_signal: AbortSignal, uid: string | null): Promise<UploadLink> {
    this.linkUids.push(uid);
    if (this.linkNetworkFailures > 0) {
      this.linkNetworkFailures -= 1;
      throw new NetworkError();
    }
    this.links += 1;
    return { url: "/_blob", url_fields: { key: "a/1/${filename}", policy: `p${this.links}`, "x-signature": "s" }, key_prefix: "a/1/", expires_in: 3600, max_bytes: 1e9, uid: "u1" };
  }

  async postFile(link: UploadLink, key: string, file: FakeFile, onProgress: (n: number) => void, signal: AbortSignal) {
    this.posts.push(`${link.url_fields.policy}:${key}`);
    this.clock.now += this.advanceOnPost;
    this.onPost?.(key);
    const path = key.slice(link.key_prefix.length);
    const queue = this.script.get(path) ?? [];
    const outcome = queue.shift() ?? "ok";
    if (outcome === "network") throw new NetworkError();
    if (outcome === "403") throw new HttpError(403, "The upload policy has expired.");
    if (outcome === "413") throw new HttpError(400, "The file is larger than the upload policy allows.");
    if (outcome === "hang") {
      await new Promise((_, reject) => signal.addEventListener("abort", () => reject(new CancelledError())));
    }
    onProgress(Math.floor(file.size / 2));
    onProgress(file.size);
    this.arrived.set(key, (this.arrived.get(key) ?? 0) + 1);
  }

  async indexFiles(prefix: string, files: { path: string; size: number }[]): Promise<IndexedAnswer> {
    this.indexCalls.push({ prefix, files });
    const missing = files.filter((f) => !this.arrived.has(prefix + f.path) || this.missingOnce.delete(f.path)).map((f) => f.path);
    const refused = files.filter((f) => this.refuse.has(f.path)).map((f) => ({ path: f.path, message: this.refuse.get(f.path)! }));
    const ok = files.length - missing.length - refused.length;
    return { indexed: ok, missing, refused, message: `${ok} file(s) uploaded` };
  }

  async preprocess(_prefix: string, files: { path: string; size: number }[], uid: string | null) {
    const n = this.preprocessCalls.length;
    this.preprocessCalls.push({ files: files.map((f) => f.path), uid });
    if (this.failBatch.has(n)) throw new HttpError(422, "The batch could not be preprocessed.");
    return { uid: uid ?? "uid-1" };
  }

  async validate() {
    return { files: (this.validateAnswers.shift() ?? []).map((path) => ({ path })) };
  }
}

function setup(variant: "standard" | "uef" | "single" = "standard", concurrency = 3) {
  const t = new FakeTransport();
  const sleeps: number[] = [];
  const snapshots: UploadSnapshot[] = [];
  const logs: string[] = [];
  const engine = new UploadEngine<FakeFile>({
    transport: t,
    variant,
    concurrency,
    now: () => t.clock.now,
    sleep: async (ms, signal) => {
      if (signal.aborted) throw new CancelledError();
      sleeps.push(ms);
      t.clock.now += ms;
    },
    log: (m) => logs.push(m),
    onChange: (s) => snapshots.push(s),
  });
  return { t, engine, sleeps, snapshots, logs };
}

const files = (n: number, prefix = "folder/file") =>
  Array.from({ length: n }, (_, i) => ({ file: { name: `${prefix}${i}.pdf`, size: 100 + i }, relativePath: `${prefix}${i}.pdf`, size: 100 + i }));

describe("standard flow", () => {
  it("uploads every file once, indexes every 10 completed files and at the end, and reports 100%", async () => {
    const { t, engine, snapshots } = setup();
    engine.select(files(25));
    const end = await engine.start();
    expect(end.phase).toBe("done");
    expect(end.percent).toBe(100);
    expect(end.indexed).toBe(25);
    expect(end.files.every((f) => f.status === "indexed")).toBe(true);
    expect([...t.arrived.values()].every((n) => n === 1)).toBe(true);
    expect(t.arrived.size).toBe(25);
    expect(t.indexCalls.map((c) => c.files.length)).toEqual([INDEX_EVERY, INDEX_EVERY, 5]);
    const indexedPaths = t.indexCalls.flatMap((c) => c.files.map((f) => f.path));
    expect(new Set(indexedPaths).size).toBe(25);
    expect(indexedPaths).toContain("folder/file0.pdf");
    expect(t.indexCalls[0].prefix).toBe("a/1/");
    expect(t.links).toBe(1);
    // Progress went through the phases and per-file percentages.
    expect(snapshots.some((s) => s.phase === "uploading" && s.percent > 0 && s.percent < 100)).toBe(true);
    expect(snapshots.some((s) => s.files.some((f) => f.loaded > 0 && f.loaded < f.size))).toBe(true);
    expect(end.message).toBe("5 file(s) uploaded");
  });

  it("keeps relative folder paths, replaces special characters, drops exe/bat/sh silently and invalid names", async () => {
    const { t, engine } = setup();
    const s = engine.select([
      { file: { name: "a", size: 1 }, relativePath: "Records (2024)/Engine #1/report v1.2.pdf", size: 1 },
      { file: { name: "b", size: 2 }, relativePath: "Records (2024)/setup.exe", size: 2 },
      { file: { name: "c", size: 3 }, relativePath: "Records (2024)/run.SH", size: 3 },
      { file: { name: "d", size: 4 }, relativePath: "Records (2024)/tool.bat", size: 4 },
      { file: { name: "e", size: 5 }, relativePath: "Records (2024)/ok file-1.txt", size: 5 },
    ]);
    expect(s.warning).toBe(SPECIAL_CHARS_WARNING);
    expect(s.files.map((f) => f.path)).toEqual(["Records _2024_/Engine _1/report v1_2.pdf", "Records _2024_/ok file-1.txt"]);
    expect(s.dropped.map((d) => d.reason)).toEqual(["forbidden_extension", "forbidden_extension", "forbidden_extension"]);
    await engine.start();
    expect([...t.arrived.keys()].sort()).toEqual(["a/1/Records _2024_/Engine _1/report v1_2.pdf", "a/1/Records _2024_/ok file-1.txt"]);
  });

  it("shows no warning for clean names, and nothing to do for an all-forbidden selection", async () => {
    const { engine } = setup();
    const s = engine.select([{ file: { name: "x", size: 1 }, relativePath: "virus.exe", size: 1 }]);
    expect(s.warning).toBeNull();
    expect(s.phase).toBe("idle");
    expect(s.files).toEqual([]);
    expect((await engine.start()).phase).toBe("idle");
  });

  it("goes offline on a network failure, waits 5 s, asks for a fresh link and retries the same file; it arrives once", async () => {
    const { t, engine, sleeps, snapshots } = setup("standard", 1);
    t.script.set("folder/file0.pdf", ["network", "network"]);
    engine.select(files(3));
    const end = await engine.start();
    expect(end.phase).toBe("done");
    expect(sleeps).toEqual([OFFLINE_RETRY_MS, OFFLINE_RETRY_MS]);
    expect(snapshots.some((s) => s.offline)).toBe(true);
    expect(end.offline).toBe(false);
    expect(t.links).toBe(3); // the first link, then a fresh one after each failure
    expect(t.posts.slice(0, 3)).toEqual(["p1:a/1/folder/file0.pdf", "p2:a/1/folder/file0.pdf", "p3:a/1/folder/file0.pdf"]);
    expect(t.arrived.get("a/1/folder/file0.pdf")).toBe(1);
    expect(t.indexCalls.flatMap((c) => c.files.map((f) => f.path))).toEqual(["folder/file0.pdf", "folder/file1.pdf", "folder/file2.pdf"]);
  });

  it("keeps waiting while the link itself cannot be fetched (offline), then continues", async () => {
    const { t, engine, sleeps } = setup();
    t.linkNetworkFailures = 2;
    engine.select(files(2));
    const end = await engine.start();
    expect(end.phase).toBe("done");
    expect(sleeps).toEqual([OFFLINE_RETRY_MS, OFFLINE_RETRY_MS]);
    expect(t.arrived.size).toBe(2);
  });

  it("shows a file the index refuses as failed, with the server's message", async () => {
    const { t, engine } = setup("standard", 1);
    t.refuse.set("folder/file1.pdf", "Another file in this upload has the same name after special characters were replaced.");
    engine.select(files(3));
    const end = await engine.start();
    expect(end.files.map((f) => f.status)).toEqual(["indexed", "failed", "indexed"]);
    expect(end.files[1]!.error).toContain("same name");
    expect(end.indexed).toBe(2);
  });

  it("asks for the same upload prefix again when it refreshes the link (a retried file keeps its key)", async () => {
    const { t, engine } = setup("standard", 1);
    t.script.set("folder/file0.pdf", ["network"]);
    engine.select(files(1));
    await engine.start();
    expect(t.linkUids).toEqual([null, "u1"]);
  });

  it("refreshes the link on a 403 and retries the same file", async () => {
    const { t, engine, sleeps } = setup("standard", 1);
    t.script.set("folder/file1.pdf", ["403"]);
    engine.select(files(2));
    const end = await engine.start();
    expect(end.phase).toBe("done");
    expect(sleeps).toEqual([]);
    expect(t.links).toBe(2);
    expect(t.arrived.get("a/1/folder/file1.pdf")).toBe(1);
  });

  it("refreshes the signed link every 600000 ms", async () => {
    const { t, engine } = setup("standard", 1);
    t.advanceOnPost = LINK_REFRESH_MS / 2 + 1;
    engine.select(files(5));
    await engine.start();
    // Each POST advances the clock by just over 5 minutes: a new link every second file.
    expect(t.links).toBe(3);
    expect(t.posts.map((p) => p.split(":")[0])).toEqual(["p1", "p1", "p2", "p2", "p3"]);
  });

  it("marks a file the store refuses as failed and goes on with the others", async () => {
    const { t, engine } = setup("standard", 1);
    t.script.set("folder/file1.pdf", ["413"]);
    engine.select(files(3));
    const end = await engine.start();
    expect(end.phase).toBe("done");
    expect(end.files.map((f) => f.status)).toEqual(["indexed", "failed", "indexed"]);
    expect(end.errors[0]).toContain("larger than the upload policy allows");
    expect(t.indexCalls.flatMap((c) => c.files.map((f) => f.path))).not.toContain("folder/file1.pdf");
  });

  it("uploads again a file the index reports missing, and indexes it once", async () => {
    const { t, engine } = setup("standard", 1);
    t.missingOnce.add("folder/file0.pdf");
    engine.select(files(2));
    const end = await engine.start();
    expect(end.phase).toBe("done");
    expect(end.indexed).toBe(2);
    expect(t.arrived.get("a/1/folder/file0.pdf")).toBe(2);
    const calls = t.indexCalls.flatMap((c) => c.files.map((f) => f.path));
    expect(calls.filter((p) => p === "folder/file0.pdf")).toHaveLength(2); // reported missing, then indexed
  });

  it("cancel aborts what is in flight, stops silently, and indexes what already arrived", async () => {
    const { t, engine } = setup("standard", 1);
    t.script.set("folder/file2.pdf", ["hang"]);
    engine.select(files(5));
    t.onPost = (key) => {
      if (key.endsWith("file2.pdf")) queueMicrotask(() => engine.cancel());
    };
    const end = await engine.start();
    expect(end.phase).toBe("cancelled");
    expect(end.message).toBeNull();
    await new Promise((r) => setTimeout(r, 0));
    expect(t.arrived.size).toBe(2);
    expect(t.posts).toHaveLength(3);
    expect(t.indexCalls.flatMap((c) => c.files.map((f) => f.path))).toEqual(["folder/file0.pdf", "folder/file1.pdf"]);
  });

  it("fails the whole flow with the server's message when no link is given (e.g. read access)", async () => {
    const { t, engine } = setup();
    t.uploadLink = async () => {
      throw new HttpError(422, "You have Read Access to this aircraft. Edit Access is needed to change its records.");
    };
    engine.select(files(2));
    const end = await engine.start();
    expect(end.phase).toBe("failed");
    expect(end.message).toContain("Read Access");
    expect(t.posts).toEqual([]);
  });
});

describe("single-file variant", () => {
  it("accepts exactly one file", async () => {
    const { engine, t } = setup("single");
    const two = engine.select(files(2));
    expect(two.files).toEqual([]);
    expect(two.message).toBe("Only one file can be uploaded here.");
    const one = engine.select(files(1));
    expect(one.files).toHaveLength(1);
    expect((await engine.start()).phase).toBe("done");
    expect(t.arrived.size).toBe(1);
  });

  it("a consultant's photo or resume: the single variant with UEF naming, a link without expires_in kept until a refusal", async () => {
    const t = new FakeTransport();
    const plain = t.uploadLink.bind(t);
    t.uploadLink = async (signal, uid) => {
      const { expires_in: _ignored, ...link } = await plain(signal, uid);
      return link;
    };
    const engine = new UploadEngine<FakeFile>({ transport: t, variant: "single", naming: "uef", now: () => t.clock.now });
    const picked = engine.select([{ file: { name: "My CV (final)★.PDF", size: 10 }, relativePath: "My CV (final)★.PDF", size: 10 }]);
    // The standard flow would drop this name; UEF replaces the special characters and lowercases the extension.
    expect(picked.files.map((f) => f.path)).toEqual(["My CV _final_★.pdf"]);
    const end = await engine.start();
    expect(end.phase).toBe("done");
    expect(end.files[0].status).toBe("indexed");
    expect(t.links).toBe(1);
    expect(t.indexCalls).toEqual([{ prefix: "a/1/", files: [{ path: "My CV _final_★.pdf", size: 10 }] }]);
  });
});

describe("extended (UEF) flow", () => {
  it("preprocesses in batches of 10, skips a failed batch, uploads, validates and re-uploads until none remain", async () => {
    const { t, engine, snapshots, logs } = setup("uef", 2);
    t.failBatch.add(1);
    t.validateAnswers = [["folder/file3.pdf", "/folder/file21.pdf"], []];
    const sel = Array.from({ length: 23 }, (_, i) => ({ file: { name: `f${i}`, size: 10 }, relativePath: `folder/file${i}.PDF`, size: 10 }));
    const s = engine.select(sel);
    expect(s.files[0].path).toBe("folder/file0.pdf"); // extensions lowercased
    const end = await engine.start();
    expect(end.phase).toBe("done");
    expect(t.preprocessCalls.map((c) => c.files.length)).toEqual([10, 10, 3]);
    expect(t.preprocessCalls.map((c) => c.uid)).toEqual([null, "uid-1", "uid-1"]);
    expect(logs.some((l) => l.includes("batch 2 failed and was skipped"))).toBe(true);
    expect(end.files.filter((f) => f.status === "skipped")).toHaveLength(10);
    expect(t.arrived.size).toBe(13);
    expect(t.arrived.get("a/1/folder/file3.pdf")).toBe(2);
    expect(t.arrived.get("a/1/folder/file21.pdf")).toBe(2);
    expect(t.arrived.get("a/1/folder/file0.pdf")).toBe(1);
    const phases = snapshots.map((x) => x.phase).filter((p, i, a) => p !== a[i - 1]);
    expect(phases).toEqual(["selected", "preprocessing", "uploading", "validating", "uploading", "validating", "done"]);
  });

  it("keeps files with special characters by replacing them (the extended flow does not drop names)", async () => {
    const { engine } = setup("uef");
    const s = engine.select([{ file: { name: "x", size: 1 }, relativePath: "a/b c (1).TIFF", size: 1 }]);
    expect(s.files.map((f) => f.path)).toEqual(["a/b c _1_.tiff"]);
  });
});
