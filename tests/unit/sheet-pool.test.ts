// The line of uploads waiting for a spreadsheet reader (ADR 067): SHEET_WORKERS read at once,
// SHEET_QUEUE wait, one more is refused at once with the busy message; every waiting one is read.
import { describe, expect, it } from "vitest";
import { readSheetOffThread, SHEET_QUEUE, SHEET_WORKERS } from "../../upstream/ops/sheet-pool";
import { DEFAULT_SHEET_LIMITS, SHEET_LIMIT_MESSAGES } from "../../upstream/ops/sheet-limits";
import type { TabView } from "../../upstream/ops/common";

const view: TabView = {
  dbId: 1,
  key: "tab-1",
  name: "Engines",
  position: 1,
  group: "",
  product: "ops",
  source: "stored",
  columns: [{ name: "Serial No", type: "text" } as TabView["columns"][number]],
  aircraftId: 1,
  manufacturerId: null,
};

describe("the spreadsheet readers' line", () => {
  it(`reads ${SHEET_WORKERS} at once, lets ${SHEET_QUEUE} wait, and refuses one more at once with the busy message`, async () => {
    const csv = new TextEncoder().encode("Serial No\n" + Array.from({ length: 2000 }, (_, i) => `SN-${i}`).join("\n") + "\n");
    const task = () => readSheetOffThread({ kind: "import", file: { name: "rows.csv", bytes: csv }, view, limits: DEFAULT_SHEET_LIMITS });
    // All in the same tick: the first SHEET_WORKERS take a reader, the next SHEET_QUEUE wait, the last finds the line full.
    const all = Array.from({ length: SHEET_WORKERS + SHEET_QUEUE + 1 }, () => task().then((r) => ({ ok: true as const, r }), (e: unknown) => ({ ok: false as const, e })));
    const results = await Promise.all(all);
    const refused = results.filter((x) => !x.ok);
    expect(refused).toHaveLength(1);
    expect(results.at(-1)!.ok).toBe(false);
    const e = (refused[0] as { e: { status?: number; error?: string; message?: string } }).e;
    expect(e.status).toBe(422);
    expect(e.error ?? e.message).toBe(SHEET_LIMIT_MESSAGES.busy());
    for (const x of results.slice(0, -1)) {
      expect(x.ok).toBe(true);
      const reading = (x as { r: { ok: boolean; rows?: { length?: number } } }).r;
      expect(reading.ok).toBe(true);
    }
  }, 120_000);
});
