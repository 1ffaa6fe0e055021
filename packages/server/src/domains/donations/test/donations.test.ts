import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../../testing.js';
import { OWNERS, ownerSession } from '../../../../test/auth-helpers.js';
import { DONATION_BLOCK, donationOf, paymentsOf, donationSuite } from '../../../../test/donations-helpers.js';
import { followBack, mailTo } from '../../../../test/payments-stripe-helpers.js';
import { Visitor } from '../../../../test/visitor.js';

// Issue 23: donations through the hosted payment flow and the local Stripe fake. A gift is an order
// with one donation line; only the provider's word settles it, once; recurring gifts renew
// off-session; the receipt's cancel link stops them.

const DAY = 86_400_000;

for (const dialect of DIALECTS) {
  describe(`donations (${dialect})`, () => {
    const suite = donationSuite(dialect, 'stripe');

    const give = (visitor: Visitor, body: Record<string, unknown>) =>
      visitor.post('/donate', { block: DONATION_BLOCK.id, name: 'Dana Donor', email: 'dana@example.com', ...body });
    const sessionOf = (redirect: string) => redirect.slice(`${suite.fake.url}/pay/`.length);

    it('renders the block as a plain form posting to /donate with the crumb, the amounts and the minimum', async () => {
      const visitor = Visitor.of(suite.server);
      const page = await visitor.get(suite.pagePath);
      expect(page.status).toBe(200);
      const html = String(page.body);
      expect(html).toContain('action="/donate"');
      expect(html).toContain(`name="block" value="${DONATION_BLOCK.id}"`);
      expect(html).toMatch(/name="crumb" value="[^"]+"/);
      for (const label of ['$10.00', '$25.00', '$50.00', 'at least $5.00', 'Monthly', 'Yearly'])
        expect(html).toContain(label);
    });

    it('refuses an amount below the minimum, hostile bodies and unknown blocks with 4xx and no order', async () => {
      const visitor = Visitor.of(suite.server);
      const before = await suite.server.db.selectFrom('orders').select('id').execute();
      const low = await give(visitor, { customAmount: '4.99' });
      expect(low.status).toBe(400);
      expect(low.body).toEqual({ error: 'donation-amount', message: 'The minimum gift is $5.00.' });
      expect((await give(visitor, { amountCents: 100 })).body.message).toBe('The minimum gift is $5.00.');
      for (const hostile of [
        { amountCents: -5 },
        { amountCents: 'abc' },
        { amountCents: 1.5 },
        { customAmount: '1e9' },
        { customAmount: '10.005' },
        { amountCents: 99_999_999_999 },
        { interval: 'weekly', amountCents: 1000 },
        { name: { $gt: '' }, amountCents: 1000 },
        { email: 'not-an-email', amountCents: 1000 },
        { block: '../../etc', amountCents: 1000 },
        { note: 'x'.repeat(501), amountCents: 1000 },
      ]) {
        const answer = await give(visitor, hostile);
        expect(answer.status, JSON.stringify(hostile)).toBeGreaterThanOrEqual(400);
        expect(answer.status, JSON.stringify(hostile)).toBeLessThan(500);
      }
      expect((await give(visitor, { block: 'no-such-block', amountCents: 1000 })).status).toBe(404);
      // A plain form post goes back to the donate page (203) with the message.
      const form = await visitor.request('POST', '/donate', {
        body: new URLSearchParams({
          block: DONATION_BLOCK.id,
          customAmount: '3',
          name: 'A',
          email: 'a@example.com',
          crumb: visitor.cookies.get('crumb')!,
        }).toString(),
        contentType: 'application/x-www-form-urlencoded',
        crumb: false,
      });
      expect(form.status).toBe(303);
      const location = String(form.headers.get('location'));
      expect(location).toContain(`/donate?block=${DONATION_BLOCK.id}`);
      const page = await visitor.get(location);
      expect(String(page.body)).toContain('The minimum gift is $5.00.');
      expect(await suite.server.db.selectFrom('orders').select('id').execute()).toHaveLength(before.length);
      expect(suite.fake.requestsTo('/v1/checkout/sessions')).toHaveLength(0);
    });

    it('a valid plain form post answers a page that moves on to the provider (the CSP keeps form posts on the site)', async () => {
      const visitor = Visitor.of(suite.server);
      const form = await visitor.request('POST', '/donate', {
        body: new URLSearchParams({
          block: DONATION_BLOCK.id,
          amountCents: '1000',
          interval: 'once',
          name: 'Form Donor',
          email: 'form@example.com',
          anonymous: '1',
          crumb: visitor.cookies.get('crumb')!,
        }).toString(),
        contentType: 'application/x-www-form-urlencoded',
        crumb: false,
      });
      expect(form.status).toBe(200);
      const pay = String(form.headers.get('refresh')).replace(/^0;url=/, '');
      expect(pay.startsWith(`${suite.fake.url}/pay/`)).toBe(true);
      expect(String(form.body)).toContain(`href="${pay}"`);
      const donation = await suite.server.db
        .selectFrom('donations')
        .selectAll()
        .where('donor_email', '=', 'form@example.com')
        .executeTakeFirstOrThrow();
      expect(donation).toMatchObject({ status: 'pending', name_display: 'anonymous', amount_cents: 1000 });
    });

    it('one-time gift: never paid without Stripe; return page and webhook racing settle it once, one receipt', async () => {
      const visitor = Visitor.of(suite.server);
      const placed = await give(visitor, { amountCents: 2500, email: 'once@example.com', note: 'For the roof' });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const sessionId = sessionOf(String(placed.body.redirect));
      const request = suite.fake.requestsTo('/v1/checkout/sessions').at(-1)!;
      expect(request.body.line_items[0].price_data).toMatchObject({ currency: 'usd', unit_amount: '2500' });
      expect(request.body.metadata.order_id).toBe(placed.body.orderId);
      expect(request.body.payment_intent_data?.setup_future_usage).toBeUndefined();
      // Before the provider says paid, the return page settles nothing.
      const early = await followBack(visitor, suite.fake.sessions.get(sessionId)!.success_url);
      expect(early.headers.get('location')).toBe(`/donate/thanks/${placed.body.orderId}`);
      expect((await donationOf(suite.server, placed.body.orderId)).status).toBe('pending');

      suite.fake.webhookTiming = 'held';
      await suite.fake.pay(sessionId);
      const [, back] = await Promise.all([
        suite.fake.flushWebhooks(),
        followBack(visitor, suite.fake.sessions.get(sessionId)!.success_url),
        followBack(Visitor.of(suite.server), suite.fake.sessions.get(sessionId)!.success_url),
      ]);
      suite.fake.webhookTiming = 'before-redirect';
      expect(back.status).toBe(303);
      const donation = await donationOf(suite.server, placed.body.orderId);
      expect(donation).toMatchObject({
        status: 'paid',
        amount_cents: 2500,
        note: 'For the roof',
        next_charge_at: null,
      });
      expect(await paymentsOf(suite.server, donation.id)).toMatchObject([
        { cycle: 1, status: 'succeeded', amount_cents: 2500 },
      ]);
      const mail = await mailTo(suite.server, 'once@example.com');
      expect(mail).toHaveLength(1);
      expect(mail[0]!.subject).toMatch(/^Your donation receipt: \$25\.00 on /);
      expect(mail[0]!.text_body).not.toContain('/donate/cancel');
      const thanks = await visitor.get(`/donate/thanks/${placed.body.orderId}`);
      expect(String(thanks.body)).toContain('Thank you for your contribution');
      expect(String(thanks.body)).toContain('$25.00');
    });

    it('recurring gift: the method is saved, renewals charge Stripe off-session once per cycle, each with a receipt', async () => {
      const visitor = Visitor.of(suite.server);
      const placed = await give(visitor, { customAmount: '12.50', interval: 'month', email: 'monthly@example.com' });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const sessionId = sessionOf(String(placed.body.redirect));
      const request = suite.fake.requestsTo('/v1/checkout/sessions').at(-1)!;
      expect(request.body.payment_intent_data.setup_future_usage).toBe('off_session');
      await suite.fake.pay(sessionId);
      await followBack(visitor, suite.fake.sessions.get(sessionId)!.success_url);
      const donation = await donationOf(suite.server, placed.body.orderId);
      expect(donation.status).toBe('active');
      expect(donation.saved_reference).toMatch(/^stripe:cus_\w+:pm_\w+$/);
      const firstDue = new Date(donation.next_charge_at!).getTime();
      expect(firstDue - new Date(donation.created_at).getTime()).toBeGreaterThan(27 * DAY);

      // Two schedulers at once: one charge for the cycle.
      const at = new Date(firstDue + 1000);
      const runs = await Promise.all([
        suite.server.app.services.donations!.renewDue(at),
        suite.server.app.services.donations!.renewDue(at),
      ]);
      expect(runs.flat().filter((r) => r.donationId === donation.id)).toMatchObject([
        { cycle: 2, status: 'succeeded' },
      ]);
      const charges = suite.fake
        .requestsTo('/v1/payment_intents')
        .filter((r) => r.body.metadata?.order_id === placed.body.orderId);
      expect(charges).toHaveLength(1);
      expect(charges[0]!).toMatchObject({ idempotencyKey: `tessera-donation-${donation.id}-2` });
      expect(charges[0]!.body).toMatchObject({ amount: '1250', currency: 'usd', off_session: 'true' });
      expect((await paymentsOf(suite.server, donation.id)).map((p) => [p.cycle, p.status])).toEqual([
        [1, 'succeeded'],
        [2, 'succeeded'],
      ]);
      const receipts = await mailTo(suite.server, 'monthly@example.com');
      expect(receipts).toHaveLength(2);
      for (const receipt of receipts) {
        expect(receipt.text_body).toContain('Amount: $12.50');
        expect(receipt.text_body).toMatch(/Date: \w+ \d{1,2}, \d{4}/);
        expect(receipt.text_body).toMatch(/\/donate\/cancel\?token=/);
      }
      // The SMTP server got the same receipts.
      const smtpReceipts = suite.received.filter((r) => r.to === 'monthly@example.com');
      expect(smtpReceipts).toHaveLength(2);
      expect(smtpReceipts[0]!.raw).toContain('$12.50');
    });

    it('the cancel link works once, only for its own donation, and stops the renewals', async () => {
      const mine = await suite.server.db
        .selectFrom('donations')
        .selectAll()
        .where('donor_email', '=', 'monthly@example.com')
        .executeTakeFirstOrThrow();
      const receipt = (await mailTo(suite.server, 'monthly@example.com')).at(-1)!;
      const link = /(\/donate\/cancel\?token=\S+)/.exec(receipt.text_body)![1]!;
      const token = decodeURIComponent(link.split('token=')[1]!);
      const visitor = Visitor.of(suite.server);
      const page = await visitor.get(link);
      expect(page.status).toBe(200);
      expect(String(page.body)).toContain('Cancel my donation');
      expect(String(page.body)).toContain('$12.50');
      // Another donation's id with this signature, or a made-up signature: refused, nothing changes.
      const other = await suite.server.db
        .selectFrom('donations')
        .select('id')
        .where('donor_email', '=', 'once@example.com')
        .executeTakeFirstOrThrow();
      const forged = [`${other.id}.${token.split('.')[1]}`, `${mine.id}.${'A'.repeat(43)}`, 'garbage'];
      for (const bad of forged) {
        const answer = await visitor.post('/donate/cancel', { token: bad });
        expect(answer.status).toBe(404);
        expect(answer.body.error).toBe('donation-link-invalid');
      }
      expect((await visitor.post('/donate/cancel', { token: 'x'.repeat(400) })).status).toBe(400);
      expect((await donationOf(suite.server, mine.order_id)).status).toBe('active');
      const [first, second] = await Promise.all([
        visitor.post('/donate/cancel', { token }),
        visitor.post('/donate/cancel', { token }),
      ]);
      expect([first.body.status, second.body.status].sort()).toEqual(['already', 'cancelled']);
      const cancelled = await donationOf(suite.server, mine.order_id);
      expect(cancelled).toMatchObject({ status: 'cancelled', next_charge_at: null });
      const before = suite.fake.requestsTo('/v1/payment_intents').length;
      await suite.server.app.services.donations!.renewDue(new Date(Date.now() + 400 * DAY));
      expect(suite.fake.requestsTo('/v1/payment_intents')).toHaveLength(before);
      expect(String((await visitor.get(link)).body)).toContain('Your donation is cancelled');
    });

    it('a declined renewal stops the gift and tells the donor how to give again', async () => {
      const visitor = Visitor.of(suite.server);
      const placed = await give(visitor, { customAmount: '7', interval: 'month', email: 'lapsing@example.com' });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const sessionId = sessionOf(String(placed.body.redirect));
      await suite.fake.pay(sessionId);
      await followBack(visitor, suite.fake.sessions.get(sessionId)!.success_url);
      const donation = await donationOf(suite.server, placed.body.orderId);
      expect(donation.status).toBe('active');
      suite.fake.declineIntents = 'Your card was declined.';
      try {
        const due = new Date(new Date(donation.next_charge_at!).getTime() + 1000);
        const results = await suite.server.app.services.donations!.renewDue(due);
        expect(results.filter((r) => r.donationId === donation.id)).toMatchObject([{ cycle: 2, status: 'failed' }]);
        // Stopped: a later run charges nothing more.
        const before = suite.fake.requestsTo('/v1/payment_intents').length;
        await suite.server.app.services.donations!.renewDue(new Date(due.getTime() + 40 * DAY));
        expect(suite.fake.requestsTo('/v1/payment_intents')).toHaveLength(before);
      } finally {
        suite.fake.declineIntents = undefined;
      }
      expect(await donationOf(suite.server, placed.body.orderId)).toMatchObject({
        status: 'lapsed',
        next_charge_at: null,
      });
      const mails = await mailTo(suite.server, 'lapsing@example.com');
      const lapsed = mails.find((m) => m.subject.includes('has stopped'));
      expect(lapsed?.subject).toMatch(/^Your monthly gift to .+ has stopped$/);
      expect(lapsed?.text_body).toContain('$7.00');
      expect(lapsed?.text_body).toContain('Your card was declined.');
      expect(lapsed?.text_body).toContain(`/donate?block=${donation.block_id}`);
      // The link goes to the site's own address, and its donate page answers.
      const giveAgain = /(\/donate\?block=\S+)/.exec(lapsed!.text_body)![1]!;
      expect((await Visitor.of(suite.server).get(giveAgain)).status).toBe(200);
    });

    it('owners with the store role list donations, donors and totals and export CSV; nobody else', async () => {
      expect((await Visitor.of(suite.server).get('/api/config/donations')).status).toBe(401);
      expect((await Visitor.of(suite.server).get('/api/config/donations.csv')).status).toBe(401);
      const editor = await ownerSession(suite.server, OWNERS.editor);
      expect((await editor.get('/api/config/donations')).status).toBe(403);
      expect((await editor.get('/api/config/donations.csv')).status).toBe(403);
      const manager = await ownerSession(suite.server, OWNERS.storeManager);
      const list = await manager.get('/api/config/donations');
      expect(list.status).toBe(200);
      const paid = list.body.donations.filter((d: { paidCents: number }) => d.paidCents > 0);
      expect(paid.map((d: { donorEmail: string; paidCents: number }) => [d.donorEmail, d.paidCents]).sort()).toEqual([
        ['lapsing@example.com', 700],
        ['monthly@example.com', 2500],
        ['once@example.com', 2500],
      ]);
      // The declined renewal is not money received.
      expect(list.body.totals).toEqual([
        { currency: 'USD', totalCents: 5700, payments: 4, donors: 3, activeRecurring: 0 },
      ]);
      expect(list.body.donors).toHaveLength(3);
      const reporting = await ownerSession(suite.server, OWNERS.reporting);
      expect((await reporting.get('/api/config/donations')).status).toBe(403);
      expect((await reporting.get('/api/config/donations/totals')).body.totals).toEqual(list.body.totals);
      expect((await Visitor.of(suite.server).get('/api/config/donations/totals')).status).toBe(401);
      const csv = await manager.get('/api/config/donations.csv');
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toContain('text/csv');
      const text = String(csv.body);
      expect(text).toContain('Date,Donor,Email,Show name,Amount,Currency,Kind,Status,Paid so far,Payments,Note');
      expect(text).toContain('once@example.com,yes,25.00,USD,once,paid,25.00,1,For the roof');
      expect(text).toContain('monthly@example.com,yes,12.50,USD,month,cancelled,25.00,2,');
      expect(text).toContain('lapsing@example.com,yes,7.00,USD,month,lapsed,7.00,1,');
    });

    // Last but one: its scheduler runs move the clock a year on, past every other gift of the file.
    it('yearly gift: charged again a year on, not a month on; two schedulers at once charge the year once', async () => {
      const visitor = Visitor.of(suite.server);
      const placed = await give(visitor, { customAmount: '30', interval: 'year', email: 'yearly@example.com' });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const sessionId = sessionOf(String(placed.body.redirect));
      await suite.fake.pay(sessionId);
      await followBack(visitor, suite.fake.sessions.get(sessionId)!.success_url);
      const donation = await donationOf(suite.server, placed.body.orderId);
      expect(donation).toMatchObject({ status: 'active', interval: 'year' });
      const created = new Date(donation.created_at).getTime();
      const firstDue = new Date(donation.next_charge_at!).getTime();
      expect(firstDue - created).toBeGreaterThan(364 * DAY);
      const charges = () =>
        suite.fake.requestsTo('/v1/payment_intents').filter((r) => r.body.metadata?.order_id === placed.body.orderId);

      // A month (and eleven) on, nothing is due.
      for (const days of [32, 340]) {
        const run = await suite.server.app.services.donations!.renewDue(new Date(created + days * DAY));
        expect(run.filter((r) => r.donationId === donation.id)).toEqual([]);
      }
      expect(charges()).toHaveLength(0);

      const at = new Date(firstDue + 1000);
      const runs = await Promise.all([
        suite.server.app.services.donations!.renewDue(at),
        suite.server.app.services.donations!.renewDue(at),
      ]);
      expect(runs.flat().filter((r) => r.donationId === donation.id)).toMatchObject([
        { cycle: 2, status: 'succeeded' },
      ]);
      expect(charges()).toHaveLength(1);
      expect(charges()[0]!.body).toMatchObject({ amount: '3000', currency: 'usd', off_session: 'true' });
      const renewed = await donationOf(suite.server, placed.body.orderId);
      expect(new Date(renewed.next_charge_at!).getTime() - firstDue).toBeGreaterThan(364 * DAY);
      const receipts = await mailTo(suite.server, 'yearly@example.com');
      expect(receipts).toHaveLength(2);
      for (const receipt of receipts) {
        expect(receipt.text_body).toContain('Amount: $30.00');
        expect(receipt.text_body).toContain('every year');
      }
    });

    it('limits donate attempts per address (limit "donate")', async () => {
      const visitor = Visitor.of(suite.server);
      let status = 0;
      for (let i = 0; i < 31 && status !== 429; i++) {
        status = (await give(visitor, { amountCents: 1 })).status;
      }
      expect(status).toBe(429);
    });
  });
}
