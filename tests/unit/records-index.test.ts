// The completeness rule of the Inventory Report (app/models/records-index.ts, ADR 040).
import { describe, expect, it } from "vitest";
import { completeness, completenessSummary, indexName, recordsIndex, RECORDS_INDEX_SIZE } from "~/models/records-index";

describe("the standard records index", () => {
  it("has eleven entries; a helicopter's eighth is Dynamic Components", () => {
    expect(recordsIndex("aircraft")).toHaveLength(RECORDS_INDEX_SIZE);
    expect(recordsIndex("helicopter")).toHaveLength(RECORDS_INDEX_SIZE);
    expect(recordsIndex("aircraft")[7]!.label).toBe("Landing Gear");
    expect(recordsIndex("helicopter")[7]!.label).toBe("Dynamic Components");
    expect(recordsIndex("aircraft").map((e) => e.label)).not.toContain("Weight and Balance");
  });

  it("matches a folder by its name without the number, case-insensitively", () => {
    expect(indexName("01 Certificates")).toBe("certificates");
    expect(indexName("05 LLP Back-to-Birth")).toBe(indexName("llp back to birth"));
    expect(indexName("12. AD STATUS")).toBe("ad status");
    expect(indexName("Certificates 2024")).not.toBe("certificates");
  });

  it("says present (files), empty (folder without files) or missing (no folder)", () => {
    const rows = completeness("aircraft", [
      { name: "01 Certificates", files: 4 },
      { name: "03 ad status", files: 0 },
      { name: "08 Landing Gear", files: 1 },
      { name: "12 Weight and Balance", files: 2 },
    ]);
    const by = Object.fromEntries(rows.map((r) => [r.label, r.status]));
    expect(by["Certificates"]).toBe("present");
    expect(by["AD Status"]).toBe("empty");
    expect(by["SB Status"]).toBe("missing");
    expect(by["Landing Gear"]).toBe("present");
    expect(rows.find((r) => r.label === "AD Status")!.folders).toEqual(["03 ad status"]);
    expect(completenessSummary(rows)).toEqual({ present: 2, empty: 1, missing: 8, total: 11 });
  });

  it("adds up several folders of one entry", () => {
    const rows = completeness("aircraft", [
      { name: "06 Engine Records", files: 0 },
      { name: "Engine Records", files: 3 },
    ]);
    expect(rows.find((r) => r.key === "engine-records")).toMatchObject({ status: "present", files: 3, folders: ["06 Engine Records", "Engine Records"] });
  });

  it("a helicopter needs Dynamic Components, not Landing Gear", () => {
    const heli = completeness("helicopter", [{ name: "08 Landing Gear", files: 2 }, { name: "08 Dynamic Components", files: 0 }]);
    expect(heli.find((r) => r.key === "dynamic-components")!.status).toBe("empty");
    expect(heli.some((r) => r.key === "landing-gear")).toBe(false);
  });
});
