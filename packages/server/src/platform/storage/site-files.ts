import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { assertKey, type FileStorage, type StoredFileEntry } from './file-storage.js';

// One install serves many sites, but keeps their files in one storage (disk folder or bucket). Each
// site sees only its own part: one site, the install's root site (`sites.files_root` = 1; the first
// site of the install, so the demo or a single-site install), keeps the storage's top level, so no
// file moves on an upgrade; every other site has the folder `sites/<site id>/`. Which site is the
// root is stored (migration 0039), never computed: when the root site is deleted no other site takes
// the top level over, so none ever sees another's files. The root site's view never lists, reads
// or writes the `sites/` folder.

/** The folder holding the other sites' files. */
export const SITES_FOLDER = 'sites';

/** A view of `storage` whose keys are those under `prefix` ('' or ending with `/`); `hidden` names top folders it refuses. */
class ScopedStorage implements FileStorage {
  readonly kind: 'disk' | 's3';
  constructor(
    private readonly storage: FileStorage,
    readonly prefix: string,
    private readonly hidden: readonly string[],
  ) {
    this.kind = storage.kind;
  }

  private key(key: string, allowPrefix = false): string {
    assertKey(key, allowPrefix);
    const top = key.split('/')[0];
    if (top !== undefined && this.hidden.includes(top)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
    return `${this.prefix}${key}`;
  }

  async put(key: string, body: Buffer, contentType?: string) {
    return this.storage.put(this.key(key), body, contentType);
  }
  async get(key: string) {
    return this.storage.get(this.key(key));
  }
  async read(key: string) {
    return this.storage.read(this.key(key));
  }
  async head(key: string) {
    return this.storage.head(this.key(key));
  }
  async delete(key: string) {
    return this.storage.delete(this.key(key));
  }
  async deletePrefix(prefix: string) {
    return this.storage.deletePrefix(this.key(prefix, true));
  }
  async move(from: string, to: string) {
    return this.storage.move(this.key(from), this.key(to));
  }
  async list(prefix: string): Promise<StoredFileEntry[]> {
    const files = await this.storage.list(prefix === '' ? this.prefix : this.key(prefix, true));
    return files.map((file) => ({ ...file, key: file.key.slice(this.prefix.length) }));
  }
  async folders(prefix: string): Promise<string[]> {
    const found = await this.storage.folders(prefix === '' ? this.prefix : this.key(prefix, true));
    return found.map((folder) => folder.slice(this.prefix.length)).filter((f) => !this.hidden.includes(f.slice(0, -1)));
  }
  async hasPrefix(prefix: string) {
    return this.storage.hasPrefix(this.key(prefix, true));
  }
  async check() {
    return this.storage.check();
  }
}

/** The part of `storage` under `prefix` (ending with `/`): keys are given and listed without it. */
export function scopedStorage(storage: FileStorage, prefix: string): FileStorage {
  assertKey(prefix, true);
  if (!prefix.endsWith('/')) throw new Error(`Not a folder prefix: ${prefix}`);
  return new ScopedStorage(storage, prefix, []);
}

/** The top of `storage` as the install's first site sees it: without the other sites' folder. */
export function rootFiles(storage: FileStorage): FileStorage {
  return new ScopedStorage(storage, '', [SITES_FOLDER]);
}

/** The folder of a site other than the root site: `sites/<id>/`. */
export function siteFolder(siteId: string): string {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(siteId)) throw new Error(`Not a site id: ${JSON.stringify(siteId).slice(0, 80)}`);
  return `${SITES_FOLDER}/${siteId}/`;
}

/**
 * Whether a site created now takes the top level (`files_root` 1): only in an install without any
 * site. A site joining others gets its own folder, also after the root site was deleted.
 */
export async function newSiteTakesRoot(db: Kysely<Database>): Promise<boolean> {
  return !(await db.selectFrom('sites').select('id').limit(1).executeTakeFirst());
}

/** The storage prefix of a site's files: '' for the install's root site, else `sites/<id>/`. */
export async function siteFilesPrefix(db: Kysely<Database>, siteId: string): Promise<string> {
  const folder = siteFolder(siteId);
  const site = await db.selectFrom('sites').select('files_root').where('id', '=', siteId).executeTakeFirst();
  return Number(site?.files_root ?? 0) === 1 ? '' : folder;
}

/**
 * Deletes a site's files (`tessera site delete`): its folder `sites/<id>/`, or for the root site
 * every file and folder at the top level (resized copies, review photos, …) but the other sites'.
 */
export async function deleteSiteFiles(storage: FileStorage, site: { id: string; root: boolean }): Promise<void> {
  if (!site.root) {
    await storage.deletePrefix(siteFolder(site.id));
    return;
  }
  const files = rootFiles(storage);
  for (const file of await files.list('')) await files.delete(file.key);
  for (const folder of await files.folders('')) await files.deletePrefix(folder);
}

/** The site's own files: every read, write and listing stays inside its part of the storage. */
export async function siteFileStorage(
  db: Kysely<Database>,
  storage: FileStorage,
  siteId: string,
): Promise<FileStorage> {
  const prefix = await siteFilesPrefix(db, siteId);
  return prefix === '' ? rootFiles(storage) : scopedStorage(storage, prefix);
}
