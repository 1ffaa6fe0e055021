import { readFileSync } from 'node:fs';
import { RecordType, WebsiteRole } from '@tessera/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { createOwner, signInOwner } from '../../../../test/auth-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { wxr } from './wordpress-import-fixtures.js';
import { suiteServer } from '../../../../test/suite-server.js';

const SHOPIFY = readFileSync(
  new URL('../../../../test/fixtures/imports/shopify-products.csv', import.meta.url),
  'utf8',
);
const WXR = wxr();
const STORE = { email: 'import-store@example.com', password: 'an import store passphrase 5' };
const EDITOR = { email: 'import-editor@example.com', password: 'an import editor passphrase 5' };
const PRODUCTS = '/api/config/imports/products';
const WORDPRESS = '/api/config/imports/wordpress';

describe.each(DIALECTS)("the editor's imports on %s", (dialect) => {
  let store: Visitor;
  let editor: Visitor;
  const suite = suiteServer(dialect);

  const productCount = async () =>
    Number(
      (
        await suite.server.db
          .selectFrom('items')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('record_type', '=', RecordType.STORE_ITEM)
          .executeTakeFirst()
      )?.n,
    );
  const upload = (who: Visitor, path: string, body: string, contentType: string) =>
    who.request('POST', path, { body, contentType });

  beforeAll(async () => {
    await createOwner(suite.server.db, { ...STORE, roles: [WebsiteRole.STORE_MANAGER] });
    await createOwner(suite.server.db, { ...EDITOR, roles: [WebsiteRole.EDITOR] });
    store = await signInOwner(suite.server.url, STORE.email, STORE.password);
    editor = await signInOwner(suite.server.url, EDITOR.email, EDITOR.password);
  });

  it('previews a product CSV without writing, then imports it and links each product', async () => {
    const before = await productCount();
    const preview = await upload(store, `${PRODUCTS}?dryRun=true`, SHOPIFY, 'text/csv');
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ format: 'shopify', dryRun: true });
    expect(preview.body.rejected.map((r: { line: number }) => r.line)).toEqual([7, 8, 9, 10, 11]);
    expect(preview.body.text).toContain('Dry run, nothing changed');
    expect(await productCount()).toBe(before);

    const done = await upload(store, `${PRODUCTS}?dryRun=false`, SHOPIFY, 'text/csv');
    expect(done.status).toBe(200);
    expect(done.body.dryRun).toBe(false);
    expect(await productCount()).toBe(before + done.body.created);
    const apron = done.body.planned.find((p: { urlId: string }) => p.urlId === 'linen-apron');
    expect(apron).toMatchObject({ action: 'create', variants: 3 });
    suite.server.app.services.content.invalidate();
    expect((await new Visitor(suite.server.url).get(apron.url)).status).toBe(200);

    // A re-run updates what it made.
    const again = await upload(store, `${PRODUCTS}?dryRun=false`, SHOPIFY, 'text/csv');
    expect(again.body).toMatchObject({ created: 0, updated: done.body.created });
    expect(await productCount()).toBe(before + done.body.created);
  });

  it('refuses a file it cannot read whole, with the reason, and writes nothing', async () => {
    const before = await productCount();
    const bad = await upload(store, `${PRODUCTS}?dryRun=false`, 'not,a,product\n"unclosed', 'text/csv');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('import-refused');
    expect(bad.body.message).toMatch(/Nothing was imported\.$/);
    expect((await upload(store, PRODUCTS, '', 'text/csv')).status).toBe(400);
    expect((await upload(store, `${PRODUCTS}?dryRun=maybe`, SHOPIFY, 'text/csv')).status).toBe(400);
    expect((await upload(store, PRODUCTS, '{}', 'application/json')).status).toBe(400);
    expect(await productCount()).toBe(before);
    const doctype = readFileSync(
      new URL('../../../../test/fixtures/imports/wordpress-doctype.xml', import.meta.url),
      'utf8',
    );
    const refused = await upload(editor, `${WORDPRESS}?dryRun=false`, doctype, 'application/xml');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('import-refused');
  });

  it('imports a WordPress export for a content editor, with the posts linked', async () => {
    const preview = await upload(editor, `${WORDPRESS}?dryRun=true`, WXR, 'application/xml');
    expect(preview.status).toBe(200);
    expect(preview.body.planned.length).toBeGreaterThan(0);
    const done = await upload(editor, `${WORDPRESS}?dryRun=false`, WXR, 'application/xml');
    expect(done.status).toBe(200);
    expect(done.body.created).toBe(preview.body.created);
    const published = done.body.planned.find((p: { status: string }) => p.status === 'published');
    suite.server.app.services.content.invalidate();
    expect((await new Visitor(suite.server.url).get(published.url)).status).toBe(200);
  });

  it('lets each import only to its role group, signed in, with the crumb', async () => {
    expect((await upload(editor, `${PRODUCTS}?dryRun=true`, SHOPIFY, 'text/csv')).status).toBe(403);
    expect(
      (await upload(new Visitor(suite.server.url), `${WORDPRESS}?dryRun=true`, WXR, 'application/xml')).status,
    ).toBe(401);
    const noCrumb = await store.request('POST', `${PRODUCTS}?dryRun=true`, {
      body: SHOPIFY,
      contentType: 'text/csv',
      crumb: 'wrong',
    });
    expect(noCrumb.status).toBe(403);
  });

  it('runs one import per site at a time; the products exist once', async () => {
    const before = await productCount();
    const csv = SHOPIFY.replaceAll('linen-apron', 'twin-apron')
      .replaceAll('tea-towel', 'twin-towel')
      .replaceAll('APRON-', 'TWIN-A-')
      .replaceAll('TOWEL-', 'TWIN-T-');
    const answers = await Promise.all([1, 2, 3].map(() => upload(store, `${PRODUCTS}?dryRun=false`, csv, 'text/csv')));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses[0]).toBe(200);
    for (const status of statuses) expect([200, 409]).toContain(status);
    const first = answers.find((a) => a.status === 200)!;
    expect(await productCount()).toBe(before + first.body.created);
    for (const busy of answers.filter((a) => a.status === 409)) expect(busy.body.error).toBe('import-running');
  });
});
