// The speed test's download files (spec 001 §3 "Speed test files: 1MB, 5MB, 10MB, 50MB").
//
// Created at first start, and again whenever one is missing or has the wrong size (a crash mid-write
// leaves nothing behind: BlobStore.put writes a temp file and renames it). The bytes are
// cryptographically random, so no compression anywhere on the path can shrink them and a measured
// speed is the link's, not a compressor's. They are streamed in 1 MiB chunks: the 50MB file is never
// in memory at once.
//
// Sizes are SI megabytes (1 MB = 1,000,000 bytes), the same unit the speed is reported in
// (1 Mbps = 1,000,000 bit/s): see app/models/speedtest.ts and docs/decisions/speed-test.md.
import crypto from "node:crypto";
import { Readable } from "node:stream";
import type { BlobStore } from "../context";
import { FILE_BYTES, SPEED_TEST_FILES, fileKey } from "../../app/models/speedtest";

const CHUNK_BYTES = 1024 * 1024;

/** A stream of `total` random bytes, produced one chunk at a time as the writer asks for it. */
export function randomBytesStream(total: number, chunkBytes = CHUNK_BYTES): Readable {
  let left = total;
  return new Readable({
    highWaterMark: chunkBytes,
    read() {
      if (left <= 0) {
        this.push(null);
        return;
      }
      const n = Math.min(chunkBytes, left);
      left -= n;
      crypto.randomBytes(n, (err, buf) => {
        if (err) this.destroy(err);
        else this.push(buf);
      });
    },
  });
}

/** Ensures every speed-test file exists with its exact size. Returns the keys it (re)wrote. */
export async function ensureSpeedTestFiles(blob: BlobStore): Promise<string[]> {
  const written: string[] = [];
  for (const file of SPEED_TEST_FILES) {
    const key = fileKey(file);
    const size = FILE_BYTES[file];
    const st = await blob.stat(key);
    if (st && st.size === size) continue;
    const obj = await blob.put(key, randomBytesStream(size), "application/octet-stream");
    if (obj.size !== size) throw new Error(`Speed-test file ${key} was written with ${obj.size} bytes instead of ${size}.`);
    written.push(key);
  }
  return written;
}
