import { createReadStream } from 'node:fs';
import { access, constants, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { assertKey, contentTypeOf, type FileStorage, type StoredFileInfo } from './file-storage.js';

// Files under one folder on this machine: today's behaviour (`DATA_DIR/files`). A key is the path
// below the folder, so `/files/products/mug.jpg` is `DATA_DIR/files/products/mug.jpg`.

export class DiskStorage implements FileStorage {
  readonly kind = 'disk';
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private path(key: string, allowPrefix = false): string {
    assertKey(key, allowPrefix);
    const path = resolve(this.root, key);
    if (path !== this.root && !path.startsWith(`${this.root}/`)) throw new Error(`Not a storage key: ${key}`);
    return path;
  }

  private async info(path: string, key: string): Promise<StoredFileInfo | undefined> {
    const found = await stat(path).catch(() => undefined);
    if (!found?.isFile()) return undefined;
    return {
      size: found.size,
      contentType: contentTypeOf(key),
      lastModified: found.mtime,
      etag: `${found.size.toString(16)}-${Math.floor(found.mtimeMs).toString(16)}`,
    };
  }

  async put(key: string, body: Buffer): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    // Written beside the target and renamed over it, so a reader sees the old file or the new one.
    const tmp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
    try {
      await writeFile(tmp, body);
      await rename(tmp, path);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
  }

  async get(key: string) {
    const path = this.path(key);
    const info = await this.info(path, key);
    return info && { info, body: createReadStream(path) };
  }

  async read(key: string): Promise<Buffer | undefined> {
    const path = this.path(key);
    return (await this.info(path, key)) ? readFile(path) : undefined;
  }

  head(key: string): Promise<StoredFileInfo | undefined> {
    return this.info(this.path(key), key);
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    if (!prefix.endsWith('/') || prefix === '/') throw new Error(`Not a folder prefix: ${prefix}`);
    await rm(this.path(prefix, true), { recursive: true, force: true });
  }

  async move(from: string, to: string): Promise<void> {
    const target = this.path(to);
    await mkdir(dirname(target), { recursive: true });
    await rename(this.path(from), target);
  }

  async list(prefix: string) {
    const dir = this.path(prefix, true);
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    const files = [];
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const found = await stat(join(dir, entry.name)).catch(() => undefined);
      if (found) files.push({ key: `${prefix}${entry.name}`, size: found.size, lastModified: found.mtime });
    }
    return files.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async folders(prefix: string): Promise<string[]> {
    const entries = await readdir(this.path(prefix, true), { withFileTypes: true }).catch(() => []);
    return entries
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${prefix}${entry.name}/`)
      .sort();
  }

  async hasPrefix(prefix: string): Promise<boolean> {
    const found = await stat(this.path(prefix, true)).catch(() => undefined);
    return found?.isDirectory() ?? false;
  }

  async check(): Promise<void> {
    await access(this.root, constants.W_OK);
  }
}
