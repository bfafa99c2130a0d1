// The upload island's POST to the blob store (postFileToStore): a refusal shows the store's reason,
// whether the store answers JSON (the embedded store) or S3's XML error (ADR 055).
import { afterEach, describe, expect, it, vi } from "vitest";
import { postFileToStore } from "~/components/upload-dialog/upload-transport";
import { HttpError } from "~/components/upload-dialog/upload-engine";

/** An XMLHttpRequest that answers every send() with one status and body. */
function fakeXhr(status: number, responseText: string) {
  return class {
    status = 0;
    responseText = "";
    upload = { onprogress: null as unknown };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open() {}
    abort() {}
    send() {
      this.status = status;
      this.responseText = responseText;
      queueMicrotask(() => this.onload?.());
    }
  };
}

const link = { url: "https://bucket.example/", url_fields: { key: "u/${filename}", Policy: "p" }, key_prefix: "u/", uid: "x", expires_in: 600, max_bytes: 10 };
const post = () => postFileToStore(link as never, "u/a.txt", new File(["abc"], "a.txt"), () => {}, new AbortController().signal);

afterEach(() => vi.unstubAllGlobals());

describe("postFileToStore refusals", () => {
  it("shows an S3 bucket's XML <Message>", async () => {
    vi.stubGlobal("XMLHttpRequest", fakeXhr(400, `<?xml version="1.0" encoding="UTF-8"?><Error><Code>EntityTooLarge</Code><Message>Your proposed upload exceeds the maximum allowed size</Message></Error>`));
    const err = await post().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).message).toBe("Your proposed upload exceeds the maximum allowed size");
  });

  it("shows the embedded store's JSON error, and the status when there is no reason", async () => {
    vi.stubGlobal("XMLHttpRequest", fakeXhr(403, JSON.stringify({ error: "The upload policy has expired." })));
    expect(((await post().catch((e: unknown) => e)) as HttpError).message).toBe("The upload policy has expired.");
    vi.stubGlobal("XMLHttpRequest", fakeXhr(403, ""));
    expect(((await post().catch((e: unknown) => e)) as HttpError).message).toBe("The store answered 403.");
  });
});
