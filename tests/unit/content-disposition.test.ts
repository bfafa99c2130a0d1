// Download names keep their letters (RFC 6266 / 5987): "TLB Zürich" is not "TLB Zu_rich", with an
// ASCII fallback that drops the accent; names that could break the header or a file system are cleaned.
import { describe, expect, it } from "vitest";
import { asciiName, contentDisposition, downloadName } from "~/utils/content-disposition";
import { blobAnswer, XLSX_TYPE } from "../../upstream/ops/common";

describe("download names", () => {
  it("keep Unicode in filename* and drop accents in the ASCII fallback", () => {
    expect(contentDisposition("TLB Zürich.xlsx")).toBe(`attachment; filename="TLB Zurich.xlsx"; filename*=UTF-8''TLB%20Z%C3%BCrich.xlsx`);
    expect(contentDisposition("Отчёт 5123.pdf", false)).toBe(`inline; filename="_ 5123.pdf"; filename*=UTF-8''%D0%9E%D1%82%D1%87%D1%91%D1%82%205123.pdf`);
  });

  it("clean quotes, paths, control and reserved characters; encode what RFC 5987 does not allow", () => {
    expect(downloadName('a"b\\c/d:e*f?g<h>i|j\r\nk.pdf')).toBe("a_b_c_d_e_f_g_h_i_j_k.pdf");
    expect(downloadName("   ")).toBe("download");
    expect(contentDisposition("Bob's (draft)*.pdf")).toBe(`attachment; filename="Bob's (draft)_.pdf"; filename*=UTF-8''Bob%27s%20%28draft%29_.pdf`);
    expect(asciiName("日本語.pdf")).toBe("_.pdf");
    expect(Array.from(downloadName("é".repeat(400))).length).toBe(150);
  });

  it("the ops API's file answers use them", () => {
    const res = blobAnswer(new Uint8Array([1]), XLSX_TYPE, "5123_TLB Zürich_2026-11-28.xlsx");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="5123_TLB Zurich_2026-11-28.xlsx"; filename*=UTF-8''5123_TLB%20Z%C3%BCrich_2026-11-28.xlsx`);
  });
});
