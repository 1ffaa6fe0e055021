// What the editor's products, inventory and mail outbox panels need from the owner API beyond the
// basics of admin-commerce.test.ts: field messages by path, variant weights, the kind of each mail
// and reading one message.
import { ProductType } from '@tessera/core';
import { describe, expect, it } from 'vitest';
import { newId } from '../../../platform/ids.js';
import { DIALECTS } from '../../../testing.js';
import { OWNERS } from '../../../../test/auth-helpers.js';
import { suiteServer } from '../../../../test/suite-server.js';

const PRODUCTS = '/api/config/products';

const tee = {
  title: 'Heavy Tee',
  productType: ProductType.PHYSICAL,
  variantOptionOrdering: ['Size'],
  variants: [
    { sku: 'TEE-S', attributes: { Size: 'S' }, price: 3000, qtyInStock: 2, weight: 180 },
    { sku: 'TEE-M', attributes: { Size: 'M' }, price: 3000, qtyInStock: 0, weight: 200 },
  ],
};

for (const dialect of DIALECTS) {
  describe(`commerce panels' owner API (${dialect})`, () => {
    const suite = suiteServer(dialect, { admin: OWNERS.admin, manager: OWNERS.storeManager });

    it('names every field at fault in `fields`, for shape and rule problems alike', async () => {
      const shape = await suite.manager.post(PRODUCTS, {
        ...tee,
        title: '',
        variants: [{ ...tee.variants[0], price: 12.5, weight: -1 }, tee.variants[1]],
      });
      expect(shape.status).toBe(400);
      expect(shape.body.fields).toMatchObject({
        title: 'Give the product a title.',
        'variants.0.price': 'Send money as whole cents.',
      });
      expect(Object.keys(shape.body.fields)).toContain('variants.0.weight');
      expect(shape.body.message).toMatch(/^title: Give the product a title\./);

      const rule = await suite.manager.post(PRODUCTS, {
        ...tee,
        variants: [tee.variants[0], { ...tee.variants[1], sku: 'TEE-S' }],
      });
      expect(rule.status).toBe(400);
      expect(rule.body.fields).toEqual({ 'variants.1.sku': 'Each SKU may appear once.' });

      const digital = await suite.manager.post(PRODUCTS, {
        title: 'Pattern',
        productType: ProductType.DIGITAL,
        isSubscribable: true,
        subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
        variants: [{ price: 900, unlimited: true }],
      });
      expect(digital.status).toBe(400);
      expect(digital.body.fields).toEqual({
        isSubscribable: 'Only physical products and services can be sold as a subscription.',
      });

      const badImage = await suite.manager.post(PRODUCTS, { ...tee, images: [{ url: '/files/%zz.jpg' }] });
      expect(badImage.status).toBe(400);
      expect(badImage.body.fields).toEqual({ images: 'Use the URL of an uploaded file (/files/…).' });
    });

    it('keeps shipping weights by variant id across edits', async () => {
      const created = await suite.manager.post(PRODUCTS, tee);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const [small, medium] = created.body.structuredContent.variants;
      expect(created.body.structuredContent.variantWeights).toEqual({ [small.id]: 180, [medium.id]: 200 });

      const edited = await suite.manager.put(`${PRODUCTS}/${created.body.id}`, {
        ...tee,
        variants: [
          { ...tee.variants[0], id: small.id, weight: 190 },
          { ...tee.variants[1], id: medium.id, weight: null },
        ],
      });
      expect(edited.status).toBe(200);
      expect(edited.body.structuredContent.variantWeights).toEqual({ [small.id]: 190 });

      const service = await suite.manager.put(`${PRODUCTS}/${created.body.id}`, {
        ...tee,
        productType: ProductType.SERVICE,
        variants: [
          { ...tee.variants[0], id: small.id },
          { ...tee.variants[1], id: medium.id },
        ],
      });
      expect(service.body.structuredContent.variantWeights).toBeUndefined();
      expect((await suite.manager.delete(`${PRODUCTS}/${created.body.id}`)).status).toBe(200);
    });

    it('tells each mail kind apart and opens one message, for administrators only', async () => {
      const site = await suite.server.db.selectFrom('sites').select('id').executeTakeFirstOrThrow();
      const rows = [
        ['Heavy Tee is back in stock at Tessera Demo', 'restock'],
        ['You are invited to help run Tessera Demo', 'owner-invite'],
        ['Reset your password for Tessera Demo', 'password-reset'],
        ['Order confirmed: #1001', 'order'],
        ['A note', 'other'],
      ] as const;
      const ids: string[] = [];
      for (const [index, [subject]] of rows.entries()) {
        const id = newId();
        ids.push(id);
        await suite.server.db
          .insertInto('mail_outbox')
          .values({
            id,
            site_id: site.id,
            to_address: 'kinds@example.com',
            subject,
            text_body: `Body ${index}`,
            html_body: null,
            created_at: new Date(Date.UTC(2030, 0, 1, 0, index)).toISOString(),
            sent_at: null,
          })
          .execute();
      }
      const list = await suite.admin.get('/api/config/mail-outbox?to=kinds@example.com');
      expect(list.status).toBe(200);
      expect(list.body.messages.map((m: any) => [m.subject, m.kind])).toEqual(
        rows.map(([subject, kind]) => [subject, kind]).reverse(),
      );

      const one = await suite.admin.get(`/api/config/mail-outbox/${ids[0]}`);
      expect(one.status).toBe(200);
      expect(one.body.message).toMatchObject({ id: ids[0], kind: 'restock', text: 'Body 0', to: 'kinds@example.com' });
      expect((await suite.admin.get('/api/config/mail-outbox/no-such-message')).status).toBe(404);
      expect((await suite.manager.get(`/api/config/mail-outbox/${ids[0]}`)).status).toBe(403);
    });
  });
}
