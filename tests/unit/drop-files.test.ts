// Files dropped on the folder page or the upload dialog (app/components/upload-dialog/drop-files.ts):
// a dropped folder is walked through the entries API, its files keeping their paths, and readEntries
// is called until it answers an empty batch; without entries the DataTransfer's files are taken.
import { describe, expect, it } from "vitest";
import { droppedFiles } from "~/components/upload-dialog/drop-files";

const file = (name: string, text = name) => new File([text], name);

function fileEntry(f: File) {
  return { isFile: true, isDirectory: false, name: f.name, file: (ok: (f: File) => void) => ok(f) };
}

/** A folder whose reader answers its children in batches of `batch` (the browser's is 100). */
function dirEntry(name: string, children: unknown[], batch = 2) {
  return {
    isFile: false,
    isDirectory: true,
    name,
    createReader() {
      let at = 0;
      return {
        readEntries(ok: (e: unknown[]) => void) {
          const next = children.slice(at, at + batch);
          at += next.length;
          ok(next);
        },
      };
    },
  };
}

function transfer(entries: unknown[] | null, files: File[]) {
  const items = (entries ?? files).map((e) => ({ kind: "file", webkitGetAsEntry: () => (entries ? e : null) }));
  return { items, files } as unknown as DataTransfer;
}

describe("droppedFiles", () => {
  it("walks a dropped folder in batches; its files keep their paths", async () => {
    const loose = file("loose.pdf");
    const tree = dirEntry("Logbooks", [
      fileEntry(file("a.pdf")),
      fileEntry(file("b.pdf")),
      dirEntry("2024", [fileEntry(file("c.pdf", "ccc"))]),
      fileEntry(file("d.pdf")),
    ]);
    const picked = await droppedFiles(transfer([fileEntry(loose), tree], [loose]));
    expect(picked.map((p) => [p.relativePath, p.size])).toEqual([
      ["loose.pdf", 9],
      ["Logbooks/a.pdf", 5],
      ["Logbooks/b.pdf", 5],
      ["Logbooks/2024/c.pdf", 3],
      ["Logbooks/d.pdf", 5],
    ]);
  });

  it("takes the files as they are when the drop has no entries", async () => {
    const files = [file("one.txt"), file("two.txt")];
    const picked = await droppedFiles(transfer(null, files));
    expect(picked.map((p) => p.relativePath)).toEqual(["one.txt", "two.txt"]);
    expect(picked[0]!.file).toBe(files[0]);
  });
});
