// Files the portal keeps for a user for a short while after a form post, so that the page it
// redirects to can offer them (post/redirect/get without JavaScript): today the validation workbook
// of an AeroOPS import ("2 rows have errors: download the workbook"). Held in this process's memory,
// for 30 minutes, at most 64 MB in all (the oldest go first), and only ever given back to the user who
// made them (ADR 035).
import { randomUUID } from "node:crypto";

export interface HeldFile {
  owner: string;
  filename: string;
  contentType: string;
  bytes: Uint8Array;
  /** What the page says about the file (e.g. the count of rows with errors). */
  note: Record<string, string | number>;
  expires: number;
}

const TTL_MS = 30 * 60 * 1000;
const MAX_TOTAL_BYTES = 64 * 1024 * 1024;
const held = new Map<string, HeldFile>();
let total = 0;

function sweep(now: number) {
  for (const [id, f] of held) {
    if (f.expires <= now || total > MAX_TOTAL_BYTES) {
      held.delete(id);
      total -= f.bytes.byteLength;
    }
  }
}

/** Keeps a file for its owner; answers the id to fetch it by. */
export function holdFile(file: Omit<HeldFile, "expires">, now = Date.now()): string {
  const id = randomUUID();
  held.set(id, { ...file, expires: now + TTL_MS });
  total += file.bytes.byteLength;
  sweep(now);
  return id;
}

/** The held file, if it exists, has not expired and belongs to `owner`. */
export function heldFile(id: string | null | undefined, owner: string, now = Date.now()): HeldFile | null {
  if (!id || !/^[0-9a-f-]{36}$/.test(id)) return null;
  sweep(now);
  const f = held.get(id);
  return f && f.owner === owner ? f : null;
}
