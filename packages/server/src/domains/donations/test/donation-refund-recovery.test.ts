import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type TestServer } from '../../../testing.js';
import { DONATION_BLOCK, donationOf, paymentsOf, startDonationServer } from '../../../../test/donations-helpers.js';
import type { StripeFake } from '../../../../test/fakes/stripe-fake.js';
import { newId } from '../../../platform/ids.js';
import { type Received, startSmtp, stopSmtp } from '../../../../test/smtp-capture.js';
import { Visitor } from '../../../../test/visitor.js';
import { REFUND_RECOVERY_AFTER_MS } from '../../payments/index.js';
import { claimCycle } from '../donation-payments.js';

// An owner's refund of a gift's renewal payment claims its amount (a raise of `refunded_cents` and
// a `pending` refund row, in one transaction) before Stripe is asked. A process that dies before
// writing Stripe's answer leaves that claim; when no webhook takes it over, the refund-recovery job
// asks Stripe again with the same idempotency key, so the giver is refunded once and the payment
// never stays claimed for ever.

const DAY = 86_400_000;

for (const dialect of DIALECTS) {
  describe(`gift refunds a crash left half way (${dialect})`, () => {
    let server: TestServer;
    let fake: StripeFake;
    let smtp: SMTPServer | undefined;
    const received: Received[] = [];

    beforeAll(async () => {
      const started = await startSmtp(received);
      smtp = started.smtp;
      ({ server, fake } = await startDonationServer(dialect, started.port));
    });
    afterAll(async () => {
      await server?.close();
      await fake?.close();
      await stopSmtp(smtp);
    });

    /** A monthly Stripe gift with its first renewal charged off-session; answers that renewal payment. */
    async function renewal(email: string) {
      const placed = await Visitor.of(server).post('/donate', {
        block: DONATION_BLOCK.id,
        name: 'Crash Giver',
        email,
        amountCents: 3000,
        interval: 'month',
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      await fake.pay(String(placed.body.redirect).slice(`${fake.url}/pay/`.length));
      const donation = await donationOf(server, placed.body.orderId);
      await server.app.services.donations!.renewDue(new Date(new Date(donation.next_charge_at!).getTime() + DAY));
      const [, paid] = await paymentsOf(server, donation.id);
      expect(paid).toMatchObject({ cycle: 2, status: 'succeeded', order_id: null });
      return paid!;
    }

    /** What the owner's refund writes before it asks Stripe, and all a crash right after leaves. */
    async function crashedClaim(payment: Awaited<ReturnType<typeof renewal>>, amountCents: number) {
      const id = newId();
      const at = new Date().toISOString();
      await server.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('donation_payments')
          .set({ refunded_cents: payment.refunded_cents + amountCents })
          .where('id', '=', payment.id)
          .execute();
        await trx
          .insertInto('donation_refunds')
          .values({
            id,
            site_id: payment.site_id,
            donation_id: payment.donation_id,
            payment_id: payment.id,
            provider: 'stripe',
            amount_cents: amountCents,
            currency: payment.currency,
            status: 'pending',
            reference: null,
            source: 'owner',
            created_at: at,
            updated_at: at,
          })
          .execute();
      });
      return id;
    }

    const refundRow = (id: string) =>
      server.db
        .selectFrom('donation_refunds')
        .select(['status', 'reference', 'amount_cents'])
        .where('id', '=', id)
        .executeTakeFirst();
    const refundedCents = async (paymentId: string) =>
      (
        await server.db
          .selectFrom('donation_payments')
          .select('refunded_cents')
          .where('id', '=', paymentId)
          .executeTakeFirstOrThrow()
      ).refunded_cents;
    const later = () => new Date(Date.now() + REFUND_RECOVERY_AFTER_MS + 60_000);
    const recover = (now: Date) => server.app.services.donations!.recoverRefunds(now);
    const refundsOf = (intent: string) =>
      fake.requestsTo('/v1/refunds').filter((r) => r.body.payment_intent === intent);

    it('a claim Stripe was never asked about is refunded once by the job, three jobs at once', async () => {
      const payment = await renewal('crash-before@example.com');
      const id = await crashedClaim(payment, 1200);
      expect(await recover(new Date())).toEqual([]);

      const at = later();
      const runs = await Promise.all([recover(at), recover(at), recover(at)]);
      expect(runs.flat()).toEqual([{ refundId: id, outcome: 'refunded' }]);
      const sent = refundsOf(payment.reference!);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.idempotencyKey).toBe(`tessera-donation-refund-${id}`);
      expect(fake.intents.get(payment.reference!)?.refunded).toBe(1200);
      expect(await refundRow(id)).toMatchObject({ status: 'succeeded', amount_cents: 1200 });
      expect((await refundRow(id))!.reference).toMatch(/^re_/);
      expect(await refundedCents(payment.id)).toBe(1200);
      expect(await recover(later())).toEqual([]);
    });

    it('a claim Stripe refunded before the crash is settled with that refund, not a second one', async () => {
      const payment = await renewal('crash-after@example.com');
      const id = await crashedClaim(payment, 800);
      // Sent without the key's tag (as a release before the tag did): the job's tagged request under
      // the same key is refused for its other parameters, and it asks again exactly as this was sent.
      const made = await fetch(`${fake.url}/v1/refunds`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${fake.secretKey}`,
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': `tessera-donation-refund-${id}`,
        },
        body: new URLSearchParams({ payment_intent: payment.reference!, amount: '800' }),
      }).then((r) => r.json() as Promise<{ id: string }>);

      expect(await recover(later())).toEqual([{ refundId: id, outcome: 'refunded' }]);
      expect(fake.intents.get(payment.reference!)?.refunded).toBe(800);
      expect(await refundRow(id)).toEqual({ status: 'succeeded', reference: made.id, amount_cents: 800 });
      expect(await refundedCents(payment.id)).toBe(800);
    });

    /** A paid monthly gift whose second cycle a run has claimed (`charging`) a day after it fell due. */
    async function claimedRenewal(name: string, email: string, amountCents: number) {
      const placed = await Visitor.of(server).post('/donate', {
        block: DONATION_BLOCK.id,
        name,
        email,
        amountCents,
        interval: 'month',
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      await fake.pay(String(placed.body.redirect).slice(`${fake.url}/pay/`.length));
      const donation = await donationOf(server, placed.body.orderId);
      const claimedAt = new Date(new Date(donation.next_charge_at!).getTime() + DAY);
      const claimed = await claimCycle(server.db, donation.id, claimedAt.toISOString());
      expect(claimed?.cycle).toBe(2);
      return { donation, claimedAt };
    }

    /** A request to the fake as Tessera's Stripe client sends it: form-encoded, under `key`. */
    const sendToStripe = (path: string, key: string, body: Record<string, string>) =>
      fetch(`${fake.url}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${fake.secretKey}`,
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': key,
        },
        body: new URLSearchParams(body),
      }).then((r) => r.json() as Promise<{ id: string }>);

    it('a refund Stripe made before a crash days ago, its key since forgotten, is settled with it, not made again', async () => {
      const payment = await renewal('crash-forgotten@example.com');
      const id = await crashedClaim(payment, 700);
      const key = `tessera-donation-refund-${id}`;
      const made = await sendToStripe('/v1/refunds', key, {
        payment_intent: payment.reference!,
        amount: '700',
        'metadata[tessera_key]': key,
      });
      fake.forgetIdempotencyKeys();

      expect(await recover(new Date(Date.now() + 3 * DAY))).toEqual([{ refundId: id, outcome: 'refunded' }]);
      expect(fake.intents.get(payment.reference!)?.refunded).toBe(700);
      expect(refundsOf(payment.reference!)).toHaveLength(1);
      expect(await refundRow(id)).toEqual({ status: 'succeeded', reference: made.id, amount_cents: 700 });
    });

    it('a gift renewal Stripe charged before a crash days ago, its key since forgotten, is recorded with that charge', async () => {
      const { donation, claimedAt } = await claimedRenewal('Forgotten Giver', 'charging-forgotten@example.com', 1900);
      // The run's charge reached Stripe (tagged with its key), then the process died; the shop stays
      // down until Stripe has forgotten the key.
      const key = `tessera-donation-${donation.id}-2`;
      const [, customer, method] = donation.saved_reference!.split(':');
      const made = await sendToStripe('/v1/payment_intents', key, {
        amount: '1900',
        currency: donation.currency.toLowerCase(),
        customer: customer!,
        payment_method: method!,
        off_session: 'true',
        confirm: 'true',
        'metadata[order_id]': donation.order_id,
        'metadata[tessera_key]': key,
      });
      fake.forgetIdempotencyKeys();

      const at = new Date(claimedAt.getTime() + 3 * DAY);
      const runs = await server.app.services.donations!.renewDue(at);
      expect(runs.filter((r) => r.donationId === donation.id)).toEqual([
        expect.objectContaining({ cycle: 2, status: 'succeeded' }),
      ]);
      const tagged = [...fake.intents.values()].filter((i) => i.metadata.tessera_key === key);
      expect(tagged.map((i) => i.id)).toEqual([made.id]);
      const [, renewal] = await paymentsOf(server, donation.id);
      expect(renewal).toMatchObject({ cycle: 2, status: 'succeeded', reference: made.id });
    });

    it('a renewal a crash left charging is charged once by the next runs, three at once, and its receipt mailed', async () => {
      // The run claims the cycle (its payment row `charging`) and dies before its charge's outcome is written.
      const { donation, claimedAt } = await claimedRenewal('Charging Giver', 'crash-charging@example.com', 2200);
      const key = `tessera-donation-${donation.id}-2`;
      const charges = () => fake.requestsTo('/v1/payment_intents').filter((r) => r.idempotencyKey === key);
      const renewDue = (at: Date) => server.app.services.donations!.renewDue(at);

      // Not before the wait: a run that is still charging it would be charging it twice.
      expect((await renewDue(new Date(claimedAt.getTime() + 60_000))).map((r) => r.donationId)).not.toContain(
        donation.id,
      );
      expect(charges()).toHaveLength(0);

      const at = new Date(claimedAt.getTime() + REFUND_RECOVERY_AFTER_MS + 60_000);
      const runs = (await Promise.all([renewDue(at), renewDue(at), renewDue(at)])).flat();
      expect(runs.filter((r) => r.donationId === donation.id)).toEqual([
        expect.objectContaining({ cycle: 2, status: 'succeeded' }),
      ]);
      expect(charges()).toHaveLength(1);
      const [, renewal] = await paymentsOf(server, donation.id);
      expect(renewal).toMatchObject({ cycle: 2, status: 'succeeded', amount_cents: 2200 });
      expect(renewal!.reference).toMatch(/^pi_/);
      expect(received.filter((m) => m.to === 'crash-charging@example.com').length).toBeGreaterThan(0);
      expect(await recover(at)).toEqual([]);
    });

    it('a claim Stripe refuses on recovery gives its amount back to the payment', async () => {
      const payment = await renewal('crash-refused@example.com');
      // More than Stripe holds for the payment: Stripe refuses it.
      const id = await crashedClaim(payment, 5000);
      expect(await recover(later())).toEqual([{ refundId: id, outcome: 'refused' }]);
      expect(await refundRow(id)).toBeUndefined();
      expect(await refundedCents(payment.id)).toBe(0);
    });
  });
}
