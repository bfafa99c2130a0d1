// The search result's snippet (issue 17): plain text split at the upstream's offsets, never HTML.
import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { Snippet, snippetParts } from "~/components/file-search/snippet";

describe("snippetParts", () => {
  it("splits at the marks, sorted, clipped and without overlaps", () => {
    expect(snippetParts("a hydraulic pump", [[2, 11]])).toEqual([
      { text: "a ", mark: false },
      { text: "hydraulic", mark: true },
      { text: " pump", mark: false },
    ]);
    expect(snippetParts("abcdef", [[4, 99], [0, 2], [1, 3]]).map((p) => `${p.mark ? "[" : ""}${p.text}${p.mark ? "]" : ""}`).join("")).toBe("[ab][c]d[ef]");
    expect(snippetParts("abc", [])).toEqual([{ text: "abc", mark: false }]);
  });

  it("renders text that looks like HTML as text, with the page", () => {
    const html = renderToStaticMarkup(<Snippet text="<img src=x onerror=alert(1)> pump" marks={[[29, 33]]} page={3} />);
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("<mark>pump</mark>");
    expect(html).toContain("Page 3");
    expect(html).not.toContain("<img");
  });
});
