// The sandboxed text reader (extract-sandbox.ts, ADR 068): a child process that reads one file at a
// time with pdf.js and tesseract.js and reports each page before reading it, so that its parent can
// hold it to a time budget per page and per file and kill it when it breaks a cap.
import { createOcrEngine, extractText, type Extracted } from "./extract-text";

type Request = { type: "extract"; bytes: Uint8Array; file: { name: string; contentType: string | null } };

const send = (m: unknown) => {
  if (process.connected) process.send!(m);
};

const ocr = process.env.EXTRACT_OCR === "0" ? null : createOcrEngine({ idleMs: 30_000 });

process.on("message", (m: Request) => {
  if (m?.type !== "extract") return;
  void (async () => {
    try {
      const out: Extracted = await extractText(m.bytes, m.file, ocr, (n, total) => send({ type: "page", n, total }));
      send({ type: "done", out });
    } catch (err) {
      send({ type: "error", message: (err instanceof Error ? err.message : String(err)).slice(0, 500) });
    }
  })();
});

// The parent went away (it crashed, or closed the channel): nothing is left to do.
process.on("disconnect", () => {
  void ocr?.close().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
});

send({ type: "ready" });
