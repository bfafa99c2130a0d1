// Files dragged onto the folder page or the upload dialog, as the engine's selection. A dropped folder
// is walked (the entries API) so its files keep their paths, like the folder picker's
// webkitRelativePath. The entries must be taken while the drop event runs: the DataTransfer is
// emptied once the handler returns.
import type { Selected } from "./upload-engine";

/** True while a drag carries files (not text or a link): only then is a drop accepted. */
export const draggingFiles = (e: React.DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes("Files");

export function droppedFiles(dt: DataTransfer): Promise<Selected<File>[]> {
  const entries = Array.from(dt.items ?? []).map((i) => (i.kind === "file" ? (i.webkitGetAsEntry?.() ?? null) : null));
  const plain = Array.from(dt.files).map((file) => ({ file, relativePath: file.name, size: file.size }));
  // No entries (a DataTransfer built by a script, an old browser): the files as they are.
  if (!entries.length || entries.some((e) => !e)) return Promise.resolve(plain);
  return walk(entries as FileSystemEntry[], "");
}

async function walk(entries: FileSystemEntry[], prefix: string): Promise<Selected<File>[]> {
  const out: Selected<File>[] = [];
  for (const entry of entries) {
    if (entry.isFile) {
      const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
      out.push({ file, relativePath: prefix + file.name, size: file.size });
    } else if (entry.isDirectory) {
      const reader = (entry as FileSystemDirectoryEntry).createReader();
      // readEntries answers at most 100 entries a call, and an empty batch at the end.
      for (;;) {
        const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
        if (!batch.length) break;
        out.push(...(await walk(batch, `${prefix}${entry.name}/`)));
      }
    }
  }
  return out;
}
