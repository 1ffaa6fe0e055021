import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebsiteRole } from '@tessera/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DialectName } from '../../../platform/db/connect.js';
import { archivePlan, LEFT_OUT } from '../archive-plan.js';
import { RestoreRefused } from '../restore.js';
import { exportSiteArchive, fileKeysIn, type SiteArchiveManifest } from '../site-archive.js';
import { restoreSiteArchive } from '../site-restore.js';
import { siteArchiveCommand } from '../site-archive-command.js';
import { SiteUsageError } from '../../sites/index.js';
import { deleteSiteRows } from '../../sites/site-delete.js';
import { DIALECTS, startTestServer, type TestServer, DEMO_SITE_ID } from '../../../testing.js';
import { createOwner, signInOwner } from '../../../../test/auth-helpers.js';
import { Visitor } from '../../../../test/visitor.js';

const OWNER = { email: 'archive-owner@example.com', password: 'a long archive passphrase 7' };

/** What a visitor reads of a page, without what differs per request or per server (crumb, nonces, port). */
function pageText(html: string): string {
  const main = /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? html;
  const title = /<title>[^<]*<\/title>/.exec(html)?.[0] ?? '';
  return `${title}\n${main}`
    .replace(/ nonce="[^"]*"/g, '')
    .replace(/crumb-[a-z0-9]+/g, 'crumb')
    .replace(/(localhost|127\.0\.0\.1)(:|%3A)\d+/g, 'server');
}

/** The public pages of the site: each collection and its first items. */
async function samplePaths(server: TestServer): Promise<string[]> {
  const collections = await server.db
    .selectFrom('collections')
    .select(['id', 'slug'])
    .where('site_id', '=', DEMO_SITE_ID)
    .orderBy('slug')
    .execute();
  const paths = ['/'];
  for (const c of collections) {
    paths.push(`/${c.slug}`);
    const items = await server.db
      .selectFrom('items')
      .select('url_id')
      .where('collection_id', '=', c.id)
      .orderBy('url_id')
      .limit(2)
      .execute();
    for (const item of items) paths.push(`/${c.slug}/${item.url_id}`);
  }
  return paths;
}

/** Source and target dialects: across dialects when PostgreSQL runs here (a shop moving to it). */
const PAIRS: [DialectName, DialectName][] = DIALECTS.includes('postgres')
  ? [
      ['sqlite', 'postgres'],
      ['postgres', 'sqlite'],
    ]
  : [['sqlite', 'sqlite']];

describe('fileKeysIn', () => {
  it('finds the stored files a text names, and nothing outside the files', () => {
    const text = JSON.stringify({
      a: '<img src="/files/products/mug%20blue.jpg?w=500">',
      b: 'url(/files/logo.png)',
      c: '/files/.cache/logo.png/500w.webp /files/../etc/passwd /files/a//b.png /files/%E0%A4%A',
    });
    expect(fileKeysIn(text).sort()).toEqual(['logo.png', 'products/mug blue.jpg']);
  });
});

describe.each(PAIRS)('site archive from %s into %s', (from, to) => {
  let source: TestServer;
  let target: TestServer;
  let work: string;
  let archive: string;
  let manifest: SiteArchiveManifest;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'tessera-archive-'));
    source = await startTestServer({ dialect: from });
    await createOwner(source.db, { ...OWNER, roles: [WebsiteRole.ADMIN] });
    // An open cart and a sign-in: the archive leaves both out.
    const shopper = new Visitor(source.url);
    await shopper.get('/');
    await signInOwner(source.url, OWNER.email, OWNER.password);
    // The target: an install whose files folder is empty and whose only site is gone.
    const targetFiles = join(work, 'target-files');
    target = await startTestServer({ dialect: to, config: { filesDir: targetFiles } });
    await target.db.transaction().execute((trx) => deleteSiteRows(trx, DEMO_SITE_ID));
    rmSync(targetFiles, { recursive: true, force: true });
    ({ dir: archive, manifest } = await exportSiteArchive({
      db: source.db,
      storage: source.app.fileStorage,
      siteId: DEMO_SITE_ID,
      out: join(work, 'archive'),
    }));
  }, 120_000);

  afterAll(async () => {
    await source?.close();
    await target?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('places every table: archived by the site, or left out with a reason', async () => {
    const plan = await archivePlan(source.db);
    expect(plan.unplaced).toEqual([]);
    expect(plan.tables[0]?.name).toBe('sites');
    // Parents before children: order lines after orders, variants after items.
    const at = (name: string) => plan.tables.findIndex((t) => t.name === name);
    expect(at('orders')).toBeLessThan(at('order_lines'));
    expect(at('items')).toBeLessThan(at('product_variants'));
    expect(at('product_variants')).toBeGreaterThan(-1);
    for (const name of Object.keys(LEFT_OUT)) expect(at(name)).toBe(-1);
  });

  it('writes the rows, the files the data names and a manifest of checksums', () => {
    expect(manifest.site.id).toBe(DEMO_SITE_ID);
    expect(manifest.tables.items).toBeGreaterThan(0);
    expect(manifest.tables.owners).toBe(1);
    expect(manifest.tables).not.toHaveProperty('owner_sessions');
    expect(manifest.tables).not.toHaveProperty('carts');
    expect(manifest.files.length).toBeGreaterThan(0);
    expect(manifest.missingFiles).toEqual([]);
    expect(Object.keys(manifest.checksums)).toContain('tables/items.json');
    expect(readdirSync(join(archive, 'files')).length).toBeGreaterThan(0);
  });

  it('restores into another install, which then serves the same pages and lets the owner sign in', async () => {
    const result = await restoreSiteArchive({ db: target.db, storage: target.app.fileStorage, archive });
    expect(result.siteId).toBe(DEMO_SITE_ID);
    expect(result.filesStored).toBe(manifest.files.length);
    // The first site of the install keeps the top level of the files (`platform/storage/site-files.ts`).
    const restored = await target.db.selectFrom('sites').select('files_root').executeTakeFirstOrThrow();
    expect(Number(restored.files_root)).toBe(1);
    for (const [table, count] of Object.entries(manifest.tables)) {
      const row = await (target.db as any)
        .selectFrom(table)
        .select((eb: any) => eb.fn.countAll().as('n'))
        .executeTakeFirst();
      expect(Number(row.n), table).toBe(count);
    }
    const paths = await samplePaths(source);
    expect(paths.length).toBeGreaterThan(3);
    for (const path of paths) {
      const [a, b] = await Promise.all([new Visitor(source.url).get(path), new Visitor(target.url).get(path)]);
      expect(b.status, path).toBe(a.status);
      expect(pageText(b.body as string), path).toBe(pageText(a.body as string));
    }
    const file = manifest.files[0] as string;
    const served = await fetch(`${target.url}/files/${file.split('/').map(encodeURIComponent).join('/')}`);
    expect(served.status).toBe(200);
    await signInOwner(target.url, OWNER.email, OWNER.password);
  });

  it('runs as `tessera site export` and `site restore`', async () => {
    const context = { db: target.db, storage: target.app.fileStorage };
    const out = await siteArchiveCommand(context, ['export', '--site', DEMO_SITE_ID, '--out', join(work, 'again')]);
    expect(out).toMatch(/^Site \w+ exported to .*again: \d+ rows of \d+ tables, \d+ files\./);
    await expect(siteArchiveCommand(context, ['restore'])).rejects.toThrow(SiteUsageError);
    await expect(siteArchiveCommand(context, ['restore', join(work, 'again'), '--host', 'Not A Host'])).rejects.toThrow(
      SiteUsageError,
    );
    await expect(siteArchiveCommand(context, ['restore', join(work, 'nothing-here')])).rejects.toThrow(
      'is not a site archive',
    );
  });

  it('refuses a second restore of the same site, changing nothing', async () => {
    const before = await target.db
      .selectFrom('items')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    await expect(restoreSiteArchive({ db: target.db, storage: target.app.fileStorage, archive })).rejects.toThrow(
      /has site .* already/,
    );
    const after = await target.db
      .selectFrom('items')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
  });

  it('refuses an archive whose data was changed after export', async () => {
    const tampered = join(work, 'tampered');
    cpSync(archive, tampered, { recursive: true });
    const items = join(tampered, 'tables', 'items.json');
    writeFileSync(items, readFileSync(items, 'utf8').replace('"', '"x'));
    await source.db.transaction().execute((trx) => deleteSiteRows(trx, DEMO_SITE_ID));
    const refused = restoreSiteArchive({ db: source.db, storage: source.app.fileStorage, archive: tampered });
    await expect(refused).rejects.toThrow(RestoreRefused);
    await expect(refused).rejects.toThrow('tables/items.json does not match its checksum');
    expect(await source.db.selectFrom('sites').select('id').execute()).toEqual([]);
  });

  it('refuses a forged manifest naming files outside the archive, opening and writing nothing', async () => {
    const forged = join(work, 'forged');
    cpSync(archive, forged, { recursive: true });
    const manifestFile = join(forged, 'manifest.json');
    const forgedManifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as SiteArchiveManifest;
    forgedManifest.files = ['../../../etc/passwd', '/etc/hostname', ...forgedManifest.files];
    forgedManifest.checksums['files/../../../etc/passwd'] = { size: 1, sha256: 'x' };
    writeFileSync(manifestFile, JSON.stringify(forgedManifest));
    const refused = restoreSiteArchive({ db: source.db, storage: source.app.fileStorage, archive: forged });
    await expect(refused).rejects.toThrow(RestoreRefused);
    await expect(refused).rejects.toThrow('"../../../etc/passwd" is not the name of a stored file');
    expect(await source.app.fileStorage.read('../../../etc/passwd').catch(() => undefined)).toBeUndefined();
    expect(await source.db.selectFrom('sites').select('id').execute()).toEqual([]);
  });
});
