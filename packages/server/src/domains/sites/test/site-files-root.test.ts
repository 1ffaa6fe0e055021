import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../platform/db/connect.js';
import { createMigrator, migrateToLatest } from '../../../platform/db/migrations.js';
import type { Database } from '../../../platform/db/schema.js';
import { DiskStorage, siteFileStorage, siteFilesPrefix } from '../../../platform/storage/index.js';
import { DIALECTS, type DialectName, TEST_DATABASE_URL } from '../../../testing.js';
import { exportSiteArchive } from '../../exports/site-archive.js';
import { restoreSiteArchive } from '../../exports/site-restore.js';
import { siteCommand } from '../../../site-cli.js';

// Which site keeps the top level of the files is stored (`sites.files_root`, migration 0039), not
// computed from the oldest site (issue 19): deleting the install's first site leaves every other
// site with exactly its own files, a fresh install's first site keeps the top level, and an upgraded
// install marks its oldest site (the one that held the top level before).

/** A new empty database: an SQLite file, or a PostgreSQL schema of its own; `close` removes it. */
async function emptyDatabase(dialect: DialectName) {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-files-root-'));
  const schema = dialect === 'postgres' ? `t_${randomBytes(8).toString('hex')}` : undefined;
  const { db } = schema
    ? openDatabase({ databaseUrl: TEST_DATABASE_URL, searchPath: schema, applicationName: schema })
    : openDatabase({ sqliteFile: join(dir, 'tessera.db') });
  if (schema) await sql`create schema ${sql.id(schema)}`.execute(db);
  const close = async () => {
    if (schema) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  };
  return { db, schema, filesDir: join(dir, 'files'), close };
}

const roots = async (db: Kysely<Database>) =>
  Object.fromEntries(
    (await db.selectFrom('sites').select(['id', 'files_root']).execute()).map((s) => [s.id, Number(s.files_root)]),
  );

for (const dialect of DIALECTS) {
  describe(`the site keeping the top level of the files (${dialect})`, { timeout: 60_000 }, () => {
    let opened: Awaited<ReturnType<typeof emptyDatabase>> | undefined;
    let other: Awaited<ReturnType<typeof emptyDatabase>> | undefined;
    afterEach(async () => {
      await opened?.close();
      await other?.close();
      opened = undefined;
      other = undefined;
    });

    it('stays with the first site; deleting it leaves the second with exactly its own files', async () => {
      opened = await emptyDatabase(dialect);
      const { db, filesDir } = opened;
      await migrateToLatest(db);
      const context = { db, filesDir };
      const created = async (host: string) =>
        /Created site (\w+)/.exec(await siteCommand(context, ['create', '--host', host]))?.[1] as string;
      const first = await created('first.test');
      const second = await created('second.test');
      // A fresh install's first site keeps the top level; the second has its folder.
      expect(await roots(db)).toEqual({ [first]: 1, [second]: 0 });
      expect(await siteFilesPrefix(db, first)).toBe('');
      expect(await siteFilesPrefix(db, second)).toBe(`sites/${second}/`);

      const storage = new DiskStorage(filesDir);
      const firstFiles = await siteFileStorage(db, storage, first);
      const secondFiles = await siteFileStorage(db, storage, second);
      await firstFiles.put('first-only.png', Buffer.from('first'));
      await firstFiles.put('same.png', Buffer.from('first same'));
      await firstFiles.put('.cache/same.png/100w.webp', Buffer.from('first small'));
      await secondFiles.put('second-only.png', Buffer.from('second'));
      await secondFiles.put('same.png', Buffer.from('second same'));
      expect(existsSync(join(filesDir, 'first-only.png'))).toBe(true);

      expect(await siteCommand(context, ['delete', '--site', first, '--yes'])).toBe(`Deleted site ${first}.`);
      // The second site does not become the root: it still sees exactly its own files, not the deleted site's.
      expect(await roots(db)).toEqual({ [second]: 0 });
      const after = await siteFileStorage(db, storage, second);
      expect((await after.list('')).map((f) => f.key)).toEqual(['same.png', 'second-only.png']);
      expect((await after.read('same.png'))?.toString()).toBe('second same');
      expect(await after.read('first-only.png')).toBeUndefined();
      // The deleted root site's files went with it, the other sites' folder stayed.
      expect(existsSync(join(filesDir, 'first-only.png'))).toBe(false);
      expect(existsSync(join(filesDir, 'same.png'))).toBe(false);
      expect(existsSync(join(filesDir, '.cache', 'same.png'))).toBe(false);
      expect(existsSync(join(filesDir, 'sites', second, 'second-only.png'))).toBe(true);

      // A site joining afterwards gets a folder of its own too; deleting it removes only that folder.
      const third = await created('third.test');
      expect(await roots(db)).toEqual({ [second]: 0, [third]: 0 });
      await (await siteFileStorage(db, storage, third)).put('third.png', Buffer.from('third'));
      await siteCommand(context, ['delete', '--site', third, '--yes']);
      expect(existsSync(join(filesDir, 'sites', third))).toBe(false);
      expect((await after.list('')).map((f) => f.key)).toEqual(['same.png', 'second-only.png']);
    });

    it('lets one site at most keep the top level', async () => {
      opened = await emptyDatabase(dialect);
      const { db, filesDir } = opened;
      await migrateToLatest(db);
      await siteCommand({ db, filesDir }, ['create', '--host', 'one.test']);
      const out = await siteCommand({ db, filesDir }, ['create', '--host', 'two.test']);
      const two = /Created site (\w+)/.exec(out)?.[1] as string;
      await expect(db.updateTable('sites').set({ files_root: 1 }).where('id', '=', two).execute()).rejects.toThrow();
    });

    it('marks the oldest site of an upgraded install (created_at, then id) as the root', async () => {
      opened = await emptyDatabase(dialect);
      const { db, schema } = opened;
      const { error } = await createMigrator(db, schema).migrateTo('0035_review_drafts');
      expect(error).toBeUndefined();
      const site = (id: string, created: string) => ({
        id,
        host: `${id}.test`,
        title: id,
        locale: 'en-US',
        currency: 'USD',
        time_zone: 'UTC',
        settings: '{}',
        created_at: created,
      });
      await (db as Kysely<any>)
        .insertInto('sites')
        .values([
          site('newer', '2024-03-01T00:00:00.000Z'),
          site('oldest-b', '2021-01-01T00:00:00.000Z'),
          site('oldest-a', '2021-01-01T00:00:00.000Z'),
        ])
        .execute();
      expect(await migrateToLatest(db)).toContain('0039_site_files_root');
      expect(await roots(db)).toEqual({ 'oldest-a': 1, 'oldest-b': 0, newer: 0 });
      expect(await siteFilesPrefix(db, 'oldest-a')).toBe('');
      expect(await siteFilesPrefix(db, 'oldest-b')).toBe('sites/oldest-b/');
    });

    it('upgrades an install without sites; its first site then keeps the top level', async () => {
      opened = await emptyDatabase(dialect);
      const { db, schema, filesDir } = opened;
      expect((await createMigrator(db, schema).migrateTo('0035_review_drafts')).error).toBeUndefined();
      expect(await migrateToLatest(db)).toContain('0039_site_files_root');
      const out = await siteCommand({ db, filesDir }, ['create', '--host', 'only.test']);
      const only = /Created site (\w+)/.exec(out)?.[1] as string;
      expect(await roots(db)).toEqual({ [only]: 1 });
    });

    it('gives a site restored beside others a folder of its own, even a root site of another install', async () => {
      opened = await emptyDatabase(dialect);
      other = await emptyDatabase(dialect);
      await migrateToLatest(opened.db);
      await migrateToLatest(other.db);
      const make = (db: Kysely<Database>, filesDir: string, host: string) =>
        siteCommand({ db, filesDir }, ['create', '--host', host]).then(
          (out) => /Created site (\w+)/.exec(out)?.[1] as string,
        );
      const moving = await make(other.db, other.filesDir, 'moving.test');
      const here = await make(opened.db, opened.filesDir, 'here.test');
      const { dir } = await exportSiteArchive({
        db: other.db,
        storage: new DiskStorage(other.filesDir),
        siteId: moving,
        out: join(other.filesDir, '..', 'archive'),
      });
      await restoreSiteArchive({ db: opened.db, storage: new DiskStorage(opened.filesDir), archive: dir });
      expect(await roots(opened.db)).toEqual({ [here]: 1, [moving]: 0 });
      expect(await siteFilesPrefix(opened.db, moving)).toBe(`sites/${moving}/`);
    });
  });
}
