import type { QueuedFile } from './upload-queue';

/**
 * The files of a drop, folders included (SPEC §4 folder uploads keep their relative paths):
 * `webkitGetAsEntry` walks dropped folders; plain files come as they are. Browsers without entries
 * fall back to `dataTransfer.files` (files only).
 */
export async function filesFromDataTransfer(data: DataTransfer): Promise<QueuedFile[]> {
  const entries: FileSystemEntry[] = [];
  for (const item of Array.from(data.items ?? [])) {
    if (item.kind !== 'file') continue;
    const entry = item.webkitGetAsEntry?.();
    if (entry) entries.push(entry);
  }
  if (!entries.length) return Array.from(data.files ?? []).map((file) => ({ file }));
  const out: QueuedFile[] = [];
  for (const entry of entries) await walk(entry, out);
  return out;
}

async function walk(entry: FileSystemEntry, out: QueuedFile[]): Promise<void> {
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) =>
      (entry as FileSystemFileEntry).file(resolve, reject),
    );
    // fullPath is '/Album/01.mp3' for a file inside a dropped folder, '/01.mp3' for a lone file.
    const path = entry.fullPath.replace(/^\//, '');
    out.push({ file, relativePath: path.includes('/') ? path : null });
    return;
  }
  if (entry.isDirectory) {
    const reader = (entry as FileSystemDirectoryEntry).createReader();
    // readEntries answers in batches (100 in Chromium) until it answers with none.
    for (;;) {
      const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
        reader.readEntries(resolve, reject),
      );
      if (!batch.length) break;
      for (const child of batch) await walk(child, out);
    }
  }
}

/** Files of an `<input type="file">`, with `webkitRelativePath` from a folder picker. */
export function filesFromInput(list: FileList | null): QueuedFile[] {
  return Array.from(list ?? []).map((file) => ({ file, relativePath: file.webkitRelativePath || null }));
}
