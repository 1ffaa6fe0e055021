// Issue 19: imports started in the editor run as jobs. The owner's upload answers 202 at once, any
// node's job runner claims the import exactly once, its progress (phase, counts, percentage) is
// written for the owner's polls on any node, and it ends with the summary the import route answers,
// or with why it failed and nothing written. One import per site at a time, across nodes.
import { readFileSync } from 'node:fs';
import { RecordType, WebsiteRole } from '@tessera/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../platform/ids.js';
import { DIALECTS, type TestServer, DEMO_SITE_ID } from '../../../testing.js';
import { claimNextImport, type ImportJobDeps, runDueImports } from '../import-jobs.js';
import { queueImport } from '../import-store.js';
import { IMPORT_ALLOW_HOSTS } from '../wordpress-media.js';
import { pictureSite, productCsv, until, wxr } from './import-job-fixtures.js';
import { createOwner, signInOwner } from '../../../../test/auth-helpers.js';
import { startTwoNodes } from '../../../../test/cluster-helpers.js';
import { Visitor } from '../../../../test/visitor.js';

const SHOPIFY = readFileSync(
  new URL('../../../../test/fixtures/imports/shopify-products.csv', import.meta.url),
  'utf8',
);
const PRODUCTS = '/api/config/imports/products';
const WORDPRESS = '/api/config/imports/wordpress';
const PHASES = ['queued', 'reading', 'media', 'checking', 'writing', 'finished'];
/** Where this test's pictures are stored (test servers share one files folder). */
const MEDIA_PREFIX = 'wordpress/2031/';

describe.each(DIALECTS)('imports as jobs on %s', { timeout: 120_000 }, (dialect) => {
  let nodes: { a: TestServer; b: TestServer; close(): Promise<void> };
  let store: Visitor;
  let editor: Visitor;
  let oldSite: Awaited<ReturnType<typeof pictureSite>>;
  const allowedBefore = process.env[IMPORT_ALLOW_HOSTS];

  const upload = (who: Visitor, path: string, body: string, type = 'text/csv') =>
    who.request('POST', path, { body, contentType: type });
  const productCount = async (prefix: string) =>
    Number(
      (
        await nodes.a.db
          .selectFrom('items')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('record_type', '=', RecordType.STORE_ITEM)
          .where('url_id', 'like', `${prefix}-%`)
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** Polls the import on node B (not the node that took the upload) until it ends; answers every answer seen. */
  async function follow(who: Visitor, id: string) {
    const seen: { state: string; phase: string; percent: number; done: number; total: number }[] = [];
    const end = await until(async () => {
      const answer = await who.get(`/api/config/imports/${id}`);
      expect(answer.status).toBe(200);
      seen.push(answer.body);
      return answer.body.state === 'done' || answer.body.state === 'failed' ? answer.body : undefined;
    }, `import ${id}`);
    return { end, seen };
  }
  /** The same owner (session and crumb) on node B. */
  const onNodeB = (who: Visitor) => {
    const there = new Visitor(nodes.b.url, null);
    for (const [name, value] of who.cookies) there.cookies.set(name, value);
    return there;
  };

  beforeAll(async () => {
    process.env[IMPORT_ALLOW_HOSTS] = '127.0.0.1';
    nodes = await startTwoNodes(dialect);
    await nodes.a.app.fileStorage.deletePrefix(MEDIA_PREFIX);
    const shop = await nodes.a.db
      .selectFrom('collections')
      .selectAll()
      .where('site_id', '=', DEMO_SITE_ID)
      .where('kind', '=', 'products')
      .executeTakeFirstOrThrow();
    for (const slug of ['job-shop', 'job-shop-2'])
      await nodes.a.db
        .insertInto('collections')
        .values({ ...shop, id: newId(), slug, title: slug, position: 90 })
        .execute();
    for (const [email, role] of [
      ['jobs-store@example.com', WebsiteRole.STORE_MANAGER],
      ['jobs-editor@example.com', WebsiteRole.EDITOR],
    ] as const)
      await createOwner(nodes.a.db, { email, password: 'an import jobs passphrase 7', roles: [role] });
    store = await signInOwner(nodes.a.url, 'jobs-store@example.com', 'an import jobs passphrase 7');
    editor = await signInOwner(nodes.a.url, 'jobs-editor@example.com', 'an import jobs passphrase 7');
    oldSite = await pictureSite();
  });
  afterAll(async () => {
    if (allowedBefore === undefined) delete process.env[IMPORT_ALLOW_HOSTS];
    else process.env[IMPORT_ALLOW_HOSTS] = allowedBefore;
    await oldSite?.close();
    await nodes?.a.app.fileStorage.deletePrefix(MEDIA_PREFIX);
    await nodes?.close();
  });

  it('answers 202 at once, runs the import on one node, and shows its progress on any node until the summary', async () => {
    const csv = productCsv('jobs-a', 60);
    const preview = await upload(store, `${PRODUCTS}?dryRun=true&collection=job-shop`, csv);
    expect(preview.status).toBe(200);

    const started = await upload(
      store,
      `${PRODUCTS}?dryRun=false&background=true&collection=job-shop&name=shop.csv`,
      csv,
    );
    expect(started.status).toBe(202);
    expect(started.headers.get('location')).toBe(`/api/config/imports/${started.body.id}`);
    expect(started.body).toMatchObject({
      kind: 'products',
      state: 'queued',
      phase: 'queued',
      percent: 0,
      fileName: 'shop.csv',
      summary: null,
      error: null,
    });

    const { end, seen } = await follow(onNodeB(store), started.body.id);
    expect(end).toMatchObject({ state: 'done', phase: 'finished', percent: 100, error: null });
    // Progress only moves forward: the phase in order, the percentage never back.
    for (const [i, answer] of seen.entries()) {
      if (i === 0) continue;
      const before = seen[i - 1]!;
      expect(answer.percent).toBeGreaterThanOrEqual(before.percent);
      expect(PHASES.indexOf(answer.phase)).toBeGreaterThanOrEqual(PHASES.indexOf(before.phase));
      if (answer.phase === before.phase) expect(answer.done).toBeGreaterThanOrEqual(before.done);
    }
    // The summary is the preview, done: the same products, each linked.
    expect(end.summary).toEqual({
      ...preview.body,
      dryRun: false,
      text: expect.stringContaining('60 created, 0 updated, 0 rejected.'),
    });
    expect(await productCount('jobs-a')).toBe(60);

    // Claimed once; the file is gone with the job; the site is free for the next import.
    const row = await nodes.a.db
      .selectFrom('imports')
      .selectAll()
      .where('id', '=', started.body.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 1, source: null, running_site: null, claimed_until: null });

    // Imported again without `background`: the answer waits and is the summary the job keeps.
    const again = await upload(store, `${PRODUCTS}?dryRun=false&collection=job-shop`, csv);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: 0, updated: 60, dryRun: false });
    const listed = await store.get('/api/config/imports?kind=products');
    expect(listed.status).toBe(200);
    const latest = listed.body.imports[0];
    expect(latest).toMatchObject({ kind: 'products', state: 'done' });
    expect(latest.id).not.toBe(started.body.id);
    expect((await store.get(`/api/config/imports/${latest.id}`)).body.summary).toEqual(again.body);
    // And once more in the background: the same summary as the answer that waited.
    const third = await upload(store, `${PRODUCTS}?dryRun=false&background=true&collection=job-shop`, csv);
    expect((await follow(store, third.body.id)).end.summary).toEqual(again.body);
    expect(await productCount('jobs-a')).toBe(60);
  });

  it('shows the pictures being copied one by one, and the page reloaded mid-import finds the import running', async () => {
    oldSite.holding = true;
    const xml = wxr(oldSite.origin, 3);
    const started = await upload(
      editor,
      `${WORDPRESS}?dryRun=false&background=true&fetchMedia=true&name=blog.xml`,
      xml,
      'application/xml',
    );
    expect(started.status).toBe(202);
    const id = started.body.id;
    await until(async () => (oldSite.held > 0 ? true : undefined), 'the first picture requested');
    const copying = await until(async () => {
      const answer = (await editor.get(`/api/config/imports/${id}`)).body;
      return answer.phase === 'media' ? answer : undefined;
    }, 'the media phase');
    expect(copying).toMatchObject({ state: 'running', phase: 'media', done: 0, total: 3 });
    expect(copying.percent).toBeGreaterThan(0);
    expect(copying.percent).toBeLessThan(100);
    // A second import into the same site, on either node, while this one runs: 409.
    for (const node of [editor, onNodeB(editor)]) {
      const busy = await upload(node, `${WORDPRESS}?dryRun=false&background=true`, xml, 'application/xml');
      expect(busy.status).toBe(409);
      expect(busy.body).toEqual({
        error: 'import-running',
        message: 'An import into this site is running. Try again when it has finished.',
      });
    }
    // The reloaded panel asks for the site's imports and finds this one first, running.
    const listed = (await editor.get('/api/config/imports?kind=wordpress')).body.imports;
    expect(listed[0]).toMatchObject({ id, state: 'running', fileName: 'blog.xml' });
    expect(listed[0]).not.toHaveProperty('summary');

    oldSite.releaseOne();
    const further = await until(async () => {
      const answer = (await editor.get(`/api/config/imports/${id}`)).body;
      return answer.phase === 'media' && answer.done >= 1 ? answer : undefined;
    }, 'one picture copied');
    expect(further.percent).toBeGreaterThan(copying.percent);
    oldSite.releaseAll();

    const { end } = await follow(editor, id);
    expect(end).toMatchObject({ state: 'done', percent: 100 });
    expect(end.summary).toMatchObject({ created: 3, media: { addresses: 3, copied: 3 } });
    expect(await nodes.a.app.fileStorage.read('wordpress/2031/07/job-2.jpg')).toEqual(oldSite.picture);
  });

  it('reports a failed import with its reason and leaves nothing behind, not even the copied pictures', async () => {
    await nodes.a.app.fileStorage.deletePrefix(MEDIA_PREFIX);
    const xml = wxr(oldSite.origin, 2, 'lost-post', 800);
    const started = await upload(
      editor,
      `${WORDPRESS}?dryRun=false&background=true&fetchMedia=true&blog=no-such-blog`,
      xml,
      'application/xml',
    );
    expect(started.status).toBe(202);
    const { end } = await follow(editor, started.body.id);
    expect(end).toMatchObject({
      state: 'failed',
      summary: null,
      error: { error: 'import-refused', message: 'The site has no blog "no-such-blog". Nothing was imported.' },
    });
    const posts = await nodes.a.db.selectFrom('items').select('id').where('url_id', 'like', 'lost-post-%').execute();
    expect(posts).toEqual([]);
    // The pictures were copied before the posts failed: removed again.
    expect(await nodes.a.app.fileStorage.head('wordpress/2031/07/job-0.jpg')).toBeUndefined();
    expect(
      (
        await nodes.a.db
          .selectFrom('imports')
          .select('source')
          .where('id', '=', started.body.id)
          .executeTakeFirstOrThrow()
      ).source,
    ).toBeNull();

    // A file that cannot be read: failed, with the reason the waiting answer gives as 400.
    const broken = await upload(store, `${PRODUCTS}?dryRun=false&background=true`, 'Handle,Title\n"never closed');
    const refused = (await follow(store, broken.body.id)).end;
    expect(refused.error.error).toBe('import-refused');
    expect(refused.error.message).toMatch(/Nothing was imported\.$/);
    const waited = await upload(store, `${PRODUCTS}?dryRun=false`, 'Handle,Title\n"never closed');
    expect(waited.status).toBe(400);
    expect(waited.body).toEqual(refused.error);
  });

  it('lets one of two simultaneous starts through, on one node or two', async () => {
    const xml = wxr(oldSite.origin, 1, 'twin-post', 700);
    const path = `${WORDPRESS}?dryRun=false&background=true&fetchMedia=true`;
    for (const second of [editor, onNodeB(editor)]) {
      // The picture download holds the winner in its media phase while the other start is answered.
      oldSite.holding = true;
      const [one, two] = await Promise.all([
        upload(editor, path, xml, 'application/xml'),
        upload(second, path, xml, 'application/xml'),
      ]);
      expect([one.status, two.status].sort()).toEqual([202, 409]);
      const winner = one.status === 202 ? one : two;
      expect((one.status === 409 ? one : two).body.error).toBe('import-running');
      oldSite.releaseAll();
      expect((await follow(editor, winner.body.id)).end.state).toBe('done');
    }
    const posts = await nodes.a.db.selectFrom('items').select('id').where('url_id', 'like', 'twin-post-%').execute();
    expect(posts).toHaveLength(1);
  });

  it('claims each import once when two job runners look at the same time, and takes back a lapsed claim', async () => {
    const demo = await nodes.a.db
      .selectFrom('sites')
      .selectAll()
      .where('id', '=', DEMO_SITE_ID)
      .executeTakeFirstOrThrow();
    const ids: string[] = [];
    // Several sites on the install: the demo site answers on the tests' own host.
    await nodes.a.db.updateTable('sites').set({ host: '127.0.0.1' }).where('id', '=', DEMO_SITE_ID).execute();
    for (let i = 0; i < 4; i++) {
      const siteId = `jobs-site-${i}`;
      await nodes.a.db
        .insertInto('sites')
        .values({ ...demo, id: siteId, host: `jobs-${i}.test`, files_root: 0 })
        .execute();
      const queued = await queueImport(nodes.a.db, { siteId, kind: 'products', choices: {}, source: SHOPIFY });
      ids.push(queued!.id);
    }
    const deps = (node: TestServer): ImportJobDeps => ({
      db: node.db,
      fileStorage: node.app.fileStorage,
      log: { warn() {}, error() {} },
    });
    // Both nodes' runners at once (their own queues may join in too).
    const [ranA, ranB] = await Promise.all([runDueImports(deps(nodes.a)), runDueImports(deps(nodes.b))]);
    expect(ranA.ran.filter((id) => ranB.ran.includes(id))).toEqual([]);
    const rows = await until(async () => {
      const found = await nodes.a.db.selectFrom('imports').selectAll().where('id', 'in', ids).execute();
      return found.every((r) => r.state === 'failed') ? found : undefined;
    }, 'every import ended');
    // The new sites have no products page: each import failed, once.
    for (const row of rows) {
      expect(row.attempts).toBe(1);
      expect(JSON.parse(row.error!).message).toContain('no products page');
    }

    // A run whose node died: its claim lapses, and the next runner takes it again (attempt 2).
    const lost = await queueImport(nodes.a.db, {
      siteId: 'jobs-site-0',
      kind: 'products',
      choices: {},
      source: SHOPIFY,
    });
    await nodes.a.db
      .updateTable('imports')
      .set({ state: 'running', attempts: 1, claimed_until: new Date(Date.now() + 60_000).toISOString() })
      .where('id', '=', lost!.id)
      .execute();
    expect(await claimNextImport(nodes.b.db)).toBeUndefined();
    await nodes.a.db
      .updateTable('imports')
      .set({ claimed_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', lost!.id)
      .execute();
    const [retakenA, retakenB] = await Promise.all([claimNextImport(nodes.a.db), claimNextImport(nodes.b.db)]);
    const retaken = [retakenA, retakenB].filter((r) => r !== undefined);
    expect(retaken.map((r) => [r.id, r.attempt])).toEqual([[lost!.id, 2]]);
    // After the third lapse it fails for good instead.
    await nodes.a.db
      .updateTable('imports')
      .set({ attempts: 3, claimed_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', lost!.id)
      .execute();
    expect(await claimNextImport(nodes.a.db)).toBeUndefined();
    const given = await nodes.a.db
      .selectFrom('imports')
      .selectAll()
      .where('id', '=', lost!.id)
      .executeTakeFirstOrThrow();
    expect(given).toMatchObject({ state: 'failed', running_site: null, source: null });
    expect(JSON.parse(given.error!).message).toMatch(/interrupted 3 times .* Nothing was imported\.$/);
  });

  it("shows an import only to its own site's owners of its kind: 404 for anything else", async () => {
    const other = await queueImport(nodes.a.db, {
      siteId: 'jobs-site-1',
      kind: 'products',
      choices: {},
      source: SHOPIFY,
    });
    const notFound = { error: 'import-not-found', message: 'There is no import with this id.' };
    const theirs = await store.get(`/api/config/imports/${other!.id}`);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(notFound);
    expect((await store.get('/api/config/imports')).body.imports.map((i: { id: string }) => i.id)).not.toContain(
      other!.id,
    );
    // A store manager's product import is not an editor's to read, and the other way round.
    const products = (await store.get('/api/config/imports?kind=products')).body.imports[0];
    expect((await editor.get(`/api/config/imports/${products.id}`)).status).toBe(404);
    expect((await editor.get('/api/config/imports?kind=products')).body.imports).toEqual([]);
    const posts = (await editor.get('/api/config/imports')).body.imports[0];
    expect(posts.kind).toBe('wordpress');
    expect((await store.get(`/api/config/imports/${posts.id}`)).status).toBe(404);
    expect((await store.get('/api/config/imports/0123456789abcdef01234567')).body).toEqual(notFound);
    expect((await store.get('/api/config/imports/not%20an%20id')).status).toBe(400);
    expect((await store.get('/api/config/imports?kind=other')).status).toBe(400);
    // A background import is a real run only.
    const both = await upload(store, `${PRODUCTS}?background=true`, SHOPIFY);
    expect(both.status).toBe(400);
    expect(both.body.message).toBe('background: a background import needs dryRun=false.');
  });
});
