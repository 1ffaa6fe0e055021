import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { DiskStorage } from './disk-storage.js';
import type { FileStorage } from './file-storage.js';

// Pictures the server draws itself (the demo site's seed images, a starter template's pictures) are
// written into the files folder; with S3 storage they are copied into the bucket so every node
// serves them. Files the bucket has already are left alone; hidden folders (`.cache`) are skipped.

async function* filesUnder(root: string, dir = ''): AsyncGenerator<string> {
  const entries = await readdir(join(root, dir), { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const key = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* filesUnder(root, key);
    else if (entry.isFile()) yield key;
  }
}

/** Copies every file of `from` that `to` lacks; answers how many were copied. */
export async function copyMissingFiles(from: DiskStorage, to: FileStorage): Promise<number> {
  if (to.kind === 'disk') return 0;
  let copied = 0;
  for await (const key of filesUnder(from.root)) {
    if (await to.head(key)) continue;
    const body = await from.read(key);
    if (!body) continue;
    await to.put(key, body);
    copied++;
  }
  return copied;
}
