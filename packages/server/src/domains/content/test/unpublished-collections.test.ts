import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { Visitor } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';

// A collection that is not published (draft, under review, private) is not for visitors: its
// listing and its product pages answer the not-found page, and publishing it brings them back.
for (const dialect of DIALECTS) {
  describe(`unpublished collections (${dialect})`, () => {
    const suite = suiteServer(dialect);

    async function setShopStatus(status: string) {
      await suite.server.db.updateTable('collections').set({ status }).where('slug', '=', 'shop').execute();
      suite.server.app.services.content.invalidate();
    }

    it('hides a draft or private shop and its products, and shows them again once published', async () => {
      const visitor = Visitor.of(suite.server);
      expect((await visitor.get('/shop')).status).toBe(200);
      for (const status of ['draft', 'private', 'needs-review']) {
        await setShopStatus(status);
        expect((await visitor.get('/shop')).status).toBe(404);
        expect((await visitor.get('/shop/p/linen-shirt')).status).toBe(404);
      }
      await setShopStatus('published');
      expect((await visitor.get('/shop')).status).toBe(200);
      expect((await visitor.get('/shop/p/linen-shirt')).status).toBe(200);
    });
  });
}
