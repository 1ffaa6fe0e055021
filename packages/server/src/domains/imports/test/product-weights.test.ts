// Issue 19: a Squarespace product CSV gives weights without a unit (Squarespace writes them in its
// site's weight unit), so the import reads them in the importing store's weight unit (Store
// settings → Weight unit) and keeps grams, as products do; Shopify's Variant Grams stay grams.
import { afterAll, describe, expect, it } from 'vitest';
import { OWNERS } from '../../../../test/auth-helpers.js';
import { suiteServer } from '../../../../test/suite-server.js';
import { DIALECTS, DEMO_SITE_ID } from '../../../testing.js';
import { exportProducts } from '../../exports/product-export.js';
import { formatReport } from '../import-command.js';
import { importProducts } from '../product-import.js';

const SQUARESPACE = [
  'Product ID [Non Editable],Variant ID [Non Editable],Product Type [Non Editable],Product URL,Title,Description,SKU,Option Name 1,Option Value 1,Price,Sale Price,On Sale,Stock,Weight,Visible',
  'w1,v1,PHYSICAL,weight-jug,Weight jug,<p>Jug</p>,WJUG-S,Size,Small,20.00,0,No,4,0.5,Yes',
  'w1,v2,,,,,WJUG-L,,Large,30.00,0,No,4,2.25,',
  'w2,v3,PHYSICAL,weight-plate,Weight plate,<p>Plate</p>,WPLATE-1,,,9.00,0,No,4,heavy,Yes',
  'w3,v4,PHYSICAL,weight-spoon,Weight spoon,<p>Spoon</p>,WSPOON-1,,,4.00,0,No,4,,Yes',
].join('\n');

const SHOPIFY = [
  'Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price,Variant Grams',
  'weight-cup,Weight cup,Title,Default Title,WCUP-1,12.00,340',
].join('\n');

describe.each(DIALECTS)('product CSV weights on %s', (dialect) => {
  const suite = suiteServer(dialect, { owner: OWNERS.storeManager });
  afterAll(async () => {
    await suite.owner?.put('/api/config/settings/store', { weightUnit: 'kg' });
  });

  const weights = async (urlId: string) => {
    const item = await suite.server.db
      .selectFrom('items')
      .select(['id', 'structured_content'])
      .where('site_id', '=', DEMO_SITE_ID)
      .where('url_id', '=', urlId)
      .executeTakeFirstOrThrow();
    const variants = await suite.server.db
      .selectFrom('product_variants')
      .select(['id', 'sku'])
      .where('item_id', '=', item.id)
      .orderBy('position')
      .execute();
    const stored = JSON.parse(item.structured_content).variantWeights ?? {};
    return variants.map((v) => [v.sku, stored[v.id] ?? null]);
  };

  it('the store’s weight unit is a store setting, kilograms until chosen, and only a known unit is kept', async () => {
    expect((await suite.owner.get('/api/config/settings/store')).body.weightUnit).toBe('kg');
    const wrong = await suite.owner.put('/api/config/settings/store', { weightUnit: 'stone' });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('Choose the weight unit: kg, g, lb, oz.');
    const saved = await suite.owner.put('/api/config/settings/store', { weightUnit: 'lb' });
    expect(saved.status).toBe(200);
    expect(saved.body.weightUnit).toBe('lb');
  });

  it('a dry run says the unit Squarespace weights are read in, and rejects a weight that is no number', async () => {
    const dry = await importProducts(suite.server.db, { siteId: DEMO_SITE_ID, csv: SQUARESPACE, dryRun: true });
    expect(dry.weightUnit).toBe('lb');
    expect(dry.planned.map((p) => [p.urlId, p.input.variants.map((v) => v.weight ?? null)])).toEqual([
      ['weight-jug', [227, 1021]],
      ['weight-spoon', [null]],
    ]);
    expect(dry.rejected).toEqual([{ line: 4, reason: 'Weight "heavy" is not a weight in pounds.' }]);
    expect(formatReport(dry)).toContain("Weights read in pounds, the store's weight unit (Store settings)");
    const answer = await suite.owner.request('POST', '/api/config/imports/products?dryRun=true', {
      body: SQUARESPACE,
      contentType: 'text/csv',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.weightUnit).toBe('lb');
    expect(answer.body.text).toContain('Weights read in pounds');
  });

  it('imports the weights in the store’s unit as grams; a re-run in another unit updates them', async () => {
    await importProducts(suite.server.db, { siteId: DEMO_SITE_ID, csv: SQUARESPACE, dryRun: false });
    expect(await weights('weight-jug')).toEqual([
      ['WJUG-S', 227],
      ['WJUG-L', 1021],
    ]);
    expect(await weights('weight-spoon')).toEqual([['WSPOON-1', null]]);

    await suite.owner.put('/api/config/settings/store', { weightUnit: 'oz' });
    await importProducts(suite.server.db, { siteId: DEMO_SITE_ID, csv: SQUARESPACE, dryRun: false });
    expect(await weights('weight-jug')).toEqual([
      ['WJUG-S', 14],
      ['WJUG-L', 64],
    ]);
    await suite.owner.put('/api/config/settings/store', { weightUnit: 'kg' });
    const report = await importProducts(suite.server.db, { siteId: DEMO_SITE_ID, csv: SQUARESPACE, dryRun: false });
    expect(report.weightUnit).toBe('kg');
    expect(await weights('weight-jug')).toEqual([
      ['WJUG-S', 500],
      ['WJUG-L', 2250],
    ]);
  });

  it('Shopify’s Variant Grams stay grams whatever the store’s unit', async () => {
    await suite.owner.put('/api/config/settings/store', { weightUnit: 'lb' });
    const report = await importProducts(suite.server.db, { siteId: DEMO_SITE_ID, csv: SHOPIFY, dryRun: false });
    expect(report.weightUnit).toBeUndefined();
    expect(formatReport(report)).not.toContain('Weights read in');
    expect(await weights('weight-cup')).toEqual([['WCUP-1', 340]]);
    const bad = await importProducts(suite.server.db, {
      siteId: DEMO_SITE_ID,
      csv: SHOPIFY.replace(',340', ',a lot'),
      dryRun: true,
    });
    expect(bad.rejected).toEqual([{ line: 2, reason: 'Variant Grams "a lot" is not a weight in grams.' }]);
  });

  it('a Squarespace export writes the weights in the store’s unit, and imports back as the same grams', async () => {
    await suite.owner.put('/api/config/settings/store', { weightUnit: 'lb' });
    const exported = await exportProducts(suite.server.db, { siteId: DEMO_SITE_ID, format: 'squarespace' });
    expect(exported.notes.join('\n')).not.toContain('weights');
    const jug = exported.csv.split('\r\n').filter((line) => line.includes('WJUG-'));
    expect(jug.map((line) => line.split(',').at(-3))).toEqual(['1.102311', '4.960401']);
    await importProducts(suite.server.db, { siteId: DEMO_SITE_ID, csv: exported.csv, dryRun: false });
    expect(await weights('weight-jug')).toEqual([
      ['WJUG-S', 500],
      ['WJUG-L', 2250],
    ]);
  });
});
