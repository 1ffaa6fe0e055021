import {
  accountAnswer,
  accountOrdersAnswer,
  doneAnswer,
  profileAnswer,
  sessionAnswer,
} from '@tessera/core/contracts/site-users';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { expectAnswer, expectPublishedAnswer, openApiDocument } from '../../../../test/answer-schemas.js';
import { SiteUserVisitor } from '../../../../test/auth-helpers.js';
import { itemIdOf } from '../../../../test/cart-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';

// Issue 16: the site-user answers (sign-up, sign-in, account, profile, orders, passwords, sign-out) parse
// with the schemas `@tessera/core/contracts/site-users` publishes, naming every field the server sends.

const API = '/api/site-users/account';

for (const dialect of DIALECTS) {
  describe(`site-user answers (${dialect})`, () => {
    const suite = suiteServer(dialect);

    it('answers sign-up, the account, a profile change, orders and sign-out in their schemas', async () => {
      const v = new SiteUserVisitor(suite.server.url);
      const signedUp = expectAnswer(
        sessionAnswer,
        await v.post(API, { email: 'answers@example.com', password: 'a-long-password', firstName: 'Ada' }),
      );
      v.xsrfToken = signedUp.xsrfToken;
      expect(signedUp.siteUser).toMatchObject({ email: 'answers@example.com', firstName: 'Ada', lastName: '' });
      const account = expectAnswer(accountAnswer, await v.get(API));
      expect(account.siteUser.emailVerified).toBe(false);
      const profile = expectAnswer(profileAnswer, await v.put(`${API}/profile`, { firstName: 'Ada', lastName: 'L' }));
      expect(profile.siteUser.lastName).toBe('L');
      expectAnswer(doneAnswer, await v.post(`${API}/verify-email`));

      // An order of theirs shows in the list.
      await v.post('/api/commerce/shopping-cart/entries', {
        itemId: await itemIdOf(suite.server, 'sticker-pack'),
        sku: 'STICKERS-BOT',
        quantity: 1,
      });
      const placed = await v.post('/api/checkout/orders', {
        idempotencyKey: 'answers-order-1',
        email: 'answers@example.com',
        line1: '1 Main St',
        city: 'Hudson',
        postalCode: '12534',
        country: 'US',
        paymentMethod: 'card',
        cardNumber: '4242 4242 4242 4242',
      });
      expect(placed.status).toBe(201);
      const { orders } = expectAnswer(accountOrdersAnswer, await v.get(`${API}/orders`));
      expect(orders.map((o) => o.id)).toEqual([placed.body.order.id]);

      expectAnswer(doneAnswer, await v.delete(`${API}/session?cloneCart=true`));
    });

    it('answers sign-in, a password change and a password reset in their schemas', async () => {
      await new Visitor(suite.server.url).post(API, { email: 'again@example.com', password: 'first-password' });
      const v = new SiteUserVisitor(suite.server.url);
      const signedIn = expectAnswer(
        sessionAnswer,
        await v.post(`${API}/session`, { email: 'again@example.com', password: 'first-password', rememberMe: 'on' }),
      );
      v.xsrfToken = signedIn.xsrfToken;
      expectAnswer(
        doneAnswer,
        await v.put(`${API}/password`, { currentPassword: 'first-password', newPassword: 'second-password' }),
      );
      const stranger = new Visitor(suite.server.url);
      expectAnswer(doneAnswer, await stranger.post(`${API}/password-reset`, { email: 'again@example.com' }));
      await suite.server.app.afterAnswer.idle(); // the lookup and mail come behind the answer
      const mail = await suite.server.db
        .selectFrom('mail_outbox')
        .select('text_body')
        .where('to_address', '=', 'again@example.com')
        .where('text_body', 'like', '%reset-password%')
        .executeTakeFirstOrThrow();
      const token = decodeURIComponent(/token=([^\s]+)/.exec(mail.text_body)![1]!);
      expectAnswer(
        doneAnswer,
        await stranger.post(`${API}/password-reset/complete`, { token, password: 'third-password' }),
      );
    });

    it('publishes the answer schemas at /api/openapi.json', async () => {
      const doc = await openApiDocument(new Visitor(suite.server.url));
      expectPublishedAnswer(doc, 'POST', API, sessionAnswer);
      expectPublishedAnswer(doc, 'POST', `${API}/session`, sessionAnswer);
      expectPublishedAnswer(doc, 'DELETE', `${API}/session`, doneAnswer);
      expectPublishedAnswer(doc, 'GET', API, accountAnswer);
      expectPublishedAnswer(doc, 'PUT', `${API}/profile`, profileAnswer);
      expectPublishedAnswer(doc, 'GET', `${API}/orders`, accountOrdersAnswer);
      expectPublishedAnswer(doc, 'PUT', `${API}/password`, doneAnswer);
      expectPublishedAnswer(doc, 'POST', `${API}/password-reset`, doneAnswer);
      expectPublishedAnswer(doc, 'POST', `${API}/password-reset/complete`, doneAnswer);
      expectPublishedAnswer(doc, 'POST', `${API}/verify-email`, doneAnswer);
    });
  });
}
